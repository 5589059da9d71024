// The one admin table (docs/decisions/008-admin-tables.md): TanStack Table in manual mode over rows the loader
// fetched. Search, sort, page and page size live in the URL query, so a reload or a shared link shows the same
// view; the loader re-runs when they change. Loading keeps the layout still; empty states say why.
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
} from '@tanstack/react-table';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronLeft,
  ChevronRight,
  Search,
  SearchX,
  X,
} from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { Input, Select } from '#app/components/ui/input.tsx';
import { cn } from '#app/lib/cn.ts';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The `sort` value the API knows this column by; sortable when set. */
    sortKey?: string;
    className?: string;
  }
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageMeta = { page: number; per_page: number; total: number; last_page: number };

/** Updates the URL query: `undefined` or '' removes a key; any change but the page itself goes back to page 1. */
export function useTableQuery() {
  const [params, setParams] = useSearchParams();
  const set = (
    changes: Record<string, string | number | undefined>,
    options?: { keepPage?: boolean },
  ) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!options?.keepPage && !('page' in changes)) next.delete('page');
    setParams(next, { preventScrollReset: true });
  };
  return { params, set };
}

function SearchBox({ placeholder }: { placeholder: string }) {
  const { t } = useTranslation();
  const { params, set } = useTableQuery();
  const current = params.get('search') ?? '';
  const [value, setValue] = useState(current);
  const [seen, setSeen] = useState(current);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The URL wins when it changes from elsewhere (back button, "clear filters").
  if (current !== seen) {
    setSeen(current);
    setValue(current);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="relative w-full sm:max-w-xs">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
        aria-hidden
      />
      <Input
        type="search"
        role="searchbox"
        aria-label={placeholder}
        placeholder={placeholder}
        className="h-10 pr-9 pl-9"
        maxLength={100}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          setValue(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => set({ search: next.trim() || undefined }), 300);
        }}
      />
      {value ? (
        <button
          type="button"
          className="absolute top-1/2 right-2 grid size-7 -translate-y-1/2 place-items-center rounded-md text-neutral-500 hover:bg-neutral-100 dark:hover:bg-neutral-800"
          aria-label={t('table.clearSearch')}
          onClick={() => {
            clearTimeout(timer.current);
            setValue('');
            set({ search: undefined });
          }}
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}

/** A select in the toolbar bound to one query key. */
export function TableFilter({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: Array<{ value: string; label: string }>;
}) {
  const { t } = useTranslation();
  const { params, set } = useTableQuery();
  return (
    <Select
      aria-label={label}
      className="h-10 w-full sm:w-auto"
      value={params.get(name) ?? ''}
      onChange={(event) => set({ [name]: event.target.value || undefined })}
    >
      <option value="">
        {label}: {t('table.all')}
      </option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}

function pageNumbers(page: number, last: number): Array<number | 'gap'> {
  const pages = new Set([1, last, page - 1, page, page + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  for (const [index, value] of sorted.entries()) {
    if (index && value - sorted[index - 1]! > 1) out.push('gap');
    out.push(value);
  }
  return out;
}

function Pagination({ meta }: { meta: PageMeta }) {
  const { t } = useTranslation();
  const { set } = useTableQuery();
  const from = meta.total ? (meta.page - 1) * meta.per_page + 1 : 0;
  const to = Math.min(meta.total, meta.page * meta.per_page);
  return (
    <div className="flex flex-col gap-3 border-t border-neutral-200 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:border-neutral-800">
      <div className="flex items-center gap-3 text-neutral-600 dark:text-neutral-400">
        <span data-testid="table-range">{t('table.range', { from, to, total: meta.total })}</span>
        <label className="flex items-center gap-2">
          <span className="sr-only sm:not-sr-only">{t('table.perPage')}</span>
          <Select
            className="h-9 w-auto"
            value={meta.per_page}
            aria-label={t('table.perPage')}
            onChange={(event) => set({ per_page: event.target.value })}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <nav aria-label={t('table.pagination')} className="flex items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          disabled={meta.page <= 1}
          onClick={() => set({ page: meta.page - 1 })}
          aria-label={t('table.previous')}
        >
          <ChevronLeft aria-hidden />
        </Button>
        {pageNumbers(meta.page, meta.last_page).map((value, index) =>
          value === 'gap' ? (
            <span key={`gap-${index}`} className="px-1 text-neutral-400" aria-hidden>
              …
            </span>
          ) : (
            <Button
              key={value}
              variant={value === meta.page ? 'soft' : 'ghost'}
              size="sm"
              className="min-w-8 px-2"
              aria-current={value === meta.page ? 'page' : undefined}
              onClick={() => set({ page: value })}
            >
              {value}
            </Button>
          ),
        )}
        <Button
          variant="ghost"
          size="sm"
          disabled={meta.page >= meta.last_page}
          onClick={() => set({ page: meta.page + 1 })}
          aria-label={t('table.next')}
        >
          <ChevronRight aria-hidden />
        </Button>
      </nav>
    </div>
  );
}

export function DataTable<T>({
  columns,
  data,
  meta,
  searchPlaceholder,
  filters,
  filterKeys = [],
  getRowId,
  emptyTitle,
  emptyText,
  defaultSort,
  bulkActions,
}: {
  columns: ColumnDef<T, unknown>[];
  data: T[];
  meta: PageMeta;
  searchPlaceholder: string;
  /** Filter controls (TableFilter) shown beside the search box. */
  filters?: ReactNode;
  /** Query keys the filters use, so "clear filters" can reset them. */
  filterKeys?: string[];
  getRowId: (row: T) => string;
  emptyTitle: string;
  emptyText: string;
  defaultSort: { sort: string; order: 'asc' | 'desc' };
  /** With this, rows get checkboxes and a bar of actions for the selected ones appears above the table. */
  bulkActions?: (selected: T[], clear: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const { params, set } = useTableQuery();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const allColumns = useMemo<ColumnDef<T, unknown>[]>(
    () =>
      bulkActions
        ? [
            {
              id: '_select',
              header: ({ table: current }) => (
                <input
                  type="checkbox"
                  className="size-4 accent-primary-600"
                  aria-label={t('table.selectAll')}
                  checked={current.getIsAllRowsSelected()}
                  ref={(element) => {
                    if (element) element.indeterminate = current.getIsSomeRowsSelected();
                  }}
                  onChange={current.getToggleAllRowsSelectedHandler()}
                />
              ),
              meta: { className: 'w-10' },
              cell: ({ row }) => (
                <input
                  type="checkbox"
                  className="size-4 accent-primary-600"
                  aria-label={t('table.selectRow')}
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                />
              ),
            },
            ...columns,
          ]
        : columns,
    [bulkActions, columns, t],
  );
  // TanStack Table keeps mutable state React's compiler cannot memoise; this component opts out knowingly.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns: allColumns,
    getRowId,
    state: { rowSelection },
    enableRowSelection: Boolean(bulkActions),
    onRowSelectionChange: setRowSelection,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
  });
  const sort = params.get('sort') ?? defaultSort.sort;
  const order = params.get('order') ?? defaultSort.order;
  const filtered = ['search', ...filterKeys].some((key) => params.get(key));
  const loading =
    navigation.state === 'loading' && navigation.location?.pathname === location.pathname;

  return (
    <div className="overflow-hidden rounded-2xl border border-neutral-200 bg-white shadow-xs dark:border-neutral-800 dark:bg-neutral-900/60">
      <div className="flex flex-col gap-2 border-b border-neutral-200 p-3 sm:flex-row sm:flex-wrap sm:items-center sm:p-4 dark:border-neutral-800">
        <SearchBox placeholder={searchPlaceholder} />
        {filters ? <div className="flex flex-col gap-2 sm:flex-row">{filters}</div> : null}
      </div>
      {bulkActions && table.getSelectedRowModel().rows.length ? (
        <div
          className="flex flex-wrap items-center gap-2 border-b border-neutral-200 bg-primary-50/60 px-4 py-2.5 text-sm dark:border-neutral-800 dark:bg-primary-500/10"
          data-testid="bulk-bar"
        >
          <span className="font-medium">
            {t('table.selected', { count: table.getSelectedRowModel().rows.length })}
          </span>
          {bulkActions(
            table.getSelectedRowModel().rows.map((row) => row.original),
            () => setRowSelection({}),
          )}
        </div>
      ) : null}
      <div className="relative overflow-x-auto" aria-busy={loading || undefined}>
        <table
          className={cn('w-full text-left text-sm transition-opacity', loading && 'opacity-60')}
        >
          <thead className="bg-neutral-50 text-xs font-medium tracking-wide text-neutral-500 uppercase dark:bg-neutral-900 dark:text-neutral-400">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const key = header.column.columnDef.meta?.sortKey;
                  const active = key && key === sort;
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={cn(
                        'px-4 py-3 whitespace-nowrap',
                        header.column.columnDef.meta?.className,
                      )}
                      aria-sort={
                        active ? (order === 'asc' ? 'ascending' : 'descending') : undefined
                      }
                    >
                      {key ? (
                        <button
                          type="button"
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-neutral-900 dark:hover:text-neutral-100"
                          onClick={() =>
                            set({
                              sort: key,
                              order: active && order === 'asc' ? 'desc' : active ? 'asc' : 'asc',
                            })
                          }
                        >
                          {content}
                          {active ? (
                            order === 'asc' ? (
                              <ArrowUp className="size-3.5" aria-hidden />
                            ) : (
                              <ArrowDown className="size-3.5" aria-hidden />
                            )
                          ) : (
                            <ArrowUpDown className="size-3.5 opacity-40" aria-hidden />
                          )}
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="hover:bg-neutral-50/70 dark:hover:bg-neutral-800/40">
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={cn('px-4 py-3 align-middle', cell.column.columnDef.meta?.className)}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-4 py-14 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-neutral-100 text-neutral-500 dark:bg-neutral-800">
              <SearchX className="size-6" aria-hidden />
            </span>
            <p className="font-medium">{filtered ? t('table.noMatches') : emptyTitle}</p>
            <p className="max-w-sm text-sm text-neutral-600 dark:text-neutral-400">
              {filtered ? t('table.noMatchesText') : emptyText}
            </p>
            {filtered ? (
              <Button
                variant="outline"
                size="md"
                onClick={() =>
                  set(Object.fromEntries(['search', ...filterKeys].map((key) => [key, undefined])))
                }
              >
                {t('table.clearFilters')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <Pagination meta={meta} />
    </div>
  );
}
