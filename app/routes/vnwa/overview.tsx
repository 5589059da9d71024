// `/vnwa/overview`, how the site is doing (decision 051): viewers now (live over the socket), views, the most
// watched titles, new accounts, reports, the transcode queue and disk use, each leading to the screen that acts on it.
import { Activity, Eye, Flag, HardDrive, UserPlus, Video } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { AppLink } from '#app/components/app-link.tsx';
import { Poster } from '#app/components/image.tsx';
import { ProgressBar, percentOf } from '#app/components/ui/progress-bar.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { formatDate, formatFileSize } from '#app/lib/format.ts';
import { useRealtimeEvent } from '#app/lib/realtime.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { Route } from './+types/overview';

export const handle: RouteHandle = { title: 'admin.pages.overview' };

export const loader = withAccess('admin', async (_args: Route.LoaderArgs, { services }) => ({
  overview: await services.overview.read(),
}));

/** How long the page waits for more of a burst of video or report events before it loads once. */
const SETTLE_MS = 1000;
const number = (value: number) => value.toLocaleString('vi-VN');

function Card({
  title,
  icon,
  to,
  children,
  className = '',
}: {
  title: string;
  icon: ReactNode;
  to?: string;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`flex min-w-0 flex-col gap-3 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs dark:border-neutral-800 dark:bg-neutral-900 ${className}`}
    >
      <header className="flex items-center justify-between gap-2">
        <h2
          id={id}
          className="flex items-center gap-2 text-sm font-medium text-neutral-600 dark:text-neutral-400"
        >
          <span aria-hidden className="text-primary-600 dark:text-primary-400 [&>svg]:size-4">
            {icon}
          </span>
          {title}
        </h2>
        {to ? (
          <AppLink
            to={to}
            className="text-xs font-medium text-primary-700 hover:underline dark:text-primary-300"
          >
            {t('overview.open')}
          </AppLink>
        ) : null}
      </header>
      {children}
    </section>
  );
}

function Figure({ value, label }: { value: ReactNode; label: string }) {
  return (
    <div className="min-w-0">
      <div className="text-xl font-semibold tabular-nums sm:text-2xl">{value}</div>
      <div className="text-xs text-neutral-500 dark:text-neutral-400">{label}</div>
    </div>
  );
}

/** Reloads the figures when videos or reports move, a burst at a time. */
function useLiveOverview() {
  const revalidator = useRevalidator();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const again = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void revalidator.revalidate(), SETTLE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useRealtimeEvent('video.ready', again);
  useRealtimeEvent('video.failed', again);
  useRealtimeEvent('report.created', again);
  useRealtimeEvent('report.updated', again);
}

export default function OverviewScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { overview } = loaderData;
  const [viewers, setViewers] = useState(overview.viewers_now);
  const [progress, setProgress] = useState<Record<number, number>>({});
  // Figures loaded again (an event, a revisit) are current: the live ones start from them.
  const [shown, setShown] = useState(overview);
  if (shown !== overview) {
    setShown(overview);
    setViewers(overview.viewers_now);
    setProgress({});
  }
  useRealtimeEvent<{ viewers: number }>('presence.count', (event) => setViewers(event.viewers));
  useRealtimeEvent<{ videoId: number; progress: number }>('video.progress', (event) =>
    setProgress((current) => ({ ...current, [event.videoId]: event.progress })),
  );
  useLiveOverview();
  const { disk, transcodes, users, views, reports } = overview;
  const used = disk.total - disk.free;

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Card title={t('overview.viewersNow')} icon={<Activity />}>
          <div className="flex items-center gap-2">
            <span className="relative flex size-2.5" aria-hidden>
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-primary-500 opacity-60 motion-reduce:animate-none" />
              <span className="relative inline-flex size-2.5 rounded-full bg-primary-500" />
            </span>
            <span className="text-2xl font-semibold tabular-nums" aria-live="polite">
              {number(viewers)}
            </span>
          </div>
          <p className="text-xs text-neutral-500 dark:text-neutral-400">
            {t('overview.viewersHint')}
          </p>
        </Card>
        <Card title={t('overview.views')} icon={<Eye />}>
          <div className="grid grid-cols-2 gap-2">
            <Figure value={number(views.day)} label={t('overview.last24h')} />
            <Figure value={number(views.week)} label={t('overview.last7d')} />
          </div>
        </Card>
        <Card title={t('overview.newUsers')} icon={<UserPlus />} to="/vnwa/users">
          <div className="grid grid-cols-2 gap-2">
            <Figure value={number(users.day)} label={t('overview.last24h')} />
            <Figure value={number(users.week)} label={t('overview.last7d')} />
          </div>
          <p className="text-xs text-neutral-500 dark:text-neutral-400">
            {t('overview.usersTotal', { count: users.total })}
          </p>
        </Card>
        <Card title={t('overview.reports')} icon={<Flag />} to="/vnwa/movie/reports">
          <div className="grid grid-cols-2 gap-2">
            <Figure value={number(reports.open)} label={t('overview.reportsOpen')} />
            <Figure value={number(reports.in_progress)} label={t('overview.reportsInProgress')} />
          </div>
        </Card>
        <Card
          title={t('overview.transcodes')}
          icon={<Video />}
          to="/vnwa/vmedia/video-manager/list"
          className="col-span-2 lg:col-span-1"
        >
          <div className="grid grid-cols-3 gap-2">
            <Figure value={number(transcodes.running)} label={t('overview.running')} />
            <Figure value={number(transcodes.waiting)} label={t('overview.waiting')} />
            <Figure
              value={
                <span className={transcodes.failed ? 'text-red-600 dark:text-red-400' : undefined}>
                  {number(transcodes.failed)}
                </span>
              }
              label={t('overview.failed')}
            />
          </div>
        </Card>
      </div>

      <div className="grid gap-3 lg:grid-cols-3">
        <Card title={t('overview.topTitles')} icon={<Eye />}>
          {overview.top_titles.length === 0 ? (
            <p className="text-sm text-neutral-500 dark:text-neutral-400">
              {t('overview.noViews')}
            </p>
          ) : (
            <ol className="flex flex-col gap-2">
              {overview.top_titles.map((movie, index) => (
                <li key={movie.id} className="flex items-center gap-3">
                  <span className="w-4 text-right text-sm font-semibold text-neutral-400 tabular-nums">
                    {index + 1}
                  </span>
                  <Poster
                    src={movie.poster ?? ''}
                    alt=""
                    width={32}
                    className="shrink-0 rounded-md"
                  />
                  <div className="min-w-0 flex-1">
                    <a
                      href={`/${movie.slug}`}
                      target="_blank"
                      rel="noreferrer"
                      className="line-clamp-2 text-sm font-medium hover:underline"
                    >
                      {movie.title}
                    </a>
                    <div className="text-xs text-neutral-500 tabular-nums dark:text-neutral-400">
                      {t('overview.viewsWeek', { count: movie.views_week })}
                    </div>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </Card>

        <Card title={t('overview.latestUsers')} icon={<UserPlus />} to="/vnwa/users">
          {users.latest.length === 0 ? (
            <p className="text-sm text-neutral-500 dark:text-neutral-400">
              {t('overview.noUsers')}
            </p>
          ) : (
            <ul className="flex flex-col gap-2">
              {users.latest.map((user) => (
                <li key={user.id} className="flex min-w-0 items-baseline justify-between gap-3">
                  <div className="min-w-0">
                    <div className="truncate text-sm font-medium">{user.name}</div>
                    <div className="truncate text-xs text-neutral-500 dark:text-neutral-400">
                      {user.email}
                    </div>
                  </div>
                  <time
                    dateTime={user.created_at}
                    className="shrink-0 text-xs text-neutral-500 tabular-nums dark:text-neutral-400"
                  >
                    {formatDate(user.created_at)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title={t('overview.disk')} icon={<HardDrive />} to="/vnwa/setting/backup">
          <div className="flex flex-col gap-1.5">
            <span className="text-sm tabular-nums">
              {t('overview.diskUsed', {
                used: formatFileSize(used),
                total: formatFileSize(disk.total),
              })}
            </span>
            <ProgressBar
              percent={percentOf(used, disk.total)}
              label={t('overview.disk')}
              className="h-2 rounded-full bg-neutral-200 dark:bg-neutral-800"
              barClassName={disk.free < disk.total * 0.1 ? 'bg-red-500' : 'bg-primary-500'}
            />
            <span className="text-xs text-neutral-500 tabular-nums dark:text-neutral-400">
              {t('overview.diskFree', { free: formatFileSize(disk.free) })}
            </span>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-neutral-500 dark:text-neutral-400">
              {t('overview.folders.database')}
            </dt>
            <dd className="text-right tabular-nums">{formatFileSize(disk.database)}</dd>
            {disk.folders ? (
              Object.entries(disk.folders).map(([folder, bytes]) => (
                <div key={folder} className="contents">
                  <dt className="text-neutral-500 dark:text-neutral-400">
                    {t(`overview.folders.${folder}`)}
                  </dt>
                  <dd className="text-right tabular-nums">{formatFileSize(bytes)}</dd>
                </div>
              ))
            ) : (
              <dd className="col-span-2 text-xs text-neutral-500 dark:text-neutral-400">
                {t('overview.measuring')}
              </dd>
            )}
          </dl>
        </Card>
      </div>

      {transcodes.current.length ? (
        <Card
          title={t('overview.transcodingNow')}
          icon={<Video />}
          to="/vnwa/vmedia/video-manager/list"
        >
          <ul className="flex flex-col gap-3">
            {transcodes.current.map((video) => {
              const percent = progress[video.id] ?? video.progress;
              return (
                <li key={video.id} className="flex flex-col gap-1">
                  <div className="flex justify-between gap-3 text-sm">
                    <span className="truncate">{video.name}</span>
                    <span className="tabular-nums">{percent}%</span>
                  </div>
                  <ProgressBar
                    percent={percent}
                    label={video.name}
                    className="h-1.5 rounded-full bg-neutral-200 dark:bg-neutral-800"
                    barClassName="bg-primary-500 transition-[width]"
                  />
                </li>
              );
            })}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
