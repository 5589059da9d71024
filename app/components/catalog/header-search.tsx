// The header's search: a combobox (ARIA 1.2) with instant suggestions, posters included, and a "see all results"
// item that leads to `/movies?q=` (docs/decisions/016-search.md). Inline from md up; behind a button on phones,
// where it opens over the header at full width. Without JavaScript it is a plain GET form to the results page.
import { Loader2, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { Form, useLocation, useNavigate } from 'react-router';
import { Poster } from '#app/components/image.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/icon.tsx';
import { useApi } from '#app/lib/auth.tsx';
import { cn } from '#app/lib/cn.ts';
import { SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_LENGTH, searchHref } from '#app/lib/search.ts';
import type { Suggestion } from '#shared/resources/search.ts';
import { SEARCH_QUERY_MAX } from '#shared/search.ts';

type State = { query: string; items: Suggestion[] } | null;

export function HeaderSearch() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const cache = useRef(new Map<string, Suggestion[]>());

  /** On the results page the field shows its query, ready to refine. */
  const searched =
    location.pathname === '/movies' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [value, setValue] = useState(searched);
  /** The suggestions on screen and the query they answer. */
  const [results, setResults] = useState<State>(null);
  /** A query whose request failed (offline): no spinner for it; Enter still opens the results page. */
  const [failed, setFailed] = useState('');
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** Phones: the field is open over the header. */
  const [expanded, setExpanded] = useState(false);

  const query = value.trim();
  const wanted = query.length >= SUGGEST_MIN_LENGTH;
  const loading = wanted && results?.query !== query && failed !== query;

  // Leaving the page (a suggestion picked, the results page opened) closes everything.
  const page = location.pathname + location.search;
  const [shownOn, setShownOn] = useState(page);
  if (shownOn !== page) {
    setShownOn(page);
    if (searched) setValue(searched);
    setListOpen(false);
    setExpanded(false);
    setActive(-1);
  }
  useEffect(() => {
    inputRef.current?.blur();
  }, [page]);

  // Debounced suggestions; a newer query aborts the request of an older one, and answers are kept per query.
  useEffect(() => {
    if (!wanted || cache.current.has(query)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<{ data: Suggestion[] }>('/search/suggest', {
          query: { q: query },
          signal: controller.signal,
        })
        .then(({ data }) => {
          cache.current.set(query, data);
          setResults({ query, items: data });
        })
        .catch(() => {
          if (!controller.signal.aborted) setFailed(query);
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, query, wanted]);

  useEffect(() => {
    if (expanded) inputRef.current?.focus();
  }, [expanded]);

  function type(next: string) {
    setValue(next);
    setListOpen(true);
    setActive(-1);
    const cached = cache.current.get(next.trim());
    if (cached) setResults({ query: next.trim(), items: cached });
  }

  const items = wanted && results ? results.items : [];
  /** The options: each suggestion, then "see all results". */
  const count = wanted ? items.length + 1 : 0;
  const showList = listOpen && wanted && (results !== null || !loading);

  function pick(index: number) {
    if (index < items.length) void navigate(`/watch/${items[index]!.slug}`);
    else void navigate(searchHref(query));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!count) return;
      event.preventDefault();
      setListOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the field, down goes to the first option and up to the last; both wrap around.
      setActive((current) =>
        current < 0 ? (step > 0 ? 0 : count - 1) : (current + step + count) % count,
      );
    } else if (event.key === 'Enter' && showList && active >= 0) {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (showList) {
        setListOpen(false);
        setActive(-1);
      } else if (value) setValue('');
      else setExpanded(false);
    }
  }

  return (
    <div className="flex min-w-0 flex-1 items-center justify-end md:justify-center md:px-4">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={t('search.open')}
        aria-expanded={expanded}
        onClick={() => setExpanded(true)}
        data-testid="search-open"
      >
        <Icon name="search" />
      </Button>
      <Form
        role="search"
        method="get"
        action="/movies"
        aria-label={t('search.label')}
        className={cn(
          'relative md:flex md:w-full md:max-w-md md:flex-1',
          expanded
            ? 'max-md:fixed max-md:inset-x-0 max-md:top-0 max-md:z-40 max-md:flex max-md:h-16 max-md:items-center max-md:gap-1 max-md:border-b max-md:border-neutral-200 max-md:bg-white max-md:px-2 max-md:dark:border-neutral-800 max-md:dark:bg-neutral-950'
            : 'max-md:hidden',
        )}
        onSubmit={(event) => {
          if (!query) event.preventDefault();
          setListOpen(false);
        }}
      >
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="shrink-0 md:hidden"
          aria-label={t('search.close')}
          onClick={() => {
            setExpanded(false);
            setListOpen(false);
          }}
        >
          <Icon name="arrow-left" />
        </Button>
        <div className="relative w-full">
          <Icon
            name="search"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-neutral-400"
          />
          <input
            ref={inputRef}
            type="search"
            name="q"
            value={value}
            maxLength={SEARCH_QUERY_MAX}
            placeholder={t('search.placeholder')}
            aria-label={t('search.label')}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listboxId}
            aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            className="h-10 w-full rounded-full border border-neutral-200 bg-neutral-100/80 pr-10 pl-9 text-base text-neutral-900 transition-colors placeholder:text-neutral-500 focus:border-primary-500 focus:bg-white focus:ring-2 focus:ring-primary-500/25 focus:outline-none sm:text-sm dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100 dark:focus:bg-neutral-950 [&::-webkit-search-cancel-button]:hidden"
            onChange={(event) => type(event.target.value)}
            onFocus={() => setListOpen(true)}
            onBlur={() => setListOpen(false)}
            onKeyDown={onKeyDown}
            data-testid="search-input"
          />
          <div className="absolute top-1/2 right-2 flex -translate-y-1/2 items-center">
            {loading && wanted ? (
              <Loader2 className="size-4 animate-spin text-neutral-400" aria-hidden />
            ) : value ? (
              <button
                type="button"
                className="grid size-7 place-items-center rounded-full text-neutral-500 dark:text-neutral-400 hover:bg-neutral-200 hover:text-neutral-900 dark:hover:bg-neutral-800 dark:hover:text-white"
                aria-label={t('table.clearSearch')}
                // Keep the focus in the field: a mousedown elsewhere would blur it and close the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  type('');
                  inputRef.current?.focus();
                }}
              >
                <X className="size-4" aria-hidden />
              </button>
            ) : null}
          </div>
          <ul
            id={listboxId}
            role="listbox"
            aria-label={t('search.suggestions')}
            hidden={!showList}
            // Clicking an option must not blur the field first (that would close the list before the click).
            onMouseDown={(event) => event.preventDefault()}
            className="absolute inset-x-0 top-full mt-2 max-h-[min(32rem,calc(100dvh-5rem))] overflow-y-auto overscroll-contain rounded-2xl border border-neutral-200 bg-white p-1.5 shadow-xl max-md:fixed max-md:inset-x-2 max-md:top-16 dark:border-neutral-800 dark:bg-neutral-900"
            data-testid="search-suggestions"
          >
            {items.length === 0 && results?.query === query ? (
              <li
                role="presentation"
                className="px-3 py-3 text-sm text-neutral-600 dark:text-neutral-400"
              >
                <p>{t('search.noSuggestions', { query: results.query })}</p>
                <p className="mt-1 text-xs text-neutral-500 dark:text-neutral-400">
                  {t('search.hint')}
                </p>
              </li>
            ) : null}
            {items.map((movie, index) => (
              <li
                key={movie.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl p-1.5 pr-3',
                  index === active
                    ? 'bg-primary-50 dark:bg-primary-500/15'
                    : 'hover:bg-neutral-100 dark:hover:bg-neutral-800',
                )}
                onClick={() => pick(index)}
                onMouseMove={() => setActive(index)}
                data-testid="search-suggestion"
              >
                <Poster
                  src={movie.poster}
                  width={40}
                  alt=""
                  className="h-15 w-10 shrink-0 rounded-md object-cover"
                />
                <span className="min-w-0 flex-1">
                  <span
                    className="line-clamp-2 text-sm font-semibold text-neutral-900 dark:text-neutral-100"
                    data-testid="search-suggestion-title"
                  >
                    {movie.title}
                  </span>
                  <span className="mt-0.5 block truncate text-xs text-neutral-500 dark:text-neutral-400">
                    {[movie.original_title, movie.year, movie.type].filter(Boolean).join(' · ')}
                  </span>
                </span>
              </li>
            ))}
            {wanted ? (
              <li
                id={optionId(items.length)}
                role="option"
                aria-selected={active === items.length}
                className={cn(
                  'mt-1 flex cursor-pointer items-center gap-2 rounded-xl border-t border-neutral-100 px-3 py-2.5 text-sm font-medium text-primary-700 dark:border-neutral-800 dark:text-primary-300',
                  active === items.length
                    ? 'bg-primary-50 dark:bg-primary-500/15'
                    : 'hover:bg-neutral-100 dark:hover:bg-neutral-800',
                )}
                onClick={() => pick(items.length)}
                onMouseMove={() => setActive(items.length)}
                data-testid="search-see-all"
              >
                <Search className="size-4 shrink-0" aria-hidden />
                <span className="truncate">{t('search.seeAll', { query })}</span>
              </li>
            ) : null}
          </ul>
        </div>
      </Form>
    </div>
  );
}
