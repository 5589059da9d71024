// The document: language, colour mode without a flash, nonce'd scripts, SEO tags, toasts, and the last-resort error
// page.
import { isbot } from 'isbot';
import type { ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { LinkDelegation } from '#app/components/app-link.tsx';
import { ErrorView } from '#app/components/error-view.tsx';
import { AuthProvider } from '#app/lib/auth.tsx';
import { useMergeGuestHistory } from '#app/lib/guest-history.ts';
import { ColorModeProvider, colorModeScript } from '#app/lib/color-mode.tsx';
import { setSiteTimeZone } from '#app/lib/format.ts';
import { detectLocale, messagesPath } from '#app/lib/i18n.ts';
import { messagesUrl } from '#app/lib/i18n.server.ts';
import { useNonce } from '#app/lib/nonce.ts';
import { useReloadOnNewBuild } from '#app/lib/reload.ts';
import { Seo } from '#app/lib/seo.tsx';
import { useSiteAssets } from '#app/lib/site-assets.ts';
import { withAccess } from '#app/lib/access.server.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { Toaster } from '#app/lib/toast.tsx';

export const links: Route.LinksFunction = () => [
  // With a precedence React puts the stylesheet among the first tags of <head>, ahead of the preloads it hoists:
  // the browser asks for what holds the first paint first (over HTTP/1.1, six requests go at a time).
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
];

/** The favicon's type, from its extension: Web Info's upload is WebP, the built-in one SVG. */
function iconType(href: string) {
  const extension = /\.(\w+)$/.exec(href)?.[1]?.toLowerCase();
  return extension === 'svg' ? 'image/svg+xml' : extension ? `image/${extension}` : undefined;
}

export const loader = withAccess('public', ({ request }: Route.LoaderArgs, { services, user }) => {
  const locale = detectLocale(request, services.site.defaultLocale);
  // Web Info as it is now (decision 046): a change shows from the next request on.
  const info = services.settings.get('web_info');
  return {
    locale,
    messagesUrl: messagesUrl(locale),
    user,
    crawler: isbot(request.headers.get('user-agent') ?? ''),
    site: {
      name: services.site.name,
      titleSeparator: services.site.titleSeparator,
      publicUrl: services.site.publicUrl,
      tagline: info.tagline,
      logoLight: info.logo_light,
      logoDark: info.logo_dark,
      favicon: info.favicon,
      description: info.seo_description,
      ogImage: info.og_image,
      contactEmail: info.contact_email,
      social: info.social,
      footerText: info.footer_text[locale],
      timeZone: info.time_zone,
    },
    secureCookies: services.site.publicUrl.startsWith('https:'),
  };
});

/** What the page's routes ask of <html> before it paints: a colour mode they force, scripts of their own. */
function useDocumentHandles() {
  const handles = useMatches().map((match) => match.handle as RouteHandle | undefined);
  return {
    forced: handles.findLast((handle) => handle?.colorMode)?.colorMode,
    headScript: [colorModeScript, ...handles.map((handle) => handle?.headScript)]
      .filter(Boolean)
      .join(';'),
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  const { forced, headScript } = useDocumentHandles();
  const locale = data?.locale ?? 'vi';
  const favicon = data?.site.favicon ?? '/favicon.svg';
  if (data) setSiteTimeZone(data.site.timeZone);
  return (
    <html
      lang={locale}
      data-forced-color-mode={forced}
      suppressHydrationWarning
      className={forced === 'dark' ? 'dark' : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* Moved before the stylesheet by the server (head-script.server.ts): a classic script after one waits for
            it to load, and holds the parser until then (the watch page's early start among what waits). */}
        <script
          data-head-script=""
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: headScript }}
        />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#020617" media="(prefers-color-scheme: dark)" />
        <meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />
        <link
          rel="preload"
          data-messages=""
          href={data?.messagesUrl ?? messagesPath(locale)}
          as="fetch"
          crossOrigin="anonymous"
        />
        <link rel="icon" href={favicon} type={iconType(favicon)} />
        <Meta />
        <Links />
        <Seo />
      </head>
      <body className="min-h-dvh">
        <AuthProvider initialUser={data?.user ?? null} secure={data?.secureCookies ?? false}>
          <ColorModeProvider forced={forced}>
            {children}
            <Toaster />
          </ColorModeProvider>
        </AuthProvider>
        <ScrollRestoration nonce={nonce} />
        {/* Crawlers get the finished HTML only: no hydration payload, so no error details either. */}
        {data?.crawler ? null : <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  useReloadOnNewBuild();
  useMergeGuestHistory();
  useSiteAssets();
  return (
    <>
      <Outlet />
      <LinkDelegation />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorView />;
}
