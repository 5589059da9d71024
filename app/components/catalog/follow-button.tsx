// Following a movie (the follow list, decision 041): the state of one movie for the signed-in viewer, changed at
// once and put back with a toast if the API refuses; a guest is sent to sign in and comes back to the same page,
// where the follow they asked for is made. Used by the movie page, the watch page and the movie cards' menu.
import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { cn } from '#app/lib/cn.ts';
import { toast } from '#app/lib/toast.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { FollowState } from '#shared/resources/follow.ts';

/** The movie a guest asked to follow before signing in: followed when they are back (session storage). */
const INTENT_KEY = 'phim:follow-after-sign-in';
/** Long enough to sign in (or register), short enough that a later, unrelated sign-in follows nothing. */
const INTENT_MS = 15 * 60_000;

type FollowedMovie = { id: number; title: string };

/** The movie id a guest asked to follow lately, or null. */
function readIntent() {
  try {
    const [id, at] = (sessionStorage.getItem(INTENT_KEY) ?? '').split(':');
    return id && Date.now() - Number(at) < INTENT_MS ? id : null;
  } catch {
    return null;
  }
}

/** True when a guest asked to follow this movie before signing in (a card mounts its menu to carry it out). */
export function hasFollowIntent(movieId: number) {
  return readIntent() === String(movieId);
}

function writeIntent(movieId: number | null) {
  try {
    if (movieId === null) sessionStorage.removeItem(INTENT_KEY);
    else sessionStorage.setItem(INTENT_KEY, `${movieId}:${Date.now()}`);
  } catch {
    // Storage off: the guest comes back and clicks again.
  }
}

/**
 * Whether the viewer follows `movie`, and the ways to change it. `initial` comes with the page (null when unknown:
 * a guest, or a card, which asks with `load` when its menu opens); a new `initial` (navigation, revalidation) wins.
 * `onChange` hears each change as it is shown, the rollback of a refused one too.
 */
export function useFollow(
  movie: FollowedMovie,
  initial: boolean | null,
  onChange?: (following: boolean) => void,
) {
  const { t } = useTranslation();
  const { user, api } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const errorMessage = useErrorMessage();
  const [following, setFollowing] = useState(initial);
  const [given, setGiven] = useState(initial);
  if (given !== initial) {
    setGiven(initial);
    setFollowing(initial);
  }
  // What the handlers read between renders: the state shown, and `change` itself (for the toast's undo).
  const current = useRef(following);
  useEffect(() => {
    current.current = following;
  }, [following]);
  const again = useRef<(next: boolean) => Promise<void>>(async () => {});
  const busy = useRef(false);
  const [pending, setPending] = useState(false);

  const change = useCallback(
    async (next: boolean) => {
      if (!user) {
        writeIntent(movie.id);
        await navigate(
          `/auth/login?redirect=${encodeURIComponent(location.pathname + location.search)}`,
        );
        return;
      }
      if (busy.current) return;
      busy.current = true;
      setPending(true);
      const before = current.current;
      current.current = next;
      setFollowing(next);
      onChange?.(next);
      try {
        if (next) await api.put(`/follows/${movie.id}`);
        else await api.delete(`/follows/${movie.id}`);
        if (next) toast.success(t('follows.followed', { title: movie.title }));
        else
          toast.message(t('follows.unfollowed', { title: movie.title }), {
            action: { label: t('follows.undo'), onClick: () => void again.current(true) },
          });
      } catch (error) {
        current.current = before;
        setFollowing(before);
        if (before !== null) onChange?.(before);
        toast.error(
          t(next ? 'follows.followFailed' : 'follows.unfollowFailed', {
            title: movie.title,
            reason: errorMessage(error),
          }),
        );
      } finally {
        busy.current = false;
        setPending(false);
      }
    },
    [user, api, movie.id, movie.title, navigate, location, onChange, t, errorMessage],
  );

  useEffect(() => {
    again.current = change;
  }, [change]);

  /** Asks the API when the state is not known yet (a card's menu opening). */
  const load = useCallback(async () => {
    if (!user || current.current !== null) return;
    try {
      const state = await api.get<FollowState>(`/follows/${movie.id}`);
      if (current.current === null) setFollowing((current.current = state.following));
    } catch {
      // The menu offers "Follow"; following again is harmless.
      if (current.current === null) setFollowing((current.current = false));
    }
  }, [user, api, movie.id]);

  // Back from signing in, with this movie asked for: follow it now.
  useEffect(() => {
    if (!user || readIntent() !== String(movie.id)) return;
    writeIntent(null);
    if (current.current !== true) void change(true);
  }, [user, movie.id, change]);

  return { following, pending, change, load };
}

/** How the toggle looks where it stands: over the movie page's dark backdrop, or among the watch page's actions. */
const tones = {
  hero: {
    variant: 'outline',
    size: 'xl',
    className:
      'border-white/30 text-white hover:bg-white/10 aria-pressed:border-primary-400 aria-pressed:text-primary-200 dark:text-white dark:aria-pressed:text-primary-200',
  },
  watch: {
    variant: 'ghost',
    size: 'lg',
    className:
      'text-neutral-400 hover:bg-neutral-800 hover:text-white aria-pressed:text-primary-300 dark:text-neutral-400 dark:aria-pressed:text-primary-300',
  },
} as const;

/** The follow toggle of the movie and watch pages: pressed while the viewer follows the movie. */
export function FollowButton({
  movie,
  following: initial,
  tone,
}: {
  movie: FollowedMovie;
  /** From the page's loader: null for a guest. */
  following: boolean | null;
  tone: keyof typeof tones;
}) {
  const { t } = useTranslation();
  const { following, pending, change } = useFollow(movie, initial);
  const Icon = following ? BookmarkCheck : Bookmark;
  return (
    <Button
      type="button"
      {...tones[tone]}
      aria-pressed={Boolean(following)}
      aria-busy={pending || undefined}
      title={following ? t('follows.unfollowHint') : undefined}
      onClick={() => void change(!following)}
      data-testid="follow-button"
    >
      <Icon aria-hidden className={cn(following && 'fill-current')} />
      {following ? t('follows.following') : t('follows.follow')}
    </Button>
  );
}
