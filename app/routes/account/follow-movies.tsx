// `/account/follow-movies`: the movies the viewer follows, the one with the newest episode first, each with how many
// episodes came out since they last opened it (decision 041); unfollow with an undo, and a way to find movies when
// the list is empty. It needs a verified email (guard `verified`): an unverified account is sent to the page that
// explains and resends the email.
import { BookmarkX, Bookmark } from 'lucide-react';
import { useState } from 'react';
import { useFollow } from '#app/components/catalog/follow-button.tsx';
import { MovieCard } from '#app/components/catalog/movie-card.tsx';
import { EmptyList, PageLinks } from '#app/components/list-page.tsx';
import { IconButton } from '#app/components/ui/button.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { formatDate } from '#app/lib/format.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { FollowedMovie } from '#shared/resources/follow.ts';
import type { Route } from './+types/follow-movies';

export const handle: RouteHandle = { title: 'pages.followMovies' };

/** A page of the list: four rows of a wide grid. */
const PER_PAGE = 24;

export const loader = withAccess(
  'verified',
  async ({ request }: Route.LoaderArgs, { services, user }) => {
    const page = Number(new URL(request.url).searchParams.get('page')) || 1;
    return services.follows.list(user.id, {
      page: Math.max(1, Math.trunc(page)),
      per_page: PER_PAGE,
    });
  },
);

export default function FollowMovies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { data, meta } = loaderData;
  // Unfollowed here: gone from the grid at once, back if the undo (or a refused request) says so.
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());
  const shown = data.filter((movie) => !gone.has(movie.id));
  const remaining = meta.total - gone.size;

  const setFollowing = (id: number, following: boolean) =>
    setGone((current) => {
      const next = new Set(current);
      if (following) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section aria-labelledby="follow-heading" className="flex flex-col gap-6">
      <div>
        <h1 id="follow-heading" className="text-2xl font-bold tracking-tight">
          {t('pages.followMovies')}
        </h1>
        {remaining > 0 ? (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {t('follows.count', { count: remaining })}
          </p>
        ) : null}
      </div>

      {shown.length === 0 ? (
        <EmptyList
          icon={Bookmark}
          title={t('follows.emptyTitle')}
          text={t('follows.emptyText')}
          action={{ to: '/movies', label: t('follows.browse') }}
        />
      ) : (
        <ul className="grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {shown.map((movie) => (
            <FollowedItem
              key={movie.id}
              movie={movie}
              onFollowChange={(following) => setFollowing(movie.id, following)}
            />
          ))}
        </ul>
      )}

      <PageLinks
        meta={meta}
        label={t('follows.pages')}
        previous={t('follows.previous')}
        next={t('follows.next')}
      />
    </section>
  );
}

function FollowedItem({
  movie,
  onFollowChange,
}: {
  movie: FollowedMovie;
  onFollowChange: (following: boolean) => void;
}) {
  const { t } = useTranslation();
  // The button and the card's menu both unfollow; either way the grid hears it and the toast offers an undo.
  const { change } = useFollow(movie, true, onFollowChange);

  return (
    <li className="flex min-w-0 flex-col gap-2" data-testid="followed-movie">
      <MovieCard
        movie={movie}
        following
        onFollowChange={onFollowChange}
        badge={
          movie.new_episodes > 0 ? (
            <span className="rounded-md bg-red-600 px-1.5 py-0.5 text-[11px] font-bold text-white shadow">
              {t('follows.newEpisodes', { count: movie.new_episodes })}
            </span>
          ) : null
        }
      />
      <div className="flex items-center justify-between gap-1 pl-0.5">
        <p className="min-w-0 truncate text-xs text-neutral-500 dark:text-neutral-400">
          {movie.latest_episode_at
            ? t('follows.latest', { date: formatDate(movie.latest_episode_at) })
            : t('follows.noEpisodes')}
        </p>
        <IconButton
          icon={BookmarkX}
          label={t('follows.unfollowTitle', { title: movie.title })}
          title={t('follows.unfollow')}
          className="-my-2 -mr-2 text-neutral-600 dark:text-neutral-300"
          onClick={() => void change(false)}
        />
      </div>
    </li>
  );
}
