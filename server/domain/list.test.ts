// The admin lists' paging: the window clamped, the search folded and escaped for LIKE, the page's shape.
import { describe, expect, it } from 'vitest';
import { escapeLike, listSearch, pageWindow, paginate, type PageWindow } from './list.ts';

describe('pageWindow', () => {
  it('reads page 1 of 20 when the query names neither', () => {
    expect(pageWindow({})).toEqual({ page: 1, limit: 20, offset: 0 });
  });

  it('clamps the page to 1 and up and the size to 1–100', () => {
    expect(pageWindow({ page: 0, per_page: 0 })).toEqual({ page: 1, limit: 1, offset: 0 });
    expect(pageWindow({ page: -3, per_page: 500 })).toEqual({ page: 1, limit: 100, offset: 0 });
    expect(pageWindow({ page: 3, per_page: 10 })).toEqual({ page: 3, limit: 10, offset: 20 });
    expect(pageWindow({ page: 2.7, per_page: 5.5 })).toEqual({ page: 2, limit: 5, offset: 5 });
  });
});

describe('escapeLike', () => {
  it('escapes the characters LIKE reads, and nothing else', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(escapeLike('nguoi nhen')).toBe('nguoi nhen');
  });
});

describe('listSearch', () => {
  it('folds the search as search_text is folded, and wraps it for LIKE', () => {
    expect(listSearch('  Người NHỆN  ')).toEqual({
      folded: 'nguoi nhen',
      contains: '%nguoi nhen%',
    });
  });

  it('is nothing for a blank search or one of punctuation only', () => {
    expect(listSearch(undefined)).toBeUndefined();
    expect(listSearch('   ')).toBeUndefined();
    expect(listSearch('%_%')).toBeUndefined();
  });
});

describe('paginate', () => {
  const list =
    (total: number, seen: { window?: PageWindow; search?: unknown } = {}) =>
    (search: unknown) => {
      seen.search = search;
      return {
        rows: async (window: PageWindow) => {
          seen.window = window;
          const start = window.offset;
          return Array.from({ length: Math.max(0, Math.min(window.limit, total - start)) }).map(
            (_, i) => start + i + 1,
          );
        },
        count: async () => total,
      };
    };

  it('answers the page with its meta', async () => {
    const seen: { window?: PageWindow; search?: unknown } = {};
    const page = await paginate({ page: 2, per_page: 10, search: 'Đức' }, list(25, seen));
    expect(page).toEqual({
      data: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      meta: { page: 2, per_page: 10, total: 25, last_page: 3 },
    });
    expect(seen.window).toEqual({ page: 2, limit: 10, offset: 10 });
    expect(seen.search).toEqual({ folded: 'duc', contains: '%duc%' });
  });

  it('says the last page is 1 for an empty list, and keeps a page past the end as asked', async () => {
    expect((await paginate({}, list(0))).meta).toEqual({
      page: 1,
      per_page: 20,
      total: 0,
      last_page: 1,
    });
    const past = await paginate({ page: 999, per_page: 500 }, list(150));
    expect(past).toEqual({
      data: [],
      meta: { page: 999, per_page: 100, total: 150, last_page: 2 },
    });
  });
});
