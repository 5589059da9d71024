// The one admin table (docs/decisions/008-admin-tables.md): TanStack Table 9 over the rows a route loader fetched,
// in server-side mode. Search, filters, sort, page and page size live in the URL query (use-table-query.ts); the
// loader re-runs when they change. TanStack keeps the column model, the cells and the row selection.
import {
  metaHelper,
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Inbox, SearchX } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useLocation, useNavigation } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import { CardList, columnLabel } from './card-list.tsx';
import type { PageMeta } from '#shared/list-query.ts';
import { Pagination } from './pagination.tsx';
import { SearchBox } from './search-box.tsx';
import { SortMenu } from './sort-menu.tsx';
import { TableFilter, type TableFilterProps } from './table-filter.tsx';
import { useTableQuery } from './use-table-query.ts';

export type DataTableColumnMeta = {
  /** The `sort` value the API knows this column by; the column sorts when it is set. */
  sortKey?: string;
  /** The first click sorts descending (dates, counts: newest or largest first). */
  sortDescFirst?: boolean;
  /** Classes for the column's header and cells in the table (widths, alignment); cards ignore them. */
  className?: string;
  /** Its name where the header is not text (the card's label, the phone's sort menu). */
  label?: string;
  /**
   * Where the column goes in a phone's card: 'title' (the first column by default), 'actions' (the column with
   * id `actions`), 'inline' (a row of badges under the title), 'field' (label and value: the rest), 'hidden'.
   */
  card?: 'title' | 'actions' | 'inline' | 'field' | 'hidden';
};

const features = tableFeatures({
  rowSelectionFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

export type DataTableFeatures = typeof features;
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, unknown>;

type SortOrder = 'asc' | 'desc';

/** What a header click asks for: the other direction on the sorted column, else the column's first direction. */
export function nextSort(
  column: DataTableColumnMeta,
  current: { sort: string; order: string },
): { sort: string; order: SortOrder } | null {
  if (!column.sortKey) return null;
  if (column.sortKey === current.sort)
    return { sort: column.sortKey, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column.sortKey, order: column.sortDescFirst ? 'desc' : 'asc' };
}

function SelectBox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (event: unknown) => void;
}) {
  return (
    <input
      type="checkbox"
      className="size-4 rounded accent-primary-600 align-middle"
      aria-label={label}
      checked={checked}
      ref={(element) => {
        if (element) element.indeterminate = indeterminate;
      }}
      onChange={onChange}
    />
  );
}

function EmptyState({
  filtered,
  title,
  text,
  onClear,
}: {
  filtered: boolean;
  title: string;
  text: string;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const Icon = filtered ? SearchX : Inbox;
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-14 text-center" role="status">
      <span className="mb-1 grid size-12 place-items-center rounded-full bg-neutral-100 text-neutral-500 dark:bg-neutral-800 dark:text-neutral-400">
        <Icon className="size-6" aria-hidden />
      </span>
      <p className="font-medium">{filtered ? t('table.noMatches') : title}</p>
      <p className="max-w-sm text-sm text-neutral-600 dark:text-neutral-400">
        {filtered ? t('table.noMatchesText') : text}
      </p>
      {filtered ? (
        <Button variant="outline" size="md" className="mt-2" onClick={onClear}>
          {t('table.clearFilters')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The row actions stay in sight at the table's right edge when a wide table scrolls sideways (long titles, many
 * columns on a laptop): the rest of the row slides under them.
 */
const STICKY_ACTIONS =
  'sticky right-0 z-[1] bg-white shadow-[-12px_0_12px_-12px_rgb(0_0_0/0.25)] dark:bg-neutral-900';

export function DataTable<T extends RowData & { id: string | number }>({
  columns,
  data,
  meta,
  searchPlaceholder,
  filters = [],
  getRowId = (row) => String(row.id),
  getRowLabel,
  emptyTitle,
  emptyText,
  sorted,
  bulkActions,
}: {
  columns: DataTableColumn<T>[];
  data: T[];
  meta: PageMeta;
  searchPlaceholder: string;
  /** Selects beside the search box, each bound to one query key ("clear filters" resets them too). */
  filters?: TableFilterProps[];
  /** A row's key; its id unless told. */
  getRowId?: (row: T) => string;
  /** Names a row for its selection checkbox ("Select Nguyễn Văn Ánh"). */
  getRowLabel?: (row: T) => string;
  emptyTitle: string;
  emptyText: string;
  /** The order the loader used (it replaces unknown values with the default). */
  sorted: { sort: string; order: SortOrder };
  /** With this, rows get checkboxes and a bar of actions for the selected ones appears above the table. */
  bulkActions?: (selected: T[], clear: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const { params, set } = useTableQuery();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // Another page, filter or a revalidation brings other rows: a selection of rows no longer shown would act
  // on people or movies the admin cannot see.
  const [selectedIn, setSelectedIn] = useState(data);
  if (selectedIn !== data) {
    setSelectedIn(data);
    setRowSelection({});
  }

  const allColumns = useMemo<DataTableColumn<T>[]>(
    () =>
      bulkActions
        ? [
            {
              id: '_select',
              meta: { className: 'w-10 pr-0' },
              header: ({ table }) => (
                <SelectBox
                  label={t('table.selectAll')}
                  checked={table.getIsAllRowsSelected()}
                  indeterminate={table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected()}
                  onChange={table.getToggleAllRowsSelectedHandler()}
                />
              ),
              cell: ({ row }) => (
                <SelectBox
                  label={
                    getRowLabel
                      ? t('table.selectNamed', { name: getRowLabel(row.original) })
                      : t('table.selectRow')
                  }
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                />
              ),
            },
            ...columns,
          ]
        : columns,
    [bulkActions, columns, getRowLabel, t],
  );

  const table = useTable({
    features,
    columns: allColumns,
    data,
    getRowId: (row) => getRowId(row),
    enableRowSelection: Boolean(bulkActions),
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
  });

  const { sort, order } = sorted;
  // "Clear filters" resets these.
  const queryKeys = ['search', ...filters.map((filter) => filter.name)];
  const filtered = queryKeys.some((key) => params.get(key));
  // Only this page's own loads dim it: leaving for another screen shows that screen's loading instead.
  const loading =
    navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const selected = bulkActions ? table.getSelectedRowModel().rows.map((row) => row.original) : [];
  const rows = table.getRowModel().rows;

  const sortOptions = table.getAllLeafColumns().flatMap((column) =>
    column.columnDef.meta?.sortKey
      ? [
          {
            sortKey: column.columnDef.meta.sortKey,
            label: columnLabel(column),
            descFirst: Boolean(column.columnDef.meta.sortDescFirst),
          },
        ]
      : [],
  );
  const clearQuery = () => set(Object.fromEntries(queryKeys.map((key) => [key, undefined])));

  return (
    <div className="overflow-hidden rounded-2xl border border-neutral-200 bg-white shadow-xs dark:border-neutral-800 dark:bg-neutral-900/60">
      <div className="flex flex-col gap-2 border-b border-neutral-200 p-3 sm:flex-row sm:flex-wrap sm:items-center sm:p-4 dark:border-neutral-800">
        <SearchBox placeholder={searchPlaceholder} />
        {filters.length ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {filters.map((filter) => (
              <TableFilter key={filter.name} {...filter} />
            ))}
          </div>
        ) : null}
        {/* Phones see cards, without column headers: sorting and "select all" move up here. */}
        {sortOptions.length || bulkActions ? (
          <div className="flex items-center gap-3 sm:hidden">
            {bulkActions && rows.length ? (
              <label className="flex shrink-0 items-center gap-2 pl-3 text-sm">
                <SelectBox
                  label={t('table.selectAll')}
                  checked={table.getIsAllRowsSelected()}
                  indeterminate={table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected()}
                  onChange={table.getToggleAllRowsSelectedHandler()}
                />
              </label>
            ) : null}
            <SortMenu options={sortOptions} sort={sort} order={order} />
          </div>
        ) : null}
      </div>
      {selected.length ? (
        <div
          className="flex flex-wrap items-center gap-2 border-b border-neutral-200 bg-primary-50/60 px-4 py-2.5 text-sm dark:border-neutral-800 dark:bg-primary-500/10"
          data-testid="bulk-bar"
          role="region"
          aria-label={t('table.selected', { count: selected.length })}
        >
          <span className="font-medium">{t('table.selected', { count: selected.length })}</span>
          {bulkActions?.(selected, () => setRowSelection({}))}
        </div>
      ) : null}
      <div className="relative" aria-busy={loading || undefined}>
        {/* A thin bar while the loader re-runs; it sits on top of the rows, so nothing moves. */}
        <div
          aria-hidden
          className={cn(
            'pointer-events-none absolute inset-x-0 top-0 z-10 h-0.5 overflow-hidden opacity-0 transition-opacity',
            loading && 'opacity-100 delay-150',
          )}
        >
          <div className="h-full w-full animate-pulse bg-primary-500" />
        </div>
        <div className={cn('transition-opacity', loading && 'opacity-60 delay-150')}>
          <CardList
            className="sm:hidden"
            rows={rows.map((row) => ({
              id: row.id,
              selected: row.getIsSelected(),
              cells: row.getAllCells(),
            }))}
            render={(cell) => <table.FlexRender cell={cell} />}
          />
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-neutral-50 text-xs font-medium tracking-wide text-neutral-500 uppercase dark:bg-neutral-900 dark:text-neutral-400">
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => {
                      const columnMeta = header.column.columnDef.meta ?? {};
                      const next = nextSort(columnMeta, { sort, order });
                      const active = Boolean(columnMeta.sortKey) && columnMeta.sortKey === sort;
                      const Arrow = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
                      return (
                        <th
                          key={header.id}
                          scope="col"
                          className={cn(
                            'px-4 py-3 whitespace-nowrap',
                            header.column.id === 'actions' && STICKY_ACTIONS,
                            'bg-neutral-50 dark:bg-neutral-900',
                            columnMeta.className,
                          )}
                          aria-sort={
                            active ? (order === 'asc' ? 'ascending' : 'descending') : undefined
                          }
                        >
                          {header.isPlaceholder ? null : next ? (
                            <button
                              type="button"
                              className="-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-0.5 uppercase hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-500 dark:hover:text-neutral-100"
                              onClick={() => set(next)}
                            >
                              <table.FlexRender header={header} />
                              <Arrow
                                className={cn('size-3.5', !active && 'opacity-40')}
                                aria-hidden
                              />
                            </button>
                          ) : (
                            <table.FlexRender header={header} />
                          )}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
                {rows.map((row) => (
                  <tr
                    key={row.id}
                    className={cn(
                      'hover:bg-neutral-50/70 dark:hover:bg-neutral-800/40',
                      row.getIsSelected() && 'bg-primary-50/50 dark:bg-primary-500/5',
                    )}
                  >
                    {row.getAllCells().map((cell) => (
                      <td
                        key={cell.id}
                        className={cn(
                          'px-4 py-3 align-middle',
                          cell.column.id === 'actions' && STICKY_ACTIONS,
                          cell.column.columnDef.meta?.className,
                        )}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
        {data.length === 0 ? (
          <EmptyState
            filtered={filtered}
            title={emptyTitle}
            text={emptyText}
            onClear={clearQuery}
          />
        ) : null}
      </div>
      <Pagination meta={meta} />
    </div>
  );
}
