// `/vnwa/vmedia/video-manager/trash`, the videos in the trash: when each went and when the hourly purge deletes it
// for good; restore one, delete one forever, or empty the whole trash (both asked first).
import { useMemo } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { type DataTableColumn } from '#app/components/data-table/index.ts';
import { TrashIntro, useTrash } from '#app/components/trash.tsx';
import { type AdminVideo, VideoTable, videoColumns } from '#app/components/videos/video-cells.tsx';
import { formatDate } from '#app/lib/format.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { loadAdminList } from '#app/lib/admin-list.server.ts';
import { trashQuery } from '#shared/admin-queries.ts';
import type { Route } from './+types/videos-trash';

export const handle: RouteHandle = { title: 'admin.pages.trash' };

const DAY_MS = 24 * 60 * 60 * 1000;

export const loader = withAccess('admin', async ({ request }: Route.LoaderArgs, { services }) => {
  const { list: videos, sorted } = await loadAdminList(request, trashQuery.page, (query) =>
    services.videos.listTrash(query),
  );
  return { videos, sorted };
});

const videoName = (video: AdminVideo) => video.name;

export default function VideoTrash({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { videos, sorted } = loaderData;
  const rows = videos.data as AdminVideo[];
  // The retention the server applies, read back from a row (purge_at − deleted_at).
  const sample = rows.find((video) => video.deleted_at && video.purge_at);
  const days = sample
    ? Math.round((Date.parse(sample.purge_at!) - Date.parse(sample.deleted_at!)) / DAY_MS)
    : null;
  const trash = useTrash({
    texts: 'admin.videos.trash',
    path: '/admin/videos',
    name: videoName,
    total: videos.meta.total,
    actionsHeader: t('admin.videos.columns.actions'),
  });

  const columns = useMemo<DataTableColumn<AdminVideo>[]>(() => {
    const shared = videoColumns(t);
    return [
      shared.name,
      ...shared.facts,
      {
        id: 'updated_at',
        header: t('admin.videos.columns.deleted'),
        meta: {
          sortKey: 'updated_at',
          sortDescFirst: true,
          className: 'whitespace-nowrap tabular-nums',
        },
        cell: ({ row }) => (
          <span className="flex flex-col text-sm">
            <span>{formatDate(row.original.deleted_at ?? '', { time: true })}</span>
            {row.original.purge_at ? (
              <span className="text-xs text-neutral-500 dark:text-neutral-400">
                {t('admin.videos.trash.purgeOn', { date: formatDate(row.original.purge_at) })}
              </span>
            ) : null}
          </span>
        ),
      },
      trash.column,
    ];
  }, [t, trash.column]);

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <TrashIntro emptyButton={trash.emptyButton}>
        {days ? t('admin.videos.trash.intro', { count: days }) : t('admin.videos.trash.introPlain')}
      </TrashIntro>
      <VideoTable
        columns={columns}
        rows={rows}
        meta={videos.meta}
        sorted={sorted}
        emptyTitle={t('admin.videos.trash.emptyTitle')}
        emptyText={t('admin.videos.trash.emptyText')}
      />
      {trash.dialogs}
    </div>
  );
}
