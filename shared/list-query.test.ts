// A list's query read two ways from one definition: the API refuses what the page quietly replaces.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQuery } from './list-query.ts';

const query = listQuery({
  sorts: ['name', 'created_at'],
  defaults: { sort: 'created_at', order: 'desc' },
  filters: { status: z.enum(['on', 'off']) },
});

describe('listQuery', () => {
  it('gives the API every key as sent, and refuses bad values and unknown keys', () => {
    expect(query.api.parse({ page: '2', per_page: '7', sort: 'name', status: 'on' })).toEqual({
      page: 2,
      per_page: 7,
      sort: 'name',
      status: 'on',
    });
    for (const bad of [
      { per_page: '500' },
      { page: '0' },
      { sort: 'password' },
      { status: 'gone' },
      { search: 'x'.repeat(101) },
      { unknown: '1' },
    ])
      expect(query.api.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('gives the page each key or its default, on its own', () => {
    expect(query.page.parse({})).toEqual({
      sort: 'created_at',
      order: 'desc',
      page: 1,
      per_page: 20,
    });
    expect(
      query.page.parse({
        search: ' phim ',
        sort: 'nonsense',
        order: 'asc',
        per_page: '7',
        page: 'x',
        status: 'gone',
        other: '1',
      }),
    ).toEqual({ search: 'phim', sort: 'created_at', order: 'asc', page: 1, per_page: 20 });
    expect(query.page.parse({ per_page: '50', page: '3', status: 'off' })).toMatchObject({
      per_page: 50,
      page: 3,
      status: 'off',
    });
  });
});
