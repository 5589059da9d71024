// The browser's router, made before React hydrates the page and in a task of its own (decision 070). React Router's
// own `HydratedRouter` makes it inside its first render: turning the manifest into routes, matching the page's URL
// against every one of them twice (once for the hydration data, once in `createRouter`) and starting the router,
// some 10–15 ms that React cannot slice, inside hydration's first and longest task. This is the same code, from
// React Router 7.18's `lib/dom-export/hydrated-router.tsx`, through the `UNSAFE_` exports React Router keeps for it;
// split in two steps so that the router is ready when hydration starts.
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import {
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createClientRoutes as createClientRoutes,
  UNSAFE_createClientRoutesWithHMRRevalidationOptOut as createClientRoutesWithHMRRevalidationOptOut,
  UNSAFE_createRouter as createRouter,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  UNSAFE_getHydrationData as getHydrationData,
  UNSAFE_getPatchRoutesOnNavigationFunction as getPatchRoutesOnNavigationFunction,
  UNSAFE_getTurboStreamSingleFetchDataStrategy as getTurboStreamSingleFetchDataStrategy,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  UNSAFE_useFogOFWarDiscovery as useFogOFWarDiscovery,
  type HydrationState,
  type DataRouter as Router,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';

type FrameworkValue = NonNullable<React.ContextType<typeof FrameworkContext>>;
type Manifest = FrameworkValue['manifest'];
type RouteModules = FrameworkValue['routeModules'];
/** What the server writes into the page for the browser (React Router's `window.__reactRouterContext`). */
type SsrContext = {
  basename?: string;
  future: FrameworkValue['future'] & {
    v8_passThroughRequests?: boolean;
    v8_trailingSlashAwareDataRequests?: boolean;
  };
  routeDiscovery: FrameworkValue['routeDiscovery'];
  ssr: boolean;
  isSpaMode: boolean;
  criticalCss?: FrameworkValue['criticalCss'];
  stream?: ReadableStream<Uint8Array>;
  state?: HydrationState;
};

declare global {
  interface Window {
    __reactRouterContext?: SsrContext;
    __reactRouterRouteModules?: RouteModules;
  }
}

const noSubscription = () => () => {};

type Made = {
  router: Router;
  context: SsrContext;
  manifest: Manifest;
  routeModules: RouteModules;
  /** Whether `router.initialize()` has run: once, whatever StrictMode's second effects. */
  started: boolean;
};
let made: Made | undefined;

/** Reads the page's router data (React Router streams it into the page), then makes the router in a task after. */
export async function prepareRouter(): Promise<void> {
  const context = window.__reactRouterContext;
  const manifest = window.__reactRouterManifest as Manifest | undefined;
  const routeModules = window.__reactRouterRouteModules;
  if (!context || !manifest || !routeModules)
    throw new Error('The page has no React Router data to hydrate');
  const stream = context.stream;
  if (!stream) throw new Error('The page has no React Router data stream');
  context.stream = undefined;
  context.state = (await decodeViaTurboStream(stream, window)).value as HydrationState;
  await new Promise((resolve) => setTimeout(resolve, 0));
  const router = makeRouter(context, manifest, routeModules);
  // Started now when nothing is left to load (every hydrated page); else in the first layout effect, as React
  // Router's own does.
  const started = router.state.initialized;
  if (started) router.initialize();
  made = { router, context, manifest, routeModules, started };
}

function makeRouter(context: SsrContext, manifest: Manifest, routeModules: RouteModules): Router {
  const routes = createClientRoutes(
    manifest.routes,
    routeModules,
    context.state!,
    context.ssr,
    context.isSpaMode,
  );
  const hydrationData = getHydrationData({
    state: context.state!,
    routes,
    getRouteInfo: (routeId) => ({
      clientLoader: routeModules[routeId]?.clientLoader,
      hasLoader: manifest.routes[routeId]?.hasLoader === true,
      hasHydrateFallback: routeModules[routeId]?.HydrateFallback != null,
    }),
    location: window.location,
    basename: context.basename,
    isSpaMode: context.isSpaMode,
  });
  const historyState = window.history.state as { masked?: unknown } | null;
  if (historyState?.masked) window.history.replaceState({ ...historyState, masked: undefined }, '');
  const router: Router = createRouter({
    routes,
    history: createBrowserHistory(),
    basename: context.basename,
    hydrationData,
    hydrationRouteProperties,
    mapRouteProperties,
    future: { v8_passThroughRequests: context.future.v8_passThroughRequests },
    dataStrategy: getTurboStreamSingleFetchDataStrategy(
      () => router,
      manifest,
      routeModules,
      context.ssr,
      context.basename,
      context.future.v8_trailingSlashAwareDataRequests === true,
    ),
    patchRoutesOnNavigation: getPatchRoutesOnNavigationFunction(
      () => router,
      manifest,
      routeModules,
      context.ssr,
      context.routeDiscovery,
      context.isSpaMode,
      context.basename,
    ),
  });
  // Development's hot reload finds the router and remakes its routes through these.
  Object.assign(router, { createRoutesForHMR: createClientRoutesWithHMRRevalidationOptOut });
  window.__reactRouterDataRouter = router;
  return router;
}

/** The app's router for `hydrateRoot`, once `prepareRouter` has made it: React Router's `HydratedRouter`. */
export function PreparedRouter() {
  if (!made) throw new Error('prepareRouter() must finish before the page hydrates');
  const { router, context, manifest, routeModules } = made;
  const prepared = made;
  // Development's server inlines the critical CSS: kept while the page hydrates, dropped once Vite's styles are in.
  const criticalCss = useSyncExternalStore(
    noSubscription,
    () => undefined,
    () => context.criticalCss,
  );
  useEffect(() => {
    if (import.meta.env.DEV && criticalCss === undefined)
      for (const element of document.querySelectorAll('[data-react-router-critical-css]'))
        element.remove();
  }, [criticalCss]);
  const [location, setLocation] = useState(router.state.location);
  useLayoutEffect(() => {
    if (prepared.started) return;
    prepared.started = true;
    router.initialize();
  }, [prepared, router]);
  useLayoutEffect(
    () =>
      router.subscribe((state) => {
        if (state.location !== location) setLocation(state.location);
      }),
    [router, location],
  );
  useFogOFWarDiscovery(
    router,
    manifest,
    routeModules,
    context.ssr,
    context.routeDiscovery,
    context.isSpaMode,
  );
  // The same elements as React Router's `ServerRouter` renders on the server, for `useId` to hydrate.
  return (
    <>
      <FrameworkContext.Provider
        value={{
          manifest,
          routeModules,
          future: context.future,
          criticalCss,
          ssr: context.ssr,
          isSpaMode: context.isSpaMode,
          routeDiscovery: context.routeDiscovery,
        }}
      >
        <RemixErrorBoundary location={location}>
          <RouterProvider router={router} />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      <></>
    </>
  );
}
