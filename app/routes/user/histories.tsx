// `/user/histories`: the signed-in viewer's watch history, newest first (issue 16): each episode with its poster,
// how far it was watched and a link back to that place; remove one, clear them all after a confirm, or pause it. A
// guest is sent to sign in (guard `user`). Positions are saved by the player (decision 040).
import { History, Pause, Play, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { ProgressBar, percentOf } from '#app/components/ui/progress-bar.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { EmptyState, NewerOlderPager } from '#app/components/list-states.tsx';
import { Poster } from '#app/components/image.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/dialog.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { useApi } from '#app/lib/auth.tsx';
import { formatClock } from '#app/lib/format.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { toast } from '#app/lib/toast.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { HistoryItem } from '#shared/resources/history.ts';
import type { Route } from './+types/histories';

export const handle: RouteHandle = { title: 'pages.histories' };

/** A page of the history: a screenful of posters. */
const PER_PAGE = 24;

export const loader = withAccess(
  'user',
  async ({ request }: Route.LoaderArgs, { services, user }) => {
    const page = Number(new URL(request.url).searchParams.get('page')) || 1;
    const history = await services.history.list(user.id, {
      page: Math.max(1, Math.trunc(page)),
      per_page: PER_PAGE,
    });
    return { ...history, paused: user.historyPaused };
  },
);

export default function Histories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const api = useApi();
  const revalidator = useRevalidator();
  const errorMessage = useErrorMessage();
  const [clearError, setClearError] = useState<string | null>(null);
  const { data, meta, paused } = loaderData;
  const [switching, setSwitching] = useState(false);

  const setPaused = async (next: boolean) => {
    setSwitching(true);
    try {
      await api.put('/history/paused', { paused: next });
      // The session carries the switch (decision 040): the loader reads it again.
      await revalidator.revalidate();
      toast.success(t(next ? 'histories.pausedToast' : 'histories.unpausedToast'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSwitching(false);
    }
  };

  const clear = async () => {
    setClearError(null);
    try {
      await api.delete('/history');
    } catch (error) {
      setClearError(errorMessage(error));
      throw error;
    }
    toast.success(t('histories.cleared'));
    await revalidator.revalidate();
  };

  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-screen-xl flex-col gap-6 px-4 py-8 sm:px-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t('pages.histories')}</h1>
          {meta.total > 0 ? (
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              {t('histories.count', { count: meta.total })}
            </p>
          ) : null}
        </div>
        <div className="flex w-full gap-2 sm:w-auto">
          <Button
            variant="outline"
            size="lg"
            className="flex-1 sm:flex-none"
            disabled={switching}
            aria-pressed={paused}
            onClick={() => void setPaused(!paused)}
          >
            {paused ? <Play aria-hidden /> : <Pause aria-hidden />}
            {t(paused ? 'histories.unpause' : 'histories.pause')}
          </Button>
          {meta.total > 0 ? (
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="lg" className="flex-1 sm:flex-none">
                  <Trash2 aria-hidden />
                  {t('histories.clear')}
                </Button>
              }
              title={t('histories.clearTitle')}
              description={t('histories.clearText', { count: meta.total })}
              confirmLabel={t('histories.clear')}
              onConfirm={clear}
            >
              {clearError ? <Alert tone="error">{clearError}</Alert> : null}
            </ConfirmDialog>
          ) : null}
        </div>
      </div>

      {paused ? (
        <Alert tone="info" title={t('histories.pausedTitle')}>
          {t('histories.pausedText')}
        </Alert>
      ) : null}

      {data.length === 0 ? (
        <EmptyState
          icon={History}
          title={t('histories.emptyTitle')}
          text={t('histories.emptyText')}
          action={
            <Button asChild>
              <AppLink to="/movies">{t('histories.browse')}</AppLink>
            </Button>
          }
        />
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {data.map((item) => (
            <HistoryRow key={item.episode_id} item={item} />
          ))}
        </ul>
      )}

      <NewerOlderPager
        meta={meta}
        label={t('histories.pages')}
        newer={t('histories.newer')}
        older={t('histories.older')}
      />
    </main>
  );
}

function HistoryRow({ item }: { item: HistoryItem }) {
  const { t } = useTranslation();
  const api = useApi();
  const revalidator = useRevalidator();
  const errorMessage = useErrorMessage();
  const href = `/watch/${item.movie_slug}/${item.ep}`;

  const remove = async () => {
    try {
      await api.delete(`/history/${item.episode_id}`);
      await revalidator.revalidate();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <li className="relative flex gap-3 rounded-xl border border-neutral-200 bg-white p-2 pr-10 dark:border-neutral-800 dark:bg-neutral-900">
      <AppLink to={href} className="shrink-0 overflow-hidden rounded-lg" tabIndex={-1} aria-hidden>
        <Poster src={item.poster} width={64} alt="" />
      </AppLink>
      <div className="flex min-w-0 flex-1 flex-col justify-center gap-1.5">
        <AppLink to={href} className="line-clamp-2 font-semibold hover:underline">
          {item.movie_title}
        </AppLink>
        <p className="truncate text-sm text-neutral-600 dark:text-neutral-400">
          {item.episode_name} ·{' '}
          {item.watched
            ? t('histories.watched')
            : t('histories.at', {
                time: formatClock(item.position),
                total: formatClock(item.duration),
              })}
        </p>
        <ProgressBar
          percent={percentOf(item.position, item.duration)}
          label={t('histories.progress', { title: item.movie_title })}
          className="rounded-full bg-neutral-200 dark:bg-neutral-800"
          barClassName="bg-primary-600"
        />
        <AppLink
          to={href}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline dark:text-primary-400"
        >
          <Play aria-hidden className="size-3.5" />
          {item.watched ? t('histories.watchAgain') : t('histories.resume')}
        </AppLink>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="absolute top-1 right-1"
        onClick={() => void remove()}
        aria-label={t('histories.remove', { title: `${item.movie_title} – ${item.episode_name}` })}
      >
        <X aria-hidden />
      </Button>
    </li>
  );
}
