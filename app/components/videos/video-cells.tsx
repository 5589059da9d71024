// The Video Manager's shared cells (list and trash): thumbnail, status badge with live progress, facts, episodes.
import type { TFunction } from 'i18next';
import { Info } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { ProgressBar } from '#app/components/ui/progress-bar.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { DataTable, type DataTableColumn } from '#app/components/data-table/index.ts';
import { Img } from '#app/components/image.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Tooltip } from '#app/components/ui/tooltip.tsx';
import type { VideoStatus } from '#shared/catalog.ts';
import { formatDuration, formatFileSize } from '#app/lib/format.ts';

/** A video as the admin API and `services.videos.list` present it. */
export type AdminVideo = {
  id: number;
  name: string;
  status: VideoStatus;
  progress: number;
  /** Seconds the transcode has left, as the socket last estimated (not in the API's answer). */
  remaining?: number | null;
  failure_reason: string | null;
  /** Failed with its original still here: a retry can work. A refused upload has nothing to retry. */
  can_retry: boolean;
  original_filename: string;
  size: number;
  duration: number | null;
  width: number | null;
  height: number | null;
  renditions: Array<{ name: string; width: number; height: number }>;
  master_url: string | null;
  poster_url: string | null;
  episodes: Array<{ id: number; name: string; ep: string; movie_id: number; movie_title: string }>;
  deleted_at: string | null;
  purge_at: string | null;
  created_at: string;
};

export function VideoThumb({ video }: { video: AdminVideo }) {
  return (
    <Img
      src={video.poster_url}
      width={96}
      height={54}
      alt=""
      className="aspect-video w-20 shrink-0 rounded-md bg-neutral-100 object-cover dark:bg-neutral-800"
    />
  );
}

export function VideoName({ video }: { video: AdminVideo }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <VideoThumb video={video} />
      <span className="min-w-0">
        <span className="line-clamp-2 font-medium break-words" data-testid="video-name">
          {video.name}
        </span>
        <span className="block truncate text-xs text-neutral-500 dark:text-neutral-400">
          {video.original_filename}
        </span>
      </span>
    </div>
  );
}

const tones = {
  uploading: 'info',
  queued: 'neutral',
  processing: 'warning',
  ready: 'primary',
  failed: 'error',
} as const;

/** The status; while processing, the percent and a bar; when failed, the reason on hover or focus. */
export function VideoStatusBadge({ video }: { video: AdminVideo }) {
  const { t } = useTranslation();
  const label = t(`admin.videos.status.${video.status}`);
  if (video.status === 'failed')
    return (
      <Tooltip content={video.failure_reason || t('admin.videos.noReason')}>
        <span
          tabIndex={0}
          className="inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
          data-testid="video-status"
          aria-label={`${label}: ${video.failure_reason ?? ''}`}
        >
          <Badge tone="error" className="cursor-help">
            {label}
            <Info className="size-3" aria-hidden />
          </Badge>
        </span>
      </Tooltip>
    );
  if (video.status === 'processing') {
    const percent = Math.max(0, Math.min(100, Math.round(video.progress)));
    return (
      <div className="flex w-32 flex-col gap-1" data-testid="video-status">
        <Badge tone="warning" className="self-start tabular-nums">
          {label} {percent}%
        </Badge>
        <ProgressBar
          percent={percent}
          label={label}
          className="h-1.5 rounded-full bg-neutral-200 dark:bg-neutral-800"
          barClassName="rounded-full bg-yellow-500 transition-[width]"
        />
        {video.remaining != null ? (
          <span className="text-xs text-neutral-500 tabular-nums dark:text-neutral-400">
            {t('admin.videos.timeLeft', { time: formatDuration(video.remaining) })}
          </span>
        ) : null}
      </div>
    );
  }
  return (
    <span data-testid="video-status">
      <Badge tone={tones[video.status]}>{label}</Badge>
    </span>
  );
}

/** Duration and resolution. */
export function VideoFacts({ video }: { video: AdminVideo }) {
  return (
    <span className="flex flex-col text-sm tabular-nums">
      {video.duration != null ? (
        formatDuration(video.duration)
      ) : (
        <span className="text-neutral-400 dark:text-neutral-500">—</span>
      )}
      {video.width && video.height ? (
        <span className="text-xs text-neutral-500 dark:text-neutral-400">
          {video.width}×{video.height}
        </span>
      ) : null}
    </span>
  );
}

/** Size of the original and the renditions made from it. */
export function VideoSize({ video }: { video: AdminVideo }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-col text-sm tabular-nums">
      {formatFileSize(video.size)}
      {video.renditions.length ? (
        <span className="text-xs text-neutral-500 dark:text-neutral-400">
          {t('admin.videos.renditions', {
            count: video.renditions.length,
            names: video.renditions.map((r) => r.name).join(', '),
          })}
        </span>
      ) : null}
    </span>
  );
}

export function VideoEpisodes({ video }: { video: AdminVideo }) {
  const { t } = useTranslation();
  if (!video.episodes.length)
    return (
      <span className="text-sm whitespace-nowrap text-neutral-500 dark:text-neutral-400">
        {t('admin.videos.unused')}
      </span>
    );
  return (
    <ul className="flex flex-col gap-0.5 text-sm">
      {video.episodes.slice(0, 3).map((episode) => (
        <li key={episode.id} className="max-w-64">
          {/* A long movie title gives way; the episode's name stays whole. */}
          <AppLink
            to={`/vnwa/movie/film/episodes-${episode.movie_id}`}
            title={`${episode.movie_title} · ${episode.name}`}
            className="flex min-w-0 hover:underline focus-visible:outline-2 focus-visible:outline-primary-500"
          >
            <span className="min-w-0 truncate">{episode.movie_title}</span>
            <span className="shrink-0 whitespace-pre">{` · ${episode.name}`}</span>
          </AppLink>
        </li>
      ))}
      {video.episodes.length > 3 ? (
        <li className="text-xs text-neutral-500 dark:text-neutral-400">
          {t('admin.videos.moreEpisodes', { count: video.episodes.length - 3 })}
        </li>
      ) : null}
    </ul>
  );
}

/** The columns the list and the trash show alike: the video's name first, then its facts. */
export function videoColumns(t: TFunction) {
  const name: DataTableColumn<AdminVideo> = {
    id: 'name',
    header: t('admin.videos.columns.video'),
    meta: { sortKey: 'name', card: 'title', className: 'min-w-56 max-w-80' },
    cell: ({ row }) => <VideoName video={row.original} />,
  };
  const facts: DataTableColumn<AdminVideo>[] = [
    {
      id: 'duration',
      header: t('admin.videos.columns.duration'),
      meta: { sortKey: 'duration', className: 'whitespace-nowrap' },
      cell: ({ row }) => <VideoFacts video={row.original} />,
    },
    {
      id: 'size',
      header: t('admin.videos.columns.size'),
      meta: { sortKey: 'size', sortDescFirst: true, className: 'whitespace-nowrap' },
      cell: ({ row }) => <VideoSize video={row.original} />,
    },
    {
      id: 'episodes',
      header: t('admin.videos.columns.episodes'),
      cell: ({ row }) => <VideoEpisodes video={row.original} />,
    },
  ];
  return { name, facts };
}

/** The table of the video lists (the manager and the trash): their columns over a page of videos, searched by name. */
export function VideoTable({
  rows,
  ...props
}: Omit<ComponentProps<typeof DataTable<AdminVideo>>, 'data' | 'searchPlaceholder'> & {
  rows: AdminVideo[];
}) {
  const { t } = useTranslation();
  return <DataTable data={rows} searchPlaceholder={t('admin.videos.search')} {...props} />;
}
