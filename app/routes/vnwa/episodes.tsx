// `/vnwa/movie/film/episodes-{movie_id}`: a movie's episodes grouped by server in tabs. Add one (a video of the video
// manager, an HLS address or an embed), add many by pasting `name|url` lines, reorder by dragging (or with the arrow buttons), edit, publish, delete. An unknown or malformed
// movie id is an invalid route (404 `Page Not Found: {fullPath}`).
import {
  ArrowDown,
  ArrowLeft,
  ArrowUp,
  Captions,
  Film,
  GripVertical,
  ListPlus,
  Pencil,
  Plus,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useRevalidator } from 'react-router';
import { AppLink } from '#app/components/app-link.tsx';
import { SubtitlesDialog } from '#app/components/catalog/subtitles-dialog.tsx';
import { VideoPicker, type PickedVideo } from '#app/components/catalog/video-picker.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog, Dialog, DialogContent } from '#app/components/ui/dialog.tsx';
import { Checkbox, Field, Input, Select, Textarea } from '#app/components/ui/input.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { cn } from '#app/lib/cn.ts';
import { formatDuration } from '#app/lib/format.ts';
import { invalidRoute } from '#app/lib/route-errors.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { toast } from '#app/lib/toast.tsx';
import { collectErrors, useApiForm, useErrorMessage, useFormRules } from '#app/lib/use-api-form.ts';
import { withAccess } from '#app/lib/access.server.ts';
import type { Route } from './+types/episodes';

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
      if ((error as { statusCode?: number }).statusCode === 404) invalidRoute(request);
      throw error;
    }
  },
);

type Data = Route.ComponentProps['loaderData'];
type Server = Data['servers'][number];
type Episode = Server['episodes'][number];

function useRefresh() {
  const revalidator = useRevalidator();
  return () => revalidator.revalidate();
}

function ServerDialog({
  movieId,
  onClose,
  onCreated,
}: {
  movieId: number;
  onClose: () => void;
  /** The new server's tab opens: that is where its episodes go next. */
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const refresh = useRefresh();
  const rules = useFormRules();
  const form = useApiForm({
    validate: (values) => collectErrors({ name: rules.required(values.name) }),
    submit: (values) =>
      api.post<{ server: { id: number } }>(`/admin/movies/${movieId}/servers`, {
        name: values.name!.trim(),
      }),
    onSuccess: async ({ server }) => {
      onClose();
      await refresh();
      onCreated(server.id);
    },
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('admin.episodes.newServer')}
        description={t('admin.episodes.serverHint')}
      >
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
          {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
          <Field label={t('admin.terms.fields.name')} error={form.errors.name}>
            {(control) => (
              <Input {...control} name="name" maxLength={60} placeholder="Vietsub #1" />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" size="lg" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" size="lg" disabled={form.pending}>
              {t('form.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function EpisodeDialog({
  movieId,
  server,
  episode,
  onClose,
}: {
  movieId: number;
  server: Server;
  episode?: Episode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const refresh = useRefresh();
  const rules = useFormRules();
  const [kind, setKind] = useState<Episode['source_type']>(episode?.source_type ?? 'video');
  const [video, setVideo] = useState<PickedVideo | null>(episode?.video ?? null);
  const form = useApiForm({
    validate: (values) =>
      collectErrors({
        name: rules.required(values.name),
        ...(kind === 'video'
          ? { video_id: video ? undefined : t('admin.episodes.videoRequired') }
          : { source_url: rules.required(values.source_url) }),
      }),
    submit: (values) => {
      const body = {
        server_id: server.id,
        name: values.name!.trim(),
        ep: values.ep?.trim() || undefined,
        source_type: kind,
        ...(kind === 'video'
          ? { video_id: video!.id, source_url: null }
          : { source_url: values.source_url!.trim(), video_id: null }),
        published: values.published === 'on',
      };
      return episode
        ? api.patch(`/admin/movies/${movieId}/episodes/${episode.id}`, body)
        : api.post(`/admin/movies/${movieId}/episodes`, body);
    },
    onSuccess: async () => {
      toast.success(t('admin.episodes.saved'));
      onClose();
      await refresh();
    },
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={episode ? t('admin.episodes.edit', { name: episode.name }) : t('admin.episodes.add')}
      >
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
          {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('admin.terms.fields.name')} error={form.errors.name}>
              {(control) => (
                <Input
                  {...control}
                  name="name"
                  maxLength={100}
                  defaultValue={episode?.name}
                  placeholder="Tập 1"
                />
              )}
            </Field>
            <Field
              label={t('admin.episodes.ep')}
              error={form.errors.ep}
              hint={t('admin.episodes.epHint')}
            >
              {(control) => (
                <Input
                  {...control}
                  name="ep"
                  maxLength={100}
                  defaultValue={episode?.ep}
                  placeholder="tap-1"
                />
              )}
            </Field>
          </div>
          <Field label={t('admin.episodes.source')} error={form.errors.source_type}>
            {(control) => (
              <Select
                {...control}
                name="source_type"
                value={kind}
                onChange={(event) => setKind(event.target.value as Episode['source_type'])}
              >
                <option value="video">{t('admin.episodes.video')}</option>
                <option value="hls">{t('admin.episodes.hls')}</option>
                <option value="embed">{t('admin.episodes.embed')}</option>
              </Select>
            )}
          </Field>
          {kind === 'video' ? (
            <Field label={t('admin.episodes.videoChoice')} error={form.errors.video_id}>
              {(control) => (
                <VideoPicker
                  id={control.id}
                  value={video}
                  onChange={setVideo}
                  invalid={Boolean(form.errors.video_id)}
                  describedBy={control['aria-describedby']}
                />
              )}
            </Field>
          ) : (
            <Field label={t('admin.episodes.url')} error={form.errors.source_url}>
              {(control) => (
                <Input
                  {...control}
                  name="source_url"
                  type="url"
                  maxLength={2000}
                  defaultValue={episode?.source_url ?? ''}
                  placeholder={
                    kind === 'hls' ? 'https://…/master.m3u8' : 'https://player.example/embed/…'
                  }
                />
              )}
            </Field>
          )}
          <label className="flex items-center gap-2.5 text-sm">
            <Checkbox name="published" defaultChecked={episode?.published ?? true} />
            {t('admin.movies.form.published')}
          </label>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" size="lg" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" size="lg" disabled={form.pending}>
              {t('form.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function BulkDialog({
  movieId,
  server,
  onClose,
}: {
  movieId: number;
  server: Server;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const refresh = useRefresh();
  const rules = useFormRules();
  const form = useApiForm({
    validate: (values) => collectErrors({ lines: rules.required(values.lines) }),
    submit: (values) =>
      api.post<{ episodes: unknown[] }>(
        `/admin/movies/${movieId}/servers/${server.id}/episodes/bulk`,
        {
          lines: values.lines,
        },
      ),
    onSuccess: async (answer) => {
      toast.success(t('admin.episodes.added', { count: answer.episodes.length }));
      onClose();
      await refresh();
    },
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('admin.episodes.addMany', { server: server.name })}
        description={t('admin.episodes.linesHint')}
      >
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
          {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
          <Field label={t('admin.episodes.lines')} error={form.errors.lines}>
            {(control) => (
              <Textarea
                {...control}
                name="lines"
                rows={8}
                className="font-mono text-xs"
                placeholder={
                  'Tập 1|https://cdn.example/tap-1/master.m3u8\nTập 2|https://player.example/embed/2'
                }
              />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" size="lg" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" size="lg" disabled={form.pending}>
              {t('admin.episodes.addLines')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function EpisodeList({ movieId, server }: { movieId: number; server: Server }) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const refresh = useRefresh();
  const errorMessage = useErrorMessage();
  const [order, setOrder] = useState<Episode[] | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{
    kind: 'edit' | 'delete' | 'subtitles';
    episode: Episode;
  } | null>(null);
  const rows = order ?? server.episodes;

  async function save(next: Episode[]) {
    setOrder(next);
    try {
      await api.put(`/admin/movies/${movieId}/servers/${server.id}/order`, {
        ids: next.map((e) => e.id),
      });
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setOrder(null);
    }
  }
  function move(index: number, to: number) {
    if (to < 0 || to >= rows.length || to === index) return;
    const next = [...rows];
    const [item] = next.splice(index, 1);
    next.splice(to, 0, item!);
    void save(next);
  }

  if (!rows.length) {
    return (
      <p className="px-4 py-10 text-center text-sm text-neutral-500 dark:text-neutral-400">
        {t('admin.episodes.empty')}
      </p>
    );
  }
  return (
    <>
      <ol className="divide-y divide-neutral-200 dark:divide-neutral-800" aria-label={server.name}>
        {rows.map((episode, index) => (
          <li
            key={episode.id}
            draggable
            data-testid="episode-row"
            onDragStart={() => setDragging(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={() => {
              if (dragging !== null) move(dragging, index);
              setDragging(null);
            }}
            onDragEnd={() => setDragging(null)}
            className={cn(
              'flex items-center gap-3 px-3 py-2.5 sm:px-4',
              dragging === index && 'opacity-50',
            )}
          >
            <GripVertical className="size-4 shrink-0 cursor-grab text-neutral-400" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                {episode.name}
                <span className="font-mono text-xs text-neutral-500 dark:text-neutral-400">
                  {episode.ep}
                </span>
                <Badge tone={episode.source_type === 'embed' ? 'neutral' : 'info'}>
                  {episode.source_type === 'video'
                    ? t('admin.episodes.videoBadge')
                    : episode.source_type.toUpperCase()}
                </Badge>
                {episode.published ? null : <Badge tone="warning">{t('admin.movies.draft')}</Badge>}
                {episode.source_type === 'video' && !episode.video?.playable ? (
                  <Badge tone="error">{t('admin.episodes.videoUnplayable')}</Badge>
                ) : null}
              </p>
              {episode.source_type === 'video' ? (
                <p
                  className="line-clamp-2 text-xs break-words text-neutral-500 dark:text-neutral-400"
                  data-testid="episode-video"
                >
                  <Film aria-hidden className="mr-1 inline size-3.5 align-[-0.2em]" />
                  {episode.video ? episode.video.name : t('admin.episodes.videoMissing')}
                  {episode.video?.duration != null
                    ? ` · ${formatDuration(episode.video.duration)}`
                    : null}
                </p>
              ) : (
                <p className="truncate text-xs text-neutral-500 dark:text-neutral-400">
                  {episode.source_url}
                </p>
              )}
            </div>
            <div className="flex shrink-0 items-center">
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('admin.episodes.up', { name: episode.name })}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUp aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('admin.episodes.down', { name: episode.name })}
                disabled={index === rows.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDown aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('admin.subtitles.open', { name: episode.name })}
                onClick={() => setDialog({ kind: 'subtitles', episode })}
              >
                <Captions aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('admin.episodes.edit', { name: episode.name })}
                onClick={() => setDialog({ kind: 'edit', episode })}
              >
                <Pencil aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('admin.episodes.delete', { name: episode.name })}
                onClick={() => setDialog({ kind: 'delete', episode })}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {dialog?.kind === 'edit' ? (
        <EpisodeDialog
          movieId={movieId}
          server={server}
          episode={dialog.episode}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'subtitles' ? (
        <SubtitlesDialog
          movieId={movieId}
          episode={dialog.episode}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          title={t('admin.episodes.delete', { name: dialog.episode.name })}
          confirmLabel={t('admin.users.delete.submit')}
          onConfirm={async () => {
            try {
              await api.delete(`/admin/movies/${movieId}/episodes/${dialog.episode.id}`);
            } catch (error) {
              toast.error(errorMessage(error));
              throw error;
            }
            await refresh();
          }}
        />
      ) : null}
    </>
  );
}

export default function Episodes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { movie, servers } = loaderData;
  const [active, setActive] = useState<number | null>(servers[0]?.id ?? null);
  const [dialog, setDialog] = useState<'server' | 'episode' | 'bulk' | null>(null);
  const server = servers.find((s) => s.id === active) ?? servers[0];
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
      {dialog === 'episode' && server ? (
        <EpisodeDialog movieId={movie.id} server={server} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'bulk' && server ? (
        <BulkDialog movieId={movie.id} server={server} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
