// The movie's synopsis under the player: three lines, and "Show more" when there is more (measured once laid out,
// and again when the width changes), so the episode grid and "More like this" stay in reach.
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { cn } from '#app/lib/cn.ts';

/** `html` is the movie's description, sanitised when it was saved (movies.service.ts sanitizeDescription). */
export function Synopsis({ html }: { html: string }) {
  const { t } = useTranslation();
  const id = useId();
  const text = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const node = text.current;
    if (!node || open) return;
    const measure = () => setOverflows(node.scrollHeight > node.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [open, html]);
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col items-start gap-1.5">
      <h2 id={`${id}-heading`} className="text-sm font-semibold text-neutral-300">
        {t('watching.synopsis')}
      </h2>
      <div
        ref={text}
        id={`${id}-text`}
        className={cn(
          'max-w-3xl space-y-2 text-sm leading-relaxed text-neutral-300 [&_a]:text-primary-300 [&_a]:underline',
          !open && 'line-clamp-3',
        )}
        data-testid="synopsis"
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {overflows || open ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-text`}
          onClick={() => setOpen(!open)}
          className="inline-flex items-center gap-1 rounded text-sm font-semibold text-primary-300 hover:text-primary-200 focus-visible:outline-2"
        >
          {open ? t('watching.showLess') : t('watching.showMore')}
          <ChevronDown
            aria-hidden
            className={cn('size-4 transition-transform', open && 'rotate-180')}
          />
        </button>
      ) : null}
    </section>
  );
}
