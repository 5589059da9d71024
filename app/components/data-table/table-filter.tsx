// A select in the table's toolbar bound to one query key; "all" removes the key.
import { useTranslation } from '#app/lib/use-translation.ts';
import { Select } from '#app/components/ui/input.tsx';
import { cn } from '#app/lib/cn.ts';
import { useTableQuery } from './use-table-query.ts';

export type TableFilterProps = {
  name: string;
  label: string;
  options: Array<{ value: string; label: string }>;
};

/** A filter's options from a list of values, each with its words. */
export function choices<V extends string>(values: readonly V[], label: (value: V) => string) {
  return values.map((value) => ({ value, label: label(value) }));
}

export function TableFilter({ name, label, options }: TableFilterProps) {
  const { t } = useTranslation();
  const { params, set } = useTableQuery();
  const value = params.get(name) ?? '';
  return (
    <Select
      aria-label={label}
      name={name}
      className={cn(
        'h-10 w-full sm:w-auto',
        value &&
          'border-primary-500 text-primary-800 dark:border-primary-500 dark:text-primary-300',
      )}
      value={value}
      onChange={(event) => set({ [name]: event.target.value || undefined })}
    >
      <option value="">{`${label}: ${t('table.all')}`}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}
