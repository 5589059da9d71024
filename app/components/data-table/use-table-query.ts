// The table's state is the URL query: search, filters, sort, order, page and per_page. Changing a key navigates,
// and React Router re-runs the route loader, so a reload, the back button and a shared link show the same view.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type QueryChanges = Record<string, string | number | undefined>;
export type QueryOptions = {
  /** Keep the current page (opening a row's detail); by default any change but the page goes back to page 1. */
  keepPage?: boolean;
  /** Replace the history entry instead of adding one (refining a search). */
  replace?: boolean;
};

/** The next query: `undefined` or '' removes a key; page 1 is the default, so it is left out. */
export function nextQuery(current: URLSearchParams, changes: QueryChanges, options?: QueryOptions) {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!options?.keepPage && !('page' in changes)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  return next;
}

export function useTableQuery() {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (changes: QueryChanges, options?: QueryOptions) =>
      setParams((current) => nextQuery(current, changes, options), {
        preventScrollReset: true,
        replace: options?.replace,
      }),
    [setParams],
  );
  return { params, set };
}
