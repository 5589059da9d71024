// The home page's hero: featured movies one at a time over their backdrops, with "Watch now" and "Details".
// It advances by itself every few seconds, except while hovered or focused, when the tab is hidden, when the visitor
// prefers reduced motion, or after the pause button; arrows, dots and pause are buttons that keyboards reach.
import { memo, useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { HeroSlide } from '#shared/resources/movie.ts';
import { Icon } from '#app/components/icon.tsx';
import { Img } from '#app/components/image.tsx';
import { cn } from '#app/lib/cn.ts';
import { MovieTitles } from '#app/components/catalog/movie-titles.tsx';
import { HeroActions } from '#app/components/catalog/hero-actions.tsx';

/** How long a slide stays before the next one. */
export const HERO_INTERVAL_MS = 7000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** The server cannot know: until the browser answers, nothing moves, which is the safe side. */
function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}

function usePageVisible() {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  );
}

export function HeroCarousel({ slides, label }: { slides: HeroSlide[]; label: string }) {
  const { t } = useTranslation();
  const id = useId();
  const count = slides.length;
  const [active, setActive] = useState(0);
  // Slides whose pictures may load: the current one and the next, then each as it is reached.
  const [reached, setReached] = useState(() => new Set([0, 1 % count]));
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reduced = usePrefersReducedMotion();
  const visible = usePageVisible();
  const rotating = count > 1 && !stopped && !reduced;
  const running = rotating && !hovered && !focused && visible;

  const go = (index: number) => {
    const next = (index + count) % count;
    setActive(next);
    setReached((seen) =>
      seen.has(next) && seen.has((next + 1) % count)
        ? seen
        : new Set([...seen, next, (next + 1) % count]),
    );
  };

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => go(active + 1), HERO_INTERVAL_MS);
    return () => window.clearTimeout(timer);
    // `go` only closes over `count`, which `active` changing already covers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running, active]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-testid="hero"
      data-running={running ? 'true' : 'false'}
      className="relative isolate overflow-hidden bg-neutral-950 text-white"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* Every slide sits in the same grid cell: the tallest sets the height, and they cross-fade in place. */}
      <div
        id={`${id}-slides`}
        className="grid [grid-template-areas:'stack']"
        aria-live={rotating ? 'off' : 'polite'}
      >
        {slides.map((slide, index) => {
          const current = index === active;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.slide', { n: index + 1, count })}
              aria-hidden={!current}
              inert={!current}
              data-active={current ? 'true' : undefined}
              className={cn(
                'relative flex flex-col transition-[opacity,visibility] duration-700 [grid-area:stack] motion-reduce:transition-none lg:min-h-[min(40rem,76vh)] lg:justify-center',
                current ? 'visible z-10 opacity-100' : 'invisible z-0 opacity-0',
              )}
            >
              <Backdrop slide={slide} load={reached.has(index)} priority={index === 0} />
              <SlideText slide={slide} />
            </div>
          );
        })}
      </div>

      {count > 1 ? (
        <div className="pointer-events-none absolute inset-x-0 bottom-0 z-20">
          <div className="mx-auto flex w-full max-w-screen-2xl items-center gap-2 px-4 pb-4 sm:px-6 sm:pb-6">
            <HeroButton
              label={t('home.prevSlide')}
              onClick={() => go(active - 1)}
              className="hidden sm:inline-flex"
              controls={`${id}-slides`}
            >
              <Icon name="chevron-left" />
            </HeroButton>
            <div className="flex items-center">
              {slides.map((slide, index) => (
                <button
                  key={slide.id}
                  type="button"
                  aria-label={t('home.goToSlide', { n: index + 1, count, title: slide.title })}
                  aria-current={index === active ? 'true' : undefined}
                  aria-controls={`${id}-slides`}
                  onClick={() => go(index)}
                  className="group pointer-events-auto grid size-6 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
                >
                  <span
                    className={cn(
                      'block h-1.5 rounded-full transition-all motion-reduce:transition-none',
                      index === active
                        ? 'w-5 bg-primary-400'
                        : 'w-1.5 bg-white/50 group-hover:bg-white/80',
                    )}
                  />
                </button>
              ))}
            </div>
            <HeroButton
              label={t('home.nextSlide')}
              onClick={() => go(active + 1)}
              className="hidden sm:inline-flex"
              controls={`${id}-slides`}
            >
              <Icon name="chevron-right" />
            </HeroButton>
            {reduced ? null : (
              <HeroButton
                label={stopped ? t('home.play') : t('home.pause')}
                onClick={() => setStopped((value) => !value)}
                className="ml-auto"
                pressed={stopped}
              >
                <Icon name={stopped ? 'play' : 'pause'} />
              </HeroButton>
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}

function HeroButton({
  label,
  onClick,
  className,
  controls,
  pressed,
  children,
}: {
  label: string;
  onClick: () => void;
  className?: string;
  controls?: string;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-controls={controls}
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'pointer-events-auto inline-flex size-9 items-center justify-center rounded-full border border-white/25 bg-neutral-950/40 text-white backdrop-blur transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
        className,
      )}
    >
      {children}
    </button>
  );
}

// A slide's picture and text depend on the slide only: the carousel's own state (the browser's answers on motion
// and visibility as it hydrates, hover, focus) renders its buttons again, not every slide's content.
const Backdrop = memo(function Backdrop({
  slide,
  load,
  priority,
}: {
  slide: HeroSlide;
  load: boolean;
  priority: boolean;
}) {
  // Without a backdrop the poster, blurred and enlarged, gives the slide its colour.
  const src = slide.backdrop ?? slide.poster;
  return (
    <div className="relative aspect-video w-full overflow-hidden sm:aspect-[21/9] lg:absolute lg:inset-0 lg:aspect-auto">
      {load && src ? (
        <Img
          src={src}
          width={1280}
          height={720}
          sizes="100vw"
          alt=""
          priority={priority}
          preload={priority}
          className={cn(
            'absolute inset-0 size-full object-cover',
            !slide.backdrop && 'scale-110 opacity-70 blur-2xl',
          )}
        />
      ) : null}
      <div
        aria-hidden
        className="absolute inset-0 bg-gradient-to-t from-neutral-950 via-neutral-950/30 to-transparent lg:via-neutral-950/10"
      />
      <div
        aria-hidden
        className="absolute inset-0 hidden bg-gradient-to-r from-neutral-950/95 via-neutral-950/55 to-transparent lg:block"
      />
    </div>
  );
});

const SlideText = memo(function SlideText({ slide }: { slide: HeroSlide }) {
  const badges = [
    slide.current_episode,
    ...slide.languages,
    slide.year ? String(slide.year) : '',
    slide.type?.name ?? '',
  ].filter(Boolean);
  return (
    <div className="relative -mt-16 w-full sm:-mt-24 lg:mt-0">
      <div className="mx-auto w-full max-w-screen-2xl px-4 pb-16 sm:px-6 sm:pb-20 lg:py-20">
        <div className="flex max-w-2xl flex-col gap-3 lg:gap-4">
          <ul className="flex flex-wrap gap-1.5 text-xs font-semibold">
            <li className="rounded-md bg-primary-700 px-2 py-1">{slide.quality}</li>
            {badges.map((badge) => (
              <li key={badge} className="rounded-md bg-white/15 px-2 py-1 backdrop-blur">
                {badge}
              </li>
            ))}
          </ul>
          <MovieTitles
            as="h2"
            title={slide.title}
            originalTitle={slide.original_title}
            titleClassName="line-clamp-3 text-3xl leading-tight font-extrabold tracking-tight text-balance [overflow-wrap:anywhere] drop-shadow sm:text-4xl lg:text-5xl"
            originalClassName="mt-1.5 line-clamp-1 text-base text-neutral-300 sm:text-lg"
          />
          {slide.genres.length ? (
            <p className="text-sm text-neutral-300">
              {slide.genres.map((genre) => genre.name).join(' · ')}
            </p>
          ) : null}
          {slide.excerpt ? (
            <p className="line-clamp-3 max-w-xl text-sm leading-relaxed text-pretty text-neutral-200 sm:text-base">
              {slide.excerpt}
            </p>
          ) : null}
          <HeroActions movie={slide} className="mt-1 flex flex-wrap gap-3" />
        </div>
      </div>
    </div>
  );
});
