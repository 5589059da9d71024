// `/user/profile`: the signed-in viewer's profile (issue 16): avatar, name, joined date, how many movies they follow
// and episodes they watched, and a row of the movies they watched lately, each resuming where they left it. The spec
// shows no guard: a guest gets a card that invites them to sign in, not a redirect.
import { Bookmark, History, LogIn, Pencil, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { ProgressBar, percentOf } from '#app/components/ui/progress-bar.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { Poster } from '#app/components/image.tsx';
import { Avatar } from '#app/components/ui/avatar.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { formatDate } from '#app/lib/format.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { RecentlyWatched } from '#shared/resources/follow.ts';
import type { Route } from './+types/profile';

export const handle: RouteHandle = { title: 'pages.profile' };

export const loader = withAccess('public', async (_: Route.LoaderArgs, { services, user }) => ({
  profile: user ? await services.profile.profile(user) : null,
}));

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { profile } = loaderData;
  if (!profile) return <GuestProfile />;
  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-screen-xl flex-col gap-8 px-4 py-8 sm:px-6"
    >
      <section
        aria-labelledby="profile-name"
        className="flex flex-col gap-6 rounded-2xl border border-neutral-200 bg-white p-6 sm:flex-row sm:items-center dark:border-neutral-800 dark:bg-neutral-900"
      >
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <Avatar
            name={profile.name}
            src={profile.avatar}
            className="size-16 text-xl sm:size-20 sm:text-2xl"
          />
          <div className="min-w-0">
            <h1
              id="profile-name"
              className="text-xl font-bold tracking-tight break-words sm:text-2xl"
            >
              {profile.name}
            </h1>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              {t('profile.joined', { date: formatDate(profile.joined_at) })}
            </p>
            <AppLink
              to="/account/general"
              className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline dark:text-primary-400"
            >
              <Pencil aria-hidden className="size-3.5" />
              {t('profile.edit')}
            </AppLink>
          </div>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:w-80">
          <Count
            to="/account/follow-movies"
            icon={<Bookmark aria-hidden className="size-4" />}
            label={t('profile.following')}
            value={profile.counts.following}
            testId="count-following"
          />
          <Count
            to="/user/histories"
            icon={<History aria-hidden className="size-4" />}
            label={t('profile.watched')}
            value={profile.counts.watched_episodes}
            testId="count-watched"
          />
        </ul>
      </section>

      <section aria-labelledby="recent-heading" className="flex flex-col gap-3">
        <div className="flex items-end justify-between gap-3">
          <h2 id="recent-heading" className="text-xl font-bold">
            {t('profile.recent')}
          </h2>
          {profile.recently_watched.length ? (
            <AppLink
              to="/user/histories"
              className="text-sm font-medium text-primary-700 hover:underline dark:text-primary-400"
            >
              {t('profile.allHistory')}
            </AppLink>
          ) : null}
        </div>
        {profile.recently_watched.length ? (
          <ul className="grid auto-cols-[8.5rem] grid-flow-col gap-3 overflow-x-auto pb-2 sm:auto-cols-[10rem]">
            {profile.recently_watched.map((item) => (
              <RecentItem key={item.movie_id} item={item} />
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-neutral-300 p-6 dark:border-neutral-700">
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              {t('profile.nothingWatched')}
            </p>
            <Button asChild size="lg">
              <AppLink to="/movies">{t('profile.browse')}</AppLink>
            </Button>
          </div>
        )}
      </section>
    </main>
  );
}

function Count({
  to,
  icon,
  label,
  value,
  testId,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  value: number;
  testId: string;
}) {
  return (
    <li>
      <AppLink
        to={to}
        className="flex h-full flex-col justify-between gap-1 rounded-xl bg-neutral-100 p-4 hover:bg-neutral-200 focus-visible:outline-2 focus-visible:outline-offset-2 dark:bg-neutral-800 dark:hover:bg-neutral-700"
        data-testid={testId}
      >
        <span className="flex items-center gap-1.5 text-xs font-medium text-neutral-600 dark:text-neutral-300">
          {icon}
          {label}
        </span>
        <span className="text-2xl font-bold tabular-nums">{value.toLocaleString('vi-VN')}</span>
      </AppLink>
    </li>
  );
}

function RecentItem({ item }: { item: RecentlyWatched }) {
  const { t } = useTranslation();
  return (
    <li className="min-w-0">
      <AppLink
        to={`/watch/${item.movie_slug}/${item.ep}`}
        className="group flex flex-col gap-2 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4"
        aria-label={t('profile.resume', { title: item.movie_title, episode: item.episode_name })}
      >
        <div className="relative aspect-[2/3] overflow-hidden rounded-xl bg-neutral-200 shadow-sm dark:bg-neutral-800">
          <Poster
            src={item.poster}
            width={160}
            alt=""
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
          <span className="absolute inset-0 flex items-center justify-center bg-neutral-950/0 opacity-0 transition group-hover:bg-neutral-950/40 group-hover:opacity-100 group-focus-visible:bg-neutral-950/40 group-focus-visible:opacity-100">
            <Play aria-hidden className="size-10 fill-white text-white" />
          </span>
          <ProgressBar
            percent={percentOf(item.position, item.duration)}
            className="absolute inset-x-0 bottom-0 bg-neutral-950/60"
          />
        </div>
        <div className="min-w-0 px-0.5">
          <p className="line-clamp-2 text-sm font-semibold group-hover:text-primary-700 dark:group-hover:text-primary-300">
            {item.movie_title}
          </p>
          <p className="truncate text-xs text-neutral-500 dark:text-neutral-400">
            {item.episode_name}
          </p>
        </div>
      </AppLink>
    </li>
  );
}

/** What a guest sees: what a profile is for, and the way in. */
function GuestProfile() {
  const { t } = useTranslation();
  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-12"
    >
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-neutral-200 bg-white p-8 text-center shadow-sm dark:border-neutral-800 dark:bg-neutral-900">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-700 dark:bg-primary-500/15 dark:text-primary-300">
          <LogIn aria-hidden className="size-6" />
        </span>
        <h1 className="text-xl font-bold">{t('profile.guestTitle')}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('profile.guestText')}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild size="lg">
            <AppLink to="/auth/login?redirect=%2Fuser%2Fprofile">{t('nav.signIn')}</AppLink>
          </Button>
          <Button asChild size="lg" variant="outline">
            <AppLink to="/auth/register?redirect=%2Fuser%2Fprofile">{t('nav.register')}</AppLink>
          </Button>
        </div>
      </div>
    </main>
  );
}
