// "1–20 of 134", the page size, previous/next and page numbers (first, last and the neighbours of the current).
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { Button } from '#app/components/ui/button.tsx';
import { Select } from '#app/components/ui/input.tsx';
import { PAGE_SIZES, type PageMeta } from '#shared/list-query.ts';
import { useTableQuery } from './use-table-query.ts';

/** The page buttons to show: 1 … 4 5 6 … 20. */
export function pageNumbers(page: number, last: number): Array<number | 'gap'> {
  const wanted = [1, last, page - 1, page, page + 1];
  // Near either end, show one more neighbour instead of a gap that would hide a single page.
  if (page <= 3) wanted.push(2, 3, 4);
  if (page >= last - 2) wanted.push(last - 1, last - 2, last - 3);
  const sorted = [...new Set(wanted.filter((p) => p >= 1 && p <= last))].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  for (const [index, value] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && value - previous === 2) out.push(previous + 1);
    else if (previous !== undefined && value - previous > 2) out.push('gap');
    out.push(value);
  }
  return out;
}

/** The rows shown, counted from 1: `{ from: 21, to: 40 }`; `0–0` when there are none. */
export function pageRange(meta: PageMeta) {
  const from = meta.total ? Math.min(meta.total, (meta.page - 1) * meta.per_page + 1) : 0;
  const to = Math.min(meta.total, meta.page * meta.per_page);
  return { from, to };
}

export function Pagination({ meta }: { meta: PageMeta }) {
  const { t } = useTranslation();
  const { set } = useTableQuery();
  const { from, to } = pageRange(meta);
  const last = Math.max(1, meta.last_page);
  const go = (page: number) => set({ page });
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-neutral-200 px-3 py-3 text-sm sm:px-4 dark:border-neutral-800">
      <div className="flex items-center gap-3 text-neutral-600 dark:text-neutral-400">
        <span data-testid="table-range" className="tabular-nums" aria-live="polite">
          {meta.total ? t('table.range', { from, to, total: meta.total }) : t('table.empty')}
        </span>
        <label className="flex items-center gap-2">
          <span className="hidden md:inline">{t('table.perPage')}</span>
          <Select
            className="h-8 w-auto py-0 pr-8 pl-2.5"
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
      {last > 1 ? (
        <nav aria-label={t('table.pagination')} className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            className="w-8 px-0"
            disabled={meta.page <= 1}
            onClick={() => go(meta.page - 1)}
            aria-label={t('table.previous')}
          >
            <ChevronLeft aria-hidden />
          </Button>
          {pageNumbers(meta.page, last).map((value, index) =>
            value === 'gap' ? (
              <span key={`gap-${index}`} className="w-5 text-center text-neutral-400" aria-hidden>
                …
              </span>
            ) : (
              <Button
                key={value}
                variant={value === meta.page ? 'soft' : 'ghost'}
                size="sm"
                className="min-w-8 px-2 tabular-nums"
                aria-current={value === meta.page ? 'page' : undefined}
                aria-label={t('table.page', { page: value })}
                onClick={() => go(value)}
              >
                {value}
              </Button>
            ),
          )}
          <Button
            variant="ghost"
            size="sm"
            className="w-8 px-0"
            disabled={meta.page >= last}
            onClick={() => go(meta.page + 1)}
            aria-label={t('table.next')}
          >
            <ChevronRight aria-hidden />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
