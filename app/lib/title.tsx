// Page titles: `{page title}{separator}{site name}`, from the deepest route that declares one.
import type { TFunction } from 'i18next';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useLocation, useMatches, useRouteLoaderData } from 'react-router';
import type { SeoHandle } from '#app/lib/seo.tsx';
import type { loader as rootLoader } from '#app/root.tsx';

/** A route's `handle.title`: a message key, or a function of its loader data. */
export type RouteHandle = {
  title?: string | ((data: unknown, t: TFunction) => string);
  colorMode?: 'light' | 'dark';
  /**
   * A script the page needs run before it paints (the watch page's theatre mode, decision 034): the document runs
   * it in <head> with its colour mode's, before the stylesheet (root.tsx).
   */
  headScript?: string;
  /** Description, canonical URL, previews and JSON-LD of the page (app/lib/seo.tsx); leaf routes only. */
  seo?: SeoHandle;
  /**
   * `'guests'`: the page renders the same for every guest in one language, so the server may answer guests
   * with a copy rendered in the last PUBLIC_CACHE_SECONDS (server/web/page-cache.ts); leaf routes only.
   */
  pageCache?: 'guests';
};

export function formatTitle(page: string | undefined, siteName: string, separator = ' | ') {
  return page ? `${page}${separator}${siteName}` : siteName;
}

export function useSiteInfo() {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  return { siteName: data?.site.name ?? 'Phim', separator: data?.site.titleSeparator ?? ' | ' };
}

/** The deepest route's page title, without the site name; undefined when no route declares one. */
export function usePageHeading(): string | undefined {
  const { t } = useTranslation();
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const title = (match.handle as RouteHandle | undefined)?.title;
    if (typeof title === 'function') return title(match.loaderData, t);
    if (typeof title === 'string') return t(title);
  }
  return undefined;
}

export function usePageTitle(): string {
  const { siteName, separator } = useSiteInfo();
  const heading = usePageHeading();
  const tagline = useRouteLoaderData<typeof rootLoader>('root')?.site.tagline;
  const { pathname } = useLocation();
  // The home page is the site itself: `{site name}{separator}{tagline}` when Web Info has a tagline.
  if (tagline && pathname === '/') return formatTitle(siteName, tagline, separator);
  return formatTitle(heading, siteName, separator);
}

export function PageTitle() {
  return <title>{usePageTitle()}</title>;
}
