// A titled row of cards that scrolls sideways: by touch (with snap points), by keyboard (arrow keys, Home and End
// move between cards), and with previous/next buttons on wider screens; "see all" leads to its listing.
import {
  Children,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useNear } from '#app/lib/use-near.ts';
import { AppLink, PlainLink } from '#app/components/app-link.tsx';
import { Icon } from '#app/components/icon.tsx';
import { MovieCard } from '#app/components/catalog/movie-card.tsx';
import { MovieTitles } from '#app/components/catalog/movie-titles.tsx';
import { Img } from '#app/components/image.tsx';
import type { CardMovie } from '#shared/resources/movie.ts';

/**
 * The cards a row shows before the viewer comes near it: enough to fill the widest screens (about nine posters or
 * six wide cards at 1920 px). The rest are rendered as the row nears the screen, so that a home page of nine rows
 * of sixteen is not a hundred and fifty cards to render, send, lay out and hydrate at once; crawlers get them all
 * (decision 060).
 */
const FIRST_CARDS = 10;
const FIRST_WIDE_CARDS = 6;
/**
 * A row below the fold (the home page's third on, a watch page's More like this) renders only the places of those
 * first cards until the viewer nears it: one element each, drawn by CSS as a poster and its title lines, instead of
 * a card's fourteen. Nobody sees a row's cards before it nears the screen, and by then the page is interactive;
 * crawlers get every card (decision 065).
 */
const CARD_PLACE = 'row-item card-place';
const WIDE_CARD_PLACE = 'w-64 shrink-0 sm:w-72 lg:w-80 card-place card-place-wide';

function reducedMotion() {
  return (
    typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

export function MovieRow({
  title,
  href,
  movies,
  priority = false,
  belowFold = false,
}: {
  title: string;
  /** The listing or landing that shows all of them; none when no listing matches. */
  href?: string | null;
  movies: CardMovie[];
  /** The first row above the fold: its posters load eagerly. */
  priority?: boolean;
  /** Far enough down the page that only its cards' places are rendered until the viewer nears it. */
  belowFold?: boolean;
}) {
  return (
    <ScrollRow
      title={title}
      href={href}
      testId="movie-row"
      first={FIRST_CARDS}
      place={belowFold ? CARD_PLACE : null}
    >
      {movies.map((movie, index) => (
        <li key={movie.id} className="row-item">
          <MovieCard movie={movie} priority={priority && index < 3} />
        </li>
      ))}
    </ScrollRow>
  );
}

/**
 * The row itself: its heading, "see all", the arrows, and the scrolling list of `children` (`<li>` cards), of which
 * only the `first` until the row nears the screen, or only their places (`<li>`s of the `place` class) when given.
 */
export function ScrollRow({
  title,
  href,
  testId,
  first = Infinity,
  place = null,
  children,
}: {
  title: string;
  href?: string | null;
  testId?: string;
  first?: number;
  place?: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  // Near the screen (or a crawler's page): with all its cards.
  const near = useNear(list);
  const items = Children.toArray(children);
  const shown = near ? items : place ? [] : items.slice(0, first);
  const places = near || !place ? 0 : Math.min(items.length, first);
  const headingId = useId();
  const listId = useId();
  // Before hydration nothing is known about the width: offer "next", as most rows overflow.
  const [edges, setEdges] = useState({ start: true, end: false });

  const measure = useCallback(() => {
    const node = list.current;
    if (!node) return;
    const start = node.scrollLeft <= 4;
    const end = node.scrollLeft + node.clientWidth >= node.scrollWidth - 4;
    setEdges((current) =>
      current.start === start && current.end === end ? current : { start, end },
    );
  }, []);

  useEffect(() => {
    const node = list.current;
    if (!near || !node) return;
    // Measured once the row nears the screen: reading a row's widths lays it out at once, and the rows below
    // the fold are left for the browser to lay out when they come near (decision 059); measuring them all as
    // the page hydrated was a forced layout of every row.
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    const resized = new ResizeObserver(onScroll);
    node.addEventListener('scroll', onScroll, { passive: true });
    resized.observe(node);
    measure();
    return () => {
      cancelAnimationFrame(frame);
      node.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, [near, measure]);

  const page = (direction: 1 | -1) => {
    const node = list.current;
    if (!node) return;
    node.scrollBy({
      left: direction * Math.max(160, node.clientWidth * 0.85),
      behavior: reducedMotion() ? 'auto' : 'smooth',
    });
  };

  /** Arrow keys walk the cards; the focused card is scrolled into view, snapping as a swipe would. */
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const items = Array.from(event.currentTarget.children) as HTMLElement[];
    const current = items.findIndex((item) => item.contains(document.activeElement));
    if (current < 0) return;
    const next =
      event.key === 'ArrowRight'
        ? current + 1
        : event.key === 'ArrowLeft'
          ? current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = items[Math.max(0, Math.min(items.length - 1, next))];
    if (!target) return;
    target.querySelector<HTMLElement>('a')?.focus({ preventScroll: true });
    // A card partly out of the row is brought to its start: a snap position of its own. Scrolled only as far as
    // it shows (`nearest`), the row's snapping moved it back to the nearest card's start, cutting it again.
    const card = target.getBoundingClientRect();
    const row = event.currentTarget.getBoundingClientRect();
    const shown = card.left >= row.left && card.right <= row.right;
    target.scrollIntoView({
      block: 'nearest',
      inline: shown ? 'nearest' : 'start',
      behavior: reducedMotion() ? 'auto' : 'smooth',
    });
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid={testId}>
      <RowHeader headingId={headingId} title={title} href={href}>
        <div className="hidden items-center gap-1 md:flex">
          {([-1, 1] as const).map((step) => (
            // Plain markup with a CSS chevron: a home page has eighteen of these (decision 065).
            <button
              key={step}
              type="button"
              className="row-arrow"
              aria-label={step < 0 ? t('home.rowPrev', { title }) : t('home.rowNext', { title })}
              aria-controls={listId}
              disabled={step < 0 ? edges.start : edges.end}
              onClick={() => page(step)}
            >
              <Icon name={step < 0 ? 'chevron-left' : 'chevron-right'} />
            </button>
          ))}
        </div>
      </RowHeader>
      <div className="mx-auto w-full max-w-screen-2xl">
        <ul
          ref={list}
          id={listId}
          onKeyDown={onKeyDown}
          className="flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto overscroll-x-contain px-4 pt-2 pb-3 [scrollbar-width:none] sm:scroll-px-6 sm:gap-4 sm:px-6 [&::-webkit-scrollbar]:hidden"
        >
          {shown}
          {Array.from({ length: places }, (_, index) => (
            <li key={`place-${index}`} aria-hidden className={place!} />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A row's or grid's heading, its "see all" link and any buttons beside it (`children`). */
export function RowHeader({
  headingId,
  title,
  href,
  children,
}: {
  headingId: string;
  title: string;
  href?: string | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-screen-2xl items-center justify-between gap-3 px-4 sm:px-6">
      <h2
        id={headingId}
        className="min-w-0 truncate text-lg font-bold tracking-tight sm:text-xl lg:text-2xl"
      >
        {title}
      </h2>
      <div className="flex shrink-0 items-center gap-1">
        {href ? (
          <AppLink
            to={href}
            aria-label={t('home.seeAllOf', { title })}
            className="inline-flex h-9 items-center gap-0.5 rounded-lg px-2 text-sm font-semibold text-primary-700 hover:bg-primary-50 focus-visible:outline-2 dark:text-primary-300 dark:hover:bg-primary-500/15"
          >
            {t('home.seeAll')}
            <Icon name="chevron-right" />
          </AppLink>
        ) : null}
        {children}
      </div>
    </div>
  );
}

/** The same movies as a wrapped grid of posters (the home page's "grid" layout): nothing scrolls sideways. */
export function MovieGrid({
  title,
  href,
  movies,
  priority = false,
}: {
  title: string;
  href?: string | null;
  movies: CardMovie[];
  priority?: boolean;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="movie-grid">
      <RowHeader headingId={headingId} title={title} href={href} />
      <ul className="mx-auto grid w-full max-w-screen-2xl grid-cols-2 gap-x-3 gap-y-6 px-4 pt-2 sm:grid-cols-3 sm:gap-x-4 sm:px-6 md:grid-cols-4 lg:grid-cols-6 2xl:grid-cols-8">
        {movies.map((movie, index) => (
          <li key={movie.id}>
            <MovieCard movie={movie} priority={priority && index < 4} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The same movies as wide 16:9 cards over their backdrops, in a row that scrolls sideways. */
export function LandscapeRow({
  title,
  href,
  movies,
  priority = false,
  belowFold = false,
}: {
  title: string;
  href?: string | null;
  movies: Array<CardMovie & { backdrop: string | null }>;
  priority?: boolean;
  belowFold?: boolean;
}) {
  return (
    <ScrollRow
      title={title}
      href={href}
      testId="landscape-row"
      first={FIRST_WIDE_CARDS}
      place={belowFold ? WIDE_CARD_PLACE : null}
    >
      {movies.map((movie, index) => (
        <li key={movie.id} className="w-64 shrink-0 snap-start sm:w-72 lg:w-80">
          <LandscapeCard movie={movie} priority={priority && index < 2} />
        </li>
      ))}
    </ScrollRow>
  );
}

function LandscapeCard({
  movie,
  priority,
}: {
  movie: CardMovie & { backdrop: string | null };
  priority: boolean;
}) {
  return (
    <PlainLink to={`/watch/${movie.slug}`} className="card-link" data-testid="landscape-card">
      <div className="card-poster-wide">
        <Img
          src={movie.backdrop ?? movie.poster}
          width={320}
          height={180}
          sizes="(min-width: 1024px) 20rem, (min-width: 640px) 18rem, 16rem"
          alt=""
          priority={priority}
          className="card-img"
        />
        <div
          aria-hidden
          className="absolute inset-0 bg-gradient-to-t from-neutral-950/70 via-transparent to-transparent"
        />
        <span className="badge badge-quality absolute top-2 left-2">{movie.quality}</span>
        {movie.current_episode ? (
          <span className="badge card-episode max-w-[70%]">{movie.current_episode}</span>
        ) : null}
      </div>
      <MovieTitles
        title={movie.title}
        originalTitle={movie.original_title}
        year={movie.year}
        className="card-titles"
        titleClassName="card-title line-clamp-1"
        originalClassName="card-original"
      />
    </PlainLink>
  );
}
