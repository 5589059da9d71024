// The table's search input: the URL follows what is typed 300 ms after the last key (Enter applies at once).
import { Search, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { Input } from '#app/components/ui/input.tsx';
import { useTableQuery } from './use-table-query.ts';

export const SEARCH_DELAY_MS = 300;

export function SearchBox({ placeholder }: { placeholder: string }) {
  const { t } = useTranslation();
  const { params, set } = useTableQuery();
  const current = params.get('search') ?? '';
  const [value, setValue] = useState(current);
  const [seen, setSeen] = useState(current);
  // The search this box last asked the URL for: the URL arriving there is this box's own doing.
  const [requested, setRequested] = useState<string | null>(null);
  if (current !== seen) {
    setSeen(current);
    // A change from elsewhere (back button, "clear filters") wins. The URL catching up with this box keeps
    // what is typed: its trailing space mid-word, or what was typed while the list was loading.
    if (current === requested) setRequested(null);
    else if (value.trim() !== current) setValue(current);
  }
  const wanted = value.trim();
  const apply = useCallback(
    (search: string, from: string) => {
      setRequested(search);
      // Starting a search adds a history entry; refining it replaces that entry.
      set({ search: search || undefined }, { replace: from !== '' && search !== '' });
    },
    [set],
  );
  useEffect(() => {
    // Already asked for (a click on "Clear search", Enter): a slow list must not make the timer ask again and leave
    // a second history entry, which the back button would then land on.
    if (wanted === current || wanted === requested) return;
    const timer = setTimeout(() => apply(wanted, current), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted, current, requested, apply]);

  return (
    <form
      role="search"
      className="relative w-full sm:max-w-xs"
      onSubmit={(event) => {
        event.preventDefault();
        if (wanted !== current) apply(wanted, current);
      }}
    >
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
        aria-hidden
      />
      <Input
        type="search"
        name="search"
        aria-label={placeholder}
        placeholder={placeholder}
        className="h-10 pr-9 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
        maxLength={100}
        autoComplete="off"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      {value ? (
        <button
          type="button"
          className="absolute top-1/2 right-1.5 grid size-7 -translate-y-1/2 place-items-center rounded-md text-neutral-500 dark:text-neutral-400 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-500 dark:hover:bg-neutral-800"
          aria-label={t('table.clearSearch')}
          onClick={() => {
            setValue('');
            if (current) apply('', current);
          }}
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </form>
  );
}
