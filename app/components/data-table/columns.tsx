// Columns that several admin tables share: a sortable name or title, a count, a date, and the row's actions menu at
// the end.
import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { formatDate } from '#app/lib/format.ts';
import type { DataTableColumn, DataTableColumnMeta } from './data-table.tsx';

/** A sortable date (and time where asked) that the phone's sort menu offers newest first where `descFirst`. */
export function dateColumn<T extends RowData>(
  header: string,
  id: string,
  value: (row: T) => string | null | undefined,
  options: { time?: boolean; descFirst?: boolean; className?: string } = {},
): DataTableColumn<T> {
  return {
    id,
    header,
    meta: {
      sortKey: id,
      ...(options.descFirst ? { sortDescFirst: true } : {}),
      className: options.className ?? 'whitespace-nowrap',
    },
    cell: ({ row }) => formatDate(value(row.original), { time: options.time }),
  };
}

/** A column the table sorts by its id (a name or a title, say), drawn by `cell`. */
export function sortableColumn<T extends RowData>(
  header: string,
  id: string,
  className: string,
  cell: NonNullable<DataTableColumn<T>['cell']>,
): DataTableColumn<T> {
  return { id, header, meta: { sortKey: id, className }, cell };
}

/** A sortable number (a count, an order), right-aligned with digits of one width. */
export function numberColumn<T extends RowData>(
  header: string,
  id: string,
  value: (row: T) => ReactNode,
): DataTableColumn<T> {
  return {
    id,
    header,
    meta: { sortKey: id, className: 'text-right tabular-nums' },
    cell: ({ row }) => value(row.original),
  };
}

/** The last column: the row's actions, under a header that only screen readers hear. */
export function actionsColumn<T extends RowData>(
  label: string,
  cell: NonNullable<DataTableColumn<T>['cell']>,
  meta: DataTableColumnMeta = { className: 'w-12 text-right' },
): DataTableColumn<T> {
  return {
    id: 'actions',
    header: () => <span className="sr-only">{label}</span>,
    meta,
    cell,
  };
}
