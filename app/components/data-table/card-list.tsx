// Below 640 px the table's rows become cards: a table needs a sideways scroll there, and a card shows a whole
// row at once. The first column is the card's title, the `actions` column sits in its corner, and the others
// follow with their header as a label; a column's `meta.card` can say otherwise.
import type { Cell, Column, RowData } from '@tanstack/react-table';
import { Fragment, type ReactNode } from 'react';
import { cn } from '#app/lib/cn.ts';
import type { DataTableColumnMeta, DataTableFeatures } from './data-table.tsx';

export type CardPlace = NonNullable<DataTableColumnMeta['card']>;

/** Where a column goes in the card. */
export function cardPlace<T extends RowData>(
  column: Column<DataTableFeatures, T, unknown>,
  firstDataColumnId: string | undefined,
): CardPlace | 'select' {
  if (column.id === '_select') return 'select';
  const place = column.columnDef.meta?.card;
  if (place) return place;
  if (column.id === 'actions') return 'actions';
  return column.id === firstDataColumnId ? 'title' : 'field';
}

/** The words that name a column: its `meta.label`, else its header when that is text. */
export function columnLabel<T extends RowData>(column: Column<DataTableFeatures, T, unknown>) {
  const { header, meta } = column.columnDef;
  return meta?.label ?? (typeof header === 'string' ? header : column.id);
}

export function CardList<T extends RowData>({
  rows,
  render,
  className,
}: {
  rows: Array<{
    id: string;
    selected: boolean;
    cells: Array<Cell<DataTableFeatures, T, unknown>>;
  }>;
  render: (cell: Cell<DataTableFeatures, T, unknown>) => ReactNode;
  className?: string;
}) {
  return (
    <ul className={cn('divide-y divide-neutral-200 dark:divide-neutral-800', className)}>
      {rows.map(({ id, selected, cells }) => {
        const firstDataColumnId = cells.find((cell) => cell.column.id !== '_select')?.column.id;
        const by = (place: CardPlace | 'select') =>
          cells.filter((cell) => cardPlace(cell.column, firstDataColumnId) === place);
        const [select] = by('select');
        const inline = by('inline');
        const fields = by('field');
        return (
          <li
            key={id}
            className={cn(
              'flex gap-3 px-3 py-3',
              selected && 'bg-primary-50/50 dark:bg-primary-500/5',
            )}
          >
            {select ? <div className="pt-1.5">{render(select)}</div> : null}
            <div className="min-w-0 flex-1">
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  {by('title').map((cell) => (
                    <Fragment key={cell.id}>{render(cell)}</Fragment>
                  ))}
                </div>
                {by('actions').map((cell) => (
                  <div key={cell.id} className="-my-1 -mr-1 shrink-0">
                    {render(cell)}
                  </div>
                ))}
              </div>
              {inline.length ? (
                <div className="mt-2 flex flex-wrap items-center gap-1.5">
                  {inline.map((cell) => (
                    <Fragment key={cell.id}>{render(cell)}</Fragment>
                  ))}
                </div>
              ) : null}
              {fields.length ? (
                <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
                  {fields.map((cell) => (
                    <Fragment key={cell.id}>
                      <dt className="text-neutral-500 dark:text-neutral-400">
                        {columnLabel(cell.column)}
                      </dt>
                      <dd className="min-w-0 text-neutral-800 dark:text-neutral-200">
                        {render(cell)}
                      </dd>
                    </Fragment>
                  ))}
                </dl>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
