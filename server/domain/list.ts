// One page of an admin list, the same way for every list: the page and size clamped, the search folded and escaped
// for LIKE, the rows and the total read side by side, and the `{ data, meta }` answer.
import { foldForSearch } from '#shared/text.ts';
import { PER_PAGE_DEFAULT, PER_PAGE_MAX, type Page, type PageMeta } from '#shared/list-query.ts';

export type PageQuery = { page?: number; per_page?: number; search?: string };

/** The rows a page reads: `limit` rows from `offset`. */
export type PageWindow = { page: number; limit: number; offset: number };

/** A search as the lists match it against their folded `search_text` columns. */
export type ListSearch = {
  /** Without diacritics, lower case, one space between words (`foldForSearch`). */
  folded: string;
  /** `%folded%`, with LIKE's own characters escaped: the folded text anywhere. */
  contains: string;
};

/** Page 1 and up; 1 to PER_PAGE_MAX rows, PER_PAGE_DEFAULT when unset. */
export function pageWindow(query: PageQuery): PageWindow {
  const page = Math.max(1, Math.trunc(query.page ?? 1));
  const limit = Math.min(PER_PAGE_MAX, Math.max(1, Math.trunc(query.per_page ?? PER_PAGE_DEFAULT)));
  return { page, limit, offset: (page - 1) * limit };
}

export function pageMeta(window: PageWindow, total: number): PageMeta {
  return {
    page: window.page,
    per_page: window.limit,
    total,
    last_page: Math.max(1, Math.ceil(total / window.limit)),
  };
}

/** Text that a LIKE pattern matches as it is: `\`, `%` and `_` escaped (PostgreSQL's default escape is `\`). */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The search of a list, or undefined when nothing is left of it once folded (blank or punctuation only). */
export function listSearch(search: string | undefined): ListSearch | undefined {
  const folded = foldForSearch(search ?? '');
  return folded ? { folded, contains: `%${escapeLike(folded)}%` } : undefined;
}

/**
 * One page of a list. `list` gets the search (folded and escaped, or undefined) and answers how to read a page of
 * items and how to count them all; the two run side by side.
 */
export async function paginate<Item>(
  query: PageQuery,
  list: (search: ListSearch | undefined) => {
    rows: (window: PageWindow) => Promise<Item[]>;
    count: () => Promise<number>;
  },
): Promise<Page<Item>> {
  const window = pageWindow(query);
  const { rows, count } = list(listSearch(query.search));
  const [data, total] = await Promise.all([rows(window), count()]);
  return { data, meta: pageMeta(window, Number(total)) };
}
