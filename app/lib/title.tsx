// Page titles: `{page title}{separator}{site name}`, from the deepest route that declares one.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMatches, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '#app/root.tsx';

/** A route's `handle.title`: a message key, or a function of its loader data. */
export type RouteHandle = {
  title?: string | ((data: unknown, t: TFunction) => string);
  colorMode?: 'light' | 'dark';
};

export function formatTitle(page: string | undefined, siteName: string, separator = ' | ') {
  return page ? `${page}${separator}${siteName}` : siteName;
}

export function useSiteInfo() {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  return { siteName: data?.site.name ?? 'Phim', separator: data?.site.titleSeparator ?? ' | ' };
}

export function usePageTitle(): string {
  const { t } = useTranslation();
  const matches = useMatches();
  const { siteName, separator } = useSiteInfo();
  for (const match of [...matches].reverse()) {
    const title = (match.handle as RouteHandle | undefined)?.title;
    if (typeof title === 'function')
      return formatTitle(title(match.loaderData, t), siteName, separator);
    if (typeof title === 'string') return formatTitle(t(title), siteName, separator);
  }
  return siteName;
}

export function PageTitle() {
  return <title>{usePageTitle()}</title>;
}
