// `/vnwa/movie/film/episodes-{movie_id}`: a movie's episodes grouped by server in tabs. Add one (a video of the video
// manager, an HLS address or an embed), add many by pasting `name|url` lines, reorder by dragging (or with the arrow
// buttons), edit, publish, delete; rename, move and delete servers. An unknown or malformed movie id is an invalid
// route (404 `Page Not Found: {fullPath}`).
import {
  ArrowLeft,
  ArrowLeftToLine,
  ArrowRightToLine,
  ListPlus,
  MoreHorizontal,
  Pencil,
  Plus,
  Trash2,
} from 'lucide-react';
import { DeleteDialog } from '#app/components/delete-dialog.tsx';
import {
  ActionsMenu,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from '#app/components/ui/dropdown-menu.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { useAdminAction } from '#app/lib/use-admin-action.ts';
import { useState } from 'react';
import { AppLink, SiteLink } from '#app/components/app-link.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { cn } from '#app/lib/cn.ts';
import { invalidRoute } from '#app/lib/route-errors.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import { BulkDialog, EpisodeDialog, ServerDialog } from './dialogs.tsx';
import { EpisodeList } from './episode-list.tsx';
import type { Route } from './+types/route';

export const handle: RouteHandle = { title: 'admin.pages.episodes' };

export const parseEpisodesParam = (value: string | undefined) => {
  const match = /^episodes-([1-9]\d{0,14})$/.exec(value ?? '');
  return match ? Number(match[1]) : null;
};

export const loader = withAccess(
  'admin',
  async ({ request, params }: Route.LoaderArgs, { services }) => {
    const movieId = parseEpisodesParam(params.episodes);
    if (!movieId) invalidRoute(request);
    try {
      return await services.episodes.overview(movieId);
    } catch (error) {
      // The service's NotFound (server/domain/errors.ts; the app knows its kind, not its class).
      if ((error as { kind?: string }).kind === 'not_found') invalidRoute(request);
      throw error;
    }
  },
);

type Data = Route.ComponentProps['loaderData'];
export type Server = Data['servers'][number];
export type Episode = Server['episodes'][number];

export default function Episodes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { movie, servers } = loaderData;
  const [active, setActive] = useState<number | null>(servers[0]?.id ?? null);
  const [dialog, setDialog] = useState<
    'server' | 'renameServer' | 'deleteServer' | 'episode' | 'bulk' | null
  >(null);
  const server = servers.find((s) => s.id === active) ?? servers[0];
  const { api } = useAuth();
  const act = useAdminAction();
  const place = server ? servers.indexOf(server) : -1;
  /** Moves the open server one tab left or right: the watch page's tabs follow. */
  const moveServer = (by: -1 | 1) => {
    const ids = servers.map((item) => item.id);
    [ids[place], ids[place + by]] = [ids[place + by]!, ids[place]!];
    void act(
      () => api.put(`/admin/movies/${movie.id}/servers/order`, { ids }),
      t('admin.episodes.serverMoved'),
    ).catch(() => undefined);
  };
  return (
    <div className="mx-auto flex max-w-screen-lg flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <AppLink
            to="/vnwa/movie/film/list"
            className="inline-flex items-center gap-1 text-sm text-neutral-600 hover:underline dark:text-neutral-400"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {t('admin.pages.movies')}
          </AppLink>
          <h2 className="mt-1 text-xl font-semibold break-words">{movie.title}</h2>
        </div>
        {movie.published ? (
          <SiteLink
            href={`/watch/${movie.slug}`}
            className="ml-auto inline-flex items-center gap-1.5 text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
            iconClassName="size-4"
          >
            {t('admin.viewOnSite')}
          </SiteLink>
        ) : null}
        <Button variant="outline" size="lg" onClick={() => setDialog('server')}>
          <Plus aria-hidden />
          {t('admin.episodes.newServer')}
        </Button>
      </div>
      <div className="overflow-hidden rounded-2xl border border-neutral-200 bg-white shadow-xs dark:border-neutral-800 dark:bg-neutral-900/60">
        {servers.length ? (
          <>
            <div
              role="tablist"
              aria-label={t('admin.episodes.servers')}
              className="flex gap-1 overflow-x-auto border-b border-neutral-200 p-2 dark:border-neutral-800"
            >
              {servers.map((item) => (
                <button
                  key={item.id}
                  type="button"
                  role="tab"
                  aria-selected={item.id === server?.id}
                  onClick={() => setActive(item.id)}
                  className={cn(
                    'shrink-0 rounded-lg px-3 py-2 text-sm font-medium',
                    item.id === server?.id
                      ? 'bg-primary-50 text-primary-700 dark:bg-primary-500/15 dark:text-primary-300'
                      : 'text-neutral-600 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800',
                  )}
                >
                  {item.name} <span className="text-xs">({item.episodes.length})</span>
                </button>
              ))}
            </div>
            {server ? (
              <div role="tabpanel">
                <div className="flex flex-wrap gap-2 border-b border-neutral-200 p-3 dark:border-neutral-800">
                  <Button size="md" onClick={() => setDialog('episode')}>
                    <Plus aria-hidden />
                    {t('admin.episodes.add')}
                  </Button>
                  <Button size="md" variant="outline" onClick={() => setDialog('bulk')}>
                    <ListPlus aria-hidden />
                    {t('admin.episodes.addManyButton')}
                  </Button>
                  <div className="ml-auto">
                    <ActionsMenu
                      trigger={
                        <Button size="md" variant="ghost">
                          <MoreHorizontal aria-hidden />
                          {t('admin.episodes.serverActions', { name: server.name })}
                        </Button>
                      }
                    >
                      <DropdownMenuItem onSelect={() => setDialog('renameServer')}>
                        <Pencil aria-hidden />
                        {t('admin.episodes.renameServer')}
                      </DropdownMenuItem>
                      <DropdownMenuItem disabled={place <= 0} onSelect={() => moveServer(-1)}>
                        <ArrowLeftToLine aria-hidden />
                        {t('admin.episodes.moveServerLeft')}
                      </DropdownMenuItem>
                      <DropdownMenuItem
                        disabled={place >= servers.length - 1}
                        onSelect={() => moveServer(1)}
                      >
                        <ArrowRightToLine aria-hidden />
                        {t('admin.episodes.moveServerRight')}
                      </DropdownMenuItem>
                      <DropdownMenuSeparator />
                      <DropdownMenuItem danger onSelect={() => setDialog('deleteServer')}>
                        <Trash2 aria-hidden />
                        {t('admin.episodes.deleteServer')}
                      </DropdownMenuItem>
                    </ActionsMenu>
                  </div>
                </div>
                <EpisodeList key={server.id} movieId={movie.id} server={server} />
              </div>
            ) : null}
          </>
        ) : (
          <div className="flex flex-col items-center gap-3 px-4 py-14 text-center">
            <p className="font-medium">{t('admin.episodes.noServers')}</p>
            <p className="max-w-sm text-sm text-neutral-600 dark:text-neutral-400">
              {t('admin.episodes.serverHint')}
            </p>
            <Button onClick={() => setDialog('server')}>{t('admin.episodes.newServer')}</Button>
          </div>
        )}
      </div>
      {dialog === 'server' ? (
        <ServerDialog movieId={movie.id} onClose={() => setDialog(null)} onCreated={setActive} />
      ) : null}
      {dialog === 'renameServer' && server ? (
        <ServerDialog
          movieId={movie.id}
          server={server}
          onClose={() => setDialog(null)}
          onCreated={setActive}
        />
      ) : null}
      {dialog === 'deleteServer' && server ? (
        <DeleteDialog
          title={t('admin.episodes.deleteServerTitle', { name: server.name })}
          description={t('admin.episodes.deleteServerText', { count: server.episodes.length })}
          remove={() => api.delete(`/admin/movies/${movie.id}/servers/${server.id}`)}
          // The page's data loads again; the first server's tab opens in place of the deleted one.
          done={t('admin.episodes.serverDeleted', { name: server.name })}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'episode' && server ? (
        <EpisodeDialog movieId={movie.id} server={server} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'bulk' && server ? (
        <BulkDialog movieId={movie.id} server={server} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
