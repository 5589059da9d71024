// New builds and failed chunk loads: the next navigation after a release is a full page load, never a broken one.
import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';

export const BUILD_POLL_INTERVAL_MS = 60_000;
export const RELOAD_GUARD_MS = 10_000;
const PENDING_KEY = 'phim:pending-navigation';
const RELOADED_KEY = 'phim:chunk-reload';

type PendingNavigation = { to: string; from: string; at: number };
type PathParts = { pathname: string; search: string; hash: string };
type RouterNavigation = { location?: PathParts; formMethod?: string };
/** The part of React Router's data router used here; framework mode keeps the router on `window`. */
type DataRouter = {
  state: { navigation: RouterNavigation };
  subscribe: (listener: (state: { navigation: RouterNavigation }) => void) => () => void;
};

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string };
    __reactRouterDataRouter?: DataRouter;
  }
}

function currentPath() {
  return window.location.pathname + window.location.search + window.location.hash;
}

function pathOf(location: PathParts | undefined) {
  return location ? location.pathname + location.search + location.hash : null;
}

/**
 * React Router reloads the current page when a route chunk fails to load mid-navigation.
 * Before hydrating, send the visitor on to where they were going, once per guard window.
 */
export function resumeNavigationAfterReload(now = Date.now()): boolean {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
    if (!raw) return false;
    const pending = JSON.parse(raw) as PendingNavigation;
    const entry = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    if (entry?.type !== 'reload' || now - pending.at > 5_000) return false;
    if (pending.from !== currentPath() || pending.to === currentPath()) return false;
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOADED_KEY, String(now));
    window.location.replace(pending.to);
    return true;
  } catch {
    return false;
  }
}

/** Polls the server's build id; once it differs from this page's, the next navigation loads a fresh document. */
export function useReloadOnNewBuild() {
  const navigation = useNavigation();
  const stale = useRef(false);
  const pendingTarget = useRef<string | null>(null);

  useEffect(() => {
    if (import.meta.env.DEV) return;
    let cancelled = false;
    const check = async () => {
      try {
        const response = await fetch(`/_build/latest.json?t=${Date.now()}`, {
          headers: { Accept: 'application/json' },
          cache: 'no-store',
        });
        if (!response.ok) return;
        const { id } = (await response.json()) as { id?: string };
        const mine = window.__reactRouterManifest?.version;
        if (!cancelled && id && mine && id !== mine) stale.current = true;
      } catch {
        // Offline or restarting: try again on the next tick.
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const timer = window.setInterval(check, BUILD_POLL_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  // React renders navigation state in a transition: a chunk that fails fast can reload the page before that
  // render commits. The router's own state is current at every moment, so it is read directly, and what
  // React rendered is only the fallback for a router that is out of reach.
  const target = pathOf(navigation.location);
  const plain = !navigation.formMethod;
  useEffect(() => {
    pendingTarget.current = target;
    if (target && plain && stale.current && !window.__reactRouterDataRouter) {
      window.location.assign(target);
    }
  }, [target, plain]);

  useEffect(() => {
    // A plain navigation after a new build is a document load. Form submissions finish in the page
    // (a reload would turn them into GETs); the navigation after them reloads.
    const unsubscribe = window.__reactRouterDataRouter?.subscribe(({ navigation: next }) => {
      const to = pathOf(next.location);
      if (to && !next.formMethod && stale.current) window.location.assign(to);
    });
    const onPageHide = () => {
      const router = window.__reactRouterDataRouter;
      const to = router ? pathOf(router.state.navigation.location) : pendingTarget.current;
      if (!to) return;
      try {
        const pending: PendingNavigation = { to, from: currentPath(), at: Date.now() };
        sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
      } catch {
        // Storage disabled: the plain reload still works.
      }
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      unsubscribe?.();
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);
}
