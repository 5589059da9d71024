// A movie in a grid or a row: poster with quality, language and current-episode badges, title and original title.
// Its menu (the ⋯ button on hover or focus, or a long press on a touch screen) follows or unfollows the movie.
// The menu itself (Radix's, with the follow state's hooks) is made when it first opens: until then the ⋯ is a
// plain button, as a page of a hundred cards spent about a fifth of its server render on a hundred closed menus.
// The badges and the ⋯ have no backdrop blur: each was a composited layer of its own, and a home page of about a
// hundred cards spent a third of its first frames compositing three hundred of them (decision 059).
import { BookmarkCheck, BookmarkPlus, Info, MoreVertical } from 'lucide-react';
import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type { CardMovie } from '#shared/resources/movie.ts';
import { AppLink } from '#app/components/app-link.tsx';
import { hasFollowIntent, useFollow } from '#app/components/catalog/follow-button.tsx';
import { Poster } from '#app/components/image.tsx';
import { MovieTitles } from '#app/components/catalog/movie-titles.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#app/components/ui/dropdown-menu.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';

/** How long a finger rests on a card before its menu opens (the platforms' own long press is about as long). */
const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling the row, not pressing. */
const LONG_PRESS_SLOP_PX = 10;

export function MovieCard({
  movie,
  priority = false,
  following = null,
  onFollowChange,
  badge,
}: {
  movie: CardMovie;
  priority?: boolean;
  /** Whether the viewer follows it, when the page knows (the follow list); otherwise the menu asks. */
  following?: boolean | null;
  onFollowChange?: (following: boolean) => void;
  /** One more badge before the quality (the follow list's new episodes). */
  badge?: ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuMade, setMenuMade] = useState(false);
  const openMenu = () => {
    setMenuMade(true);
    setMenuOpen(true);
  };
  const { user } = useAuth();
  // Back from signing in to follow this movie from its card: the menu's follow state carries that out.
  const followAsked = useSyncExternalStore(
    subscribeToNothing,
    () => Boolean(user) && hasFollowIntent(movie.id),
    () => false,
  );
  const press = useRef<{ timer: number; x: number; y: number; opened: boolean } | null>(null);

  const cancelPress = () => {
    if (press.current) window.clearTimeout(press.current.timer);
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    cancelPress();
    const state = { timer: 0, x: event.clientX, y: event.clientY, opened: false };
    state.timer = window.setTimeout(() => {
      state.opened = true;
      openMenu();
    }, LONG_PRESS_MS);
    press.current = state;
  };
  const onPointerMove = (event: PointerEvent) => {
    const state = press.current;
    if (state && Math.hypot(event.clientX - state.x, event.clientY - state.y) > LONG_PRESS_SLOP_PX)
      cancelPress();
  };

  return (
    <div
      className="group/card relative"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={cancelPress}
      onPointerCancel={cancelPress}
      onContextMenu={(event) => {
        // The phone's own link menu would cover ours.
        if (press.current) event.preventDefault();
      }}
      onClickCapture={(event) => {
        // The finger lifted after a long press: that was not a click on the card.
        if (press.current?.opened) {
          event.preventDefault();
          event.stopPropagation();
        }
        press.current = null;
      }}
    >
      <AppLink
        to={`/watch/${movie.slug}`}
        className="group flex flex-col gap-2 rounded-xl select-none focus-visible:outline-2 focus-visible:outline-offset-4 [-webkit-touch-callout:none]"
        data-testid="movie-card"
      >
        <div className="relative aspect-[2/3] overflow-hidden rounded-xl bg-neutral-200 shadow-sm dark:bg-neutral-800">
          <Poster
            src={movie.poster}
            width={240}
            sizes="(min-width: 1280px) 12rem, (min-width: 768px) 22vw, 45vw"
            alt=""
            priority={priority}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
          <div className="absolute top-2 left-2 flex flex-wrap gap-1 pr-9">
            {badge}
            <span className="rounded-md bg-primary-700 px-1.5 py-0.5 text-[11px] font-bold text-white shadow">
              {movie.quality}
            </span>
            {movie.languages[0] ? (
              <span className="rounded-md bg-neutral-950/85 px-1.5 py-0.5 text-[11px] font-semibold text-white">
                {movie.languages[0]}
              </span>
            ) : null}
          </div>
          {movie.current_episode ? (
            <span className="absolute right-2 bottom-2 max-w-[85%] truncate rounded-md bg-neutral-950/85 px-1.5 py-0.5 text-[11px] font-semibold text-white">
              {movie.current_episode}
            </span>
          ) : null}
        </div>
        <MovieTitles
          title={movie.title}
          originalTitle={movie.original_title}
          year={movie.year}
          className="min-w-0 px-0.5"
          titleClassName="line-clamp-2 text-sm font-semibold group-hover:text-primary-700 dark:group-hover:text-primary-300"
          originalClassName="truncate text-xs text-neutral-500 dark:text-neutral-400"
        />
      </AppLink>
      {menuMade || followAsked ? (
        <CardMenu
          movie={movie}
          following={following}
          onFollowChange={onFollowChange}
          open={menuOpen}
          onOpenChange={setMenuOpen}
        />
      ) : (
        <MenuButton
          title={movie.title}
          onClick={openMenu}
          onKeyDown={(event) => {
            // As Radix's trigger does.
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              openMenu();
            }
          }}
        />
      )}
    </div>
  );
}

/** Session storage tells no one of changes; the intent is read again at each render. */
const subscribeToNothing = () => () => {};

/** The ⋯ button: the menu's trigger once the menu is made, a plain button that makes it before. */
function MenuButton({ title, ...props }: { title: string } & ComponentProps<'button'>) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className="absolute top-1.5 right-1.5 inline-flex size-8 items-center justify-center rounded-full bg-neutral-950/80 text-white opacity-0 shadow transition-opacity group-focus-within/card:opacity-100 group-hover/card:opacity-100 hover:bg-neutral-950/90 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 data-[state=open]:opacity-100 pointer-coarse:opacity-100"
      aria-label={t('follows.cardMenu', { title })}
      {...props}
    >
      <MoreVertical aria-hidden className="size-4" />
    </button>
  );
}

/** The card's menu: follow or unfollow (asked of the API as it opens), and the movie's page. */
function CardMenu({
  movie,
  following: known,
  onFollowChange,
  open,
  onOpenChange,
}: {
  movie: CardMovie;
  following: boolean | null;
  onFollowChange?: (following: boolean) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { following, change, load } = useFollow(movie, known, onFollowChange);
  // Each time it opens (the first time too, made open), the menu asks whether the viewer follows the movie.
  useEffect(() => {
    if (open) void load();
  }, [open, load]);
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <MenuButton title={movie.title} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="line-clamp-2">{movie.title}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          // Signed in, the state is on its way: the right word comes in a moment.
          disabled={Boolean(user) && following === null}
          onSelect={() => void change(!following)}
        >
          {following ? <BookmarkCheck aria-hidden /> : <BookmarkPlus aria-hidden />}
          {following ? t('follows.unfollow') : t('follows.follow')}
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <AppLink to={`/watch/${movie.slug}`}>
            <Info aria-hidden />
            {t('follows.details')}
          </AppLink>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
