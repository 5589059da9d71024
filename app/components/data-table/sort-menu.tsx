// Sorting on a phone, where the cards have no column headers: a select of the sortable columns and a button
// that flips the direction. The same URL keys as the header buttons.
import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { Button } from '#app/components/ui/button.tsx';
import { Select } from '#app/components/ui/input.tsx';
import { cn } from '#app/lib/cn.ts';
import { useTableQuery } from './use-table-query.ts';

export type SortOption = { sortKey: string; label: string; descFirst: boolean };

export function SortMenu({
  options,
  sort,
  order,
  className,
}: {
  options: SortOption[];
  sort: string;
  order: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { set } = useTableQuery();
  if (!options.length) return null;
  const known = options.some((option) => option.sortKey === sort);
  const Icon = order === 'asc' ? ArrowUpNarrowWide : ArrowDownWideNarrow;
  return (
    <div className={cn('flex min-w-0 flex-1 items-center gap-2', className)}>
      <Select
        aria-label={t('table.sortBy')}
        className="h-10 min-w-0 flex-1"
        value={sort}
        onChange={(event) => {
          const option = options.find((o) => o.sortKey === event.target.value);
          if (option) set({ sort: option.sortKey, order: option.descFirst ? 'desc' : 'asc' });
        }}
      >
        {known ? null : (
          <option value={sort} disabled>
            {`${t('table.sortBy')}: ${t('table.defaultOrder')}`}
          </option>
        )}
        {options.map((option) => (
          <option key={option.sortKey} value={option.sortKey}>
            {`${t('table.sortBy')}: ${option.label}`}
          </option>
        ))}
      </Select>
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="shrink-0"
        aria-label={order === 'asc' ? t('table.sortedAsc') : t('table.sortedDesc')}
        title={order === 'asc' ? t('table.sortedAsc') : t('table.sortedDesc')}
        onClick={() => set({ sort, order: order === 'asc' ? 'desc' : 'asc' })}
      >
        <Icon aria-hidden />
      </Button>
    </div>
  );
}
