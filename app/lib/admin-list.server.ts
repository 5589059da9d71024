// The loader side of an admin list: the URL read with the list's page schema, the list asked for that page, and a
// page past the end (its last row went, or an old link) sent to the last page there is. Call it inside withAccess.
import { redirect } from 'react-router';
import type { z } from 'zod';
import type { Page } from '#shared/list-query.ts';

type Sorted = { sort: string; order: 'asc' | 'desc' };

/**
 * The page of `list` the request's URL asks for, with the query as read (defaults in place of bad values) and the
 * order used, for the table's headers. Throws a redirect when the page is past the last one.
 */
export async function loadAdminList<Q extends Sorted & { page: number }, T>(
  request: Request,
  schema: z.ZodType<Q>,
  list: (query: Q) => Promise<Page<T>>,
): Promise<{ list: Page<T>; query: Q; sorted: Pick<Q, 'sort' | 'order'> }> {
  const url = new URL(request.url);
  const query = schema.parse(Object.fromEntries(url.searchParams));
  const page = await list(query);
  const last = page.meta.last_page;
  if (query.page > last) {
    if (last > 1) url.searchParams.set('page', String(last));
    else url.searchParams.delete('page');
    throw redirect(`${url.pathname}${url.search}`);
  }
  return { list: page, query, sorted: { sort: query.sort, order: query.order } };
}
