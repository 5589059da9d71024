// One server's episodes in order: drag (or the arrow buttons) to reorder, subtitles, edit and delete each.
import { ArrowDown, ArrowUp, Captions, Film, GripVertical, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { SubtitlesDialog } from '#app/components/catalog/subtitles-dialog.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { IconButton } from '#app/components/ui/button.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { cn } from '#app/lib/cn.ts';
import { formatDuration } from '#app/lib/format.ts';
import { toast } from '#app/lib/toast.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import { EpisodeDialog, useRefresh } from './dialogs.tsx';
import type { Episode, Server } from './route.tsx';
import { DeleteDialog } from '#app/components/delete-dialog.tsx';

/** The dialogs an episode's row opens, in the order of their buttons. */
const dialogButtons = [
  ['subtitles', Captions, 'admin.subtitles.open'],
  ['edit', Pencil, 'admin.episodes.edit'],
  ['delete', Trash2, 'admin.episodes.delete'],
] as const;

export function EpisodeList({ movieId, server }: { movieId: number; server: Server }) {
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
              <IconButton
                icon={ArrowUp}
                label={t('admin.episodes.up', { name: episode.name })}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              />
              <IconButton
                icon={ArrowDown}
                label={t('admin.episodes.down', { name: episode.name })}
                disabled={index === rows.length - 1}
                onClick={() => move(index, index + 1)}
              />
              {dialogButtons.map(([kind, icon, label]) => (
                <IconButton
                  key={kind}
                  icon={icon}
                  label={t(label, { name: episode.name })}
                  onClick={() => setDialog({ kind, episode })}
                />
              ))}
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
        <DeleteDialog
          title={t('admin.episodes.delete', { name: dialog.episode.name })}
          remove={() => api.delete(`/admin/movies/${movieId}/episodes/${dialog.episode.id}`)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
