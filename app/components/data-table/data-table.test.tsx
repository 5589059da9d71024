import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DataTable, nextSort, type DataTableColumn } from './data-table.tsx';
import { pageNumbers, pageRange } from './pagination.tsx';
import { nextQuery } from './use-table-query.ts';

describe('nextQuery', () => {
  it('sets and removes keys, and goes back to page 1 on any change but the page', () => {
    const current = new URLSearchParams('search=anh&page=3&sort=name');
    expect(nextQuery(current, { status: 'banned' }).toString()).toBe(
      'search=anh&sort=name&status=banned',
    );
    expect(nextQuery(current, { search: '' }).toString()).toBe('sort=name');
    expect(nextQuery(current, { search: undefined, sort: 'email' }).toString()).toBe('sort=email');
  });

  it('keeps the page when asked, and leaves page 1 out of the URL', () => {
    const current = new URLSearchParams('page=3');
    expect(nextQuery(current, { user: 'u1' }, { keepPage: true }).toString()).toBe(
      'page=3&user=u1',
    );
    expect(nextQuery(current, { page: 4 }).toString()).toBe('page=4');
    expect(nextQuery(current, { page: 1 }).toString()).toBe('');
  });
});

describe('pageNumbers', () => {
  it('shows every page when there are few', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows the ends and the neighbours of the current page, with gaps between', () => {
    expect(pageNumbers(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageNumbers(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
  });

  it('never hides a single page behind a gap', () => {
    expect(pageNumbers(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageNumbers(5, 9)).toEqual([1, 'gap', 4, 5, 6, 'gap', 9]);
    expect(pageNumbers(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
  });
});

describe('pageRange', () => {
  it('counts the rows shown from 1', () => {
    expect(pageRange({ page: 1, per_page: 20, total: 134, last_page: 7 })).toEqual({
      from: 1,
      to: 20,
    });
    expect(pageRange({ page: 7, per_page: 20, total: 134, last_page: 7 })).toEqual({
      from: 121,
      to: 134,
    });
    expect(pageRange({ page: 1, per_page: 20, total: 0, last_page: 1 })).toEqual({
      from: 0,
      to: 0,
    });
  });
});

describe('nextSort', () => {
  it('toggles the sorted column and starts others in their first direction', () => {
    expect(nextSort({ sortKey: 'name' }, { sort: 'name', order: 'asc' })).toEqual({
      sort: 'name',
      order: 'desc',
    });
    expect(nextSort({ sortKey: 'name' }, { sort: 'name', order: 'desc' })).toEqual({
      sort: 'name',
      order: 'asc',
    });
    expect(nextSort({ sortKey: 'name' }, { sort: 'created_at', order: 'desc' })).toEqual({
      sort: 'name',
      order: 'asc',
    });
    expect(
      nextSort({ sortKey: 'created_at', sortDescFirst: true }, { sort: 'name', order: 'asc' }),
    ).toEqual({ sort: 'created_at', order: 'desc' });
  });

  it('does nothing for a column that does not sort', () => {
    expect(nextSort({}, { sort: 'name', order: 'asc' })).toBeNull();
  });
});

type Person = { id: string; name: string; joined: string };
const columns: DataTableColumn<Person>[] = [
  { id: 'name', header: 'Name', meta: { sortKey: 'name' }, cell: ({ row }) => row.original.name },
  { id: 'joined', header: 'Joined', cell: ({ row }) => row.original.joined },
];

function render(
  url: string,
  data: Person[],
  bulk = false,
  sorted: { sort: string; order: 'asc' | 'desc' } = { sort: 'name', order: 'asc' },
) {
  const Stub = createRoutesStub([
    {
      path: '/list',
      Component: () => (
        <DataTable
          columns={columns}
          data={data}
          meta={{ page: 1, per_page: 20, total: data.length, last_page: 1 }}
          searchPlaceholder="Search"
          filters={[{ name: 'role', label: 'Role', options: [] }]}
          emptyTitle="No people yet"
          emptyText="They appear here."
          sorted={sorted}
          bulkActions={bulk ? () => <button type="button">Go</button> : undefined}
        />
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={[url]} />);
}

describe('DataTable', () => {
  const people = [
    { id: 'a', name: 'Nguyễn Văn Ánh', joined: '01/01/2026' },
    { id: 'b', name: 'Trần Bình', joined: '02/01/2026' },
  ];

  it('renders the rows on the server, the sorted column marked for assistive technology', () => {
    const html = render('/list?sort=name&order=desc', people, false, {
      sort: 'name',
      order: 'desc',
    });
    expect(html).toContain('Nguyễn Văn Ánh');
    expect(html).toContain('Trần Bình');
    expect(html).toMatch(/<th[^>]*aria-sort="descending"[^>]*>.*?Name/);
    // Only sortable columns get a button.
    expect(html.match(/<th[^>]*>\s*<button/g)).toHaveLength(1);
    // One page: the range and the size, no page buttons.
    expect(html).toContain('data-testid="table-range"');
    expect(html).not.toContain('table.next');
  });

  it('tells "nothing yet" from "nothing matches"', () => {
    expect(render('/list', [])).toContain('No people yet');
    const filtered = render('/list?role=admin', []);
    expect(filtered).not.toContain('No people yet');
    expect(filtered).toContain('table.clearFilters');
  });

  it('adds selection checkboxes only with bulk actions', () => {
    expect(render('/list', people)).not.toContain('type="checkbox"');
    // Each row in the table and in its phone card, and "select all" in the header and the phone's toolbar.
    expect(render('/list', people, true).match(/type="checkbox"/g)).toHaveLength(6);
  });

  it('gives phones cards: the first column as the title, the others under their header', () => {
    const html = render('/list', people);
    const cards = html.slice(html.indexOf('<ul'), html.indexOf('</ul>'));
    expect(cards.match(/<li/g)).toHaveLength(2);
    expect(cards).toMatch(/<dt[^>]*>Joined<\/dt><dd[^>]*>01\/01\/2026<\/dd>/);
    expect(cards).not.toMatch(/<dt[^>]*>Name/);
    // The phone's sort menu offers the sortable columns only.
    expect(html).toMatch(/<option value="name"[^>]*>table.sortBy: Name<\/option>/);
    expect(html).not.toMatch(/<option value="joined"/);
  });
});
