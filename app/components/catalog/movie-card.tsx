// A movie in a grid or a row: poster with quality, language and current-episode badges, title and original title.
// Its menu (the ⋯ button on hover or focus, or a long press on a touch screen) follows or unfollows the movie.
// The menu itself (Radix's, with the follow state's hooks) is made when it first opens: until then the ⋯ is a
// plain button, as a page of a hundred cards spent about a fifth of its server render on a hundred closed menus.
// The badges and the ⋯ have no backdrop blur: each was a composited layer of its own, and a home page of about a
// hundred cards spent a third of its first frames compositing three hundred of them (decision 059). Its parts are
// component classes (app.css), its link a `PlainLink` and its ⋯ drawn by CSS: a hundred cards are a hundred times
// whatever each one costs to render, send, parse and hydrate (decision 060).
import { BookmarkCheck, BookmarkPlus, Info } from 'lucide-react';
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
import { AppLink, PlainLink } from '#app/components/app-link.tsx';
import { Icon } from '#app/components/icon.tsx';
import { hasFollowIntent, useFollow } from '#app/components/catalog/follow-button.tsx';
import { Poster } from '#app/components/image.tsx';
import { subscribeToNothing } from '#app/lib/use-hydrated.ts';
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
  // Session storage tells no one of changes: the intent is read again at each render.
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
      className="card"
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
      <PlainLink to={`/watch/${movie.slug}`} className="card-link" data-testid="movie-card">
        <div className="card-poster">
          <Poster
            src={movie.poster}
            width={240}
            sizes="(min-width: 1280px) 12rem, (min-width: 768px) 22vw, 45vw"
            alt=""
            priority={priority}
            className="card-img"
          />
          <div className="card-badges">
            {badge}
            <span className="badge badge-quality">{movie.quality}</span>
            {movie.languages[0] ? <span className="badge">{movie.languages[0]}</span> : null}
          </div>
          {movie.current_episode ? (
            <span className="badge card-episode">{movie.current_episode}</span>
          ) : null}
        </div>
        <MovieTitles
          title={movie.title}
          originalTitle={movie.original_title}
          year={movie.year}
          className="card-titles"
          titleClassName="card-title"
          originalClassName="card-original"
        />
      </PlainLink>
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

/** The ⋯ button: the menu's trigger once the menu is made, a plain button that makes it before. */
function MenuButton({ title, ...props }: { title: string } & ComponentProps<'button'>) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className="card-menu"
      aria-label={t('follows.cardMenu', { title })}
      {...props}
    >
      <Icon name="more" />
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
