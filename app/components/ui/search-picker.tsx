// A search box over a short list of choices (radio buttons) that the server finds as one types: the video picker of
// the episode manager and the movie picker of the video manager's "attach to episode" both use it.
import { Check, Film, Search } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Img } from '#app/components/image.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { cn } from '#app/lib/cn.ts';

/** A choice's picture: a video's poster frame (16:9) or a movie's poster (2:3), a film icon when there is none. */
export function PickerThumb({ src, shape }: { src: string | null; shape: 'frame' | 'poster' }) {
  const [width, height] = shape === 'frame' ? [80, 45] : [36, 54];
  return (
    <span
      className={cn(
        'grid shrink-0 place-items-center overflow-hidden bg-neutral-200 dark:bg-neutral-800',
        shape === 'frame' ? 'aspect-video w-20 rounded-md' : 'aspect-[2/3] w-9 rounded',
      )}
    >
      {src ? (
        <Img src={src} width={width} height={height} alt="" className="size-full object-cover" />
      ) : (
        <Film aria-hidden className="size-4 text-neutral-400" />
      )}
    </span>
  );
}

export function SearchPicker<T extends { id: number }>({
  id,
  name,
  value,
  onChange,
  load,
  render,
  texts,
  invalid,
  describedBy,
}: {
  /** The search box's id, for the field's label. */
  id: string;
  /** The search box's form name, so that a form can focus it when the choice is missing. */
  name?: string;
  value: { id: number } | null;
  onChange: (item: T) => void;
  /** Asks the server for the choices matching the (trimmed) search text. */
  load: (search: string) => Promise<T[]>;
  /** A choice's row: its thumbnail, title and detail. */
  render: (item: T) => { thumb: ReactNode; title: ReactNode; detail: ReactNode };
  texts: {
    placeholder: string;
    group: string;
    loading: string;
    failed: string;
    /** Nothing matches the search. */
    none: string;
    /** Nothing at all to choose from. */
    empty: string;
  };
  invalid?: boolean;
  describedBy?: string;
}) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<T[] | null>(null);
  const [failed, setFailed] = useState(false);
  // The latest `load`, without asking again each time the parent renders a new function.
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });

  useEffect(() => {
    let current = true;
    // Waits for a pause in typing, so that each keystroke does not ask the server.
    const timer = setTimeout(() => {
      loader
        .current(search.trim())
        .then((items) => {
          if (!current) return;
          setFound(items);
          setFailed(false);
        })
        .catch(() => {
          if (current) setFailed(true);
        });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search]);

  const message = (text: string, tone = 'text-neutral-500 dark:text-neutral-400') => (
    <p className={cn('px-3 py-6 text-center text-sm', tone)}>{text}</p>
  );

  return (
    <div className="flex flex-col gap-2">
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
        />
        <Input
          id={id}
          name={name}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={texts.placeholder}
          className="pl-9"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      </div>
      <div
        role="radiogroup"
        aria-label={texts.group}
        aria-invalid={invalid || undefined}
        className={cn(
          'max-h-64 overflow-y-auto rounded-xl border border-neutral-200 p-1 dark:border-neutral-800',
          invalid && 'border-red-500 dark:border-red-500',
        )}
      >
        {failed
          ? message(texts.failed, 'text-red-600 dark:text-red-400')
          : found === null
            ? message(texts.loading)
            : found.length === 0
              ? message(search.trim() ? texts.none : texts.empty)
              : found.map((item) => {
                  const selected = value?.id === item.id;
                  const row = render(item);
                  return (
                    <button
                      key={item.id}
                      type="button"
                      role="radio"
                      aria-checked={selected}
                      onClick={() => onChange(item)}
                      className={cn(
                        'flex w-full items-center gap-3 rounded-lg p-1.5 text-left text-sm focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-500',
                        selected
                          ? 'bg-primary-50 text-primary-800 dark:bg-primary-500/15 dark:text-primary-200'
                          : 'hover:bg-neutral-100 dark:hover:bg-neutral-800',
                      )}
                    >
                      {row.thumb}
                      <span className="min-w-0 flex-1">
                        <span className="line-clamp-2 font-medium break-words">{row.title}</span>
                        <span className="block truncate text-xs text-neutral-500 dark:text-neutral-400">
                          {row.detail}
                        </span>
                      </span>
                      {selected ? <Check aria-hidden className="size-4 shrink-0" /> : null}
                    </button>
                  );
                })}
      </div>
    </div>
  );
}
