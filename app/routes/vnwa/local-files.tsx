// `/vnwa/vmedia/local-files`, Local Files (decision 050): the admins' files (images, subtitles, documents) in
// folders, and the posters and backdrops uploaded from the movie form, read only. Where the browser stands (folder,
// search, sort, filter, view) lives in the URL, so that a reload or a shared link opens the same place.
import { useCallback } from 'react';
import { useSearchParams, type ShouldRevalidateFunction } from 'react-router';
import { FileBrowser, type BrowserPlace } from '#app/components/files/file-browser.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import { FILE_SORTS, WRITABLE_AREA, type FileListing, type FileSort } from '#shared/local-files.ts';
import type { Route } from './+types/local-files';

export const handle: RouteHandle = { title: 'admin.pages.localFiles' };

function placeOf(params: URLSearchParams): BrowserPlace {
  const sort = params.get('sort');
  return {
    // Files (the admins' own folder) unless the URL says otherwise; `?path=` is the top of storage.
    path: params.get('path') ?? WRITABLE_AREA,
    q: (params.get('q') ?? '').trim().slice(0, 100),
    sort: (FILE_SORTS as readonly string[]).includes(sort ?? '') ? (sort as FileSort) : 'name',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    unused: params.get('unused') === '1',
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

export const loader = withAccess('admin', async ({ request }: Route.LoaderArgs, { services }) => {
  const place = placeOf(new URL(request.url).searchParams);
  const options = { sort: place.sort, order: place.order, unused: place.unused };
  const read = (path: string): Promise<FileListing> =>
    place.q
      ? services.localFiles.search(path, place.q, options)
      : services.localFiles.list(path, options);
  try {
    return { listing: await read(place.path), missing: false };
  } catch {
    // A folder that is gone (or a path that never was one): the top, and a word about it.
    return { listing: await read(''), missing: true };
  }
});

/** The browser reads each folder through the API: moving about the page's own URL runs no loader again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

export default function LocalFiles({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const place = placeOf(params);
  const onPlace = useCallback(
    (change: Partial<BrowserPlace>) =>
      setParams(
        (current) => {
          const next = { ...placeOf(current), ...change };
          const out = new URLSearchParams();
          if (next.path !== WRITABLE_AREA) out.set('path', next.path);
          if (next.q) out.set('q', next.q);
          if (next.sort !== 'name') out.set('sort', next.sort);
          if (next.order !== 'asc') out.set('order', next.order);
          if (next.unused) out.set('unused', '1');
          if (next.view !== 'grid') out.set('view', next.view);
          return out;
        },
        // The browser reads its folder through the API: the page's loader need not run again.
        { preventScrollReset: true, replace: change.q !== undefined && change.path === undefined },
      ),
    [setParams],
  );
  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <p className="max-w-3xl text-sm text-neutral-600 dark:text-neutral-400">
        {t('localFiles.intro')}
      </p>
      {loaderData.missing ? (
        <p role="status" className="text-sm text-yellow-800 dark:text-yellow-300">
          {t('localFiles.missingFolder')}
        </p>
      ) : null}
      <FileBrowser
        place={{ ...place, path: loaderData.missing ? '' : place.path }}
        onPlace={onPlace}
        initial={loaderData.listing}
      />
    </div>
  );
}
