// The Report Manager's columns: the movie with its episode and server, the reason, the viewer's note, the reporter,
// the time, the state (and who moved it), and each row's actions (move it, open the episode manager or the public
// episode, delete).
import { ExternalLink, ListVideo, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { AppLink } from '#app/components/app-link.tsx';
import {
  actionsColumn,
  dateColumn,
  RowActionsMenu,
  sortableColumn,
  type DataTableColumn,
} from '#app/components/data-table/index.ts';
import { Badge } from '#app/components/ui/badge.tsx';
import { DropdownMenuItem, DropdownMenuSeparator } from '#app/components/ui/dropdown-menu.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { useAdminAction } from '#app/lib/use-admin-action.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { ReportStatus } from '#shared/reports.ts';
import type { Report } from './route.tsx';
import { STATUS_MOVES, STATUS_TONE } from './status.ts';

/** Where viewers watch the reported episode, on the server it was reported on. */
export const publicEpisodePath = (report: Report) =>
  `/watch/${report.movie.slug}/${encodeURIComponent(report.episode.ep)}?server=${report.server.id}`;

export const episodeManagerPath = (report: Report) =>
  `/vnwa/movie/film/episodes-${report.movie.id}`;

const muted = 'text-xs text-neutral-500 dark:text-neutral-400';

export function useReportColumns({ remove }: { remove: (report: Report) => void }) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const act = useAdminAction();
  return useMemo<DataTableColumn<Report>[]>(() => {
    const move = (report: Report, status: ReportStatus) =>
      void act(
        () => api.patch(`/admin/reports/${report.id}`, { status }),
        t(`reportManager.moved.${status}`, { count: 1 }),
      ).catch(() => undefined);
    return [
      sortableColumn(t('reportManager.columns.movie'), 'movie', 'min-w-56', ({ row }) => (
        <div className="min-w-0">
          <p className="font-medium break-words">{row.original.movie.title}</p>
          <p className={muted}>
            {row.original.episode.name}
            <span aria-hidden> · </span>
            {row.original.server.name}
          </p>
        </div>
      )),
      {
        id: 'status',
        header: t('reportManager.columns.status'),
        meta: { sortKey: 'status', card: 'inline', className: 'whitespace-nowrap' },
        cell: ({ row }) => (
          <span className="inline-flex flex-col items-start gap-0.5">
            <Badge tone={STATUS_TONE[row.original.status]}>
              {t(`reportManager.status.${row.original.status}`)}
            </Badge>
            {row.original.closed_by ? (
              <span className={muted}>
                {t('reportManager.by', { name: row.original.closed_by.name })}
              </span>
            ) : null}
          </span>
        ),
      },
      {
        id: 'reason',
        header: t('reportManager.columns.reason'),
        meta: { sortKey: 'reason', className: 'whitespace-nowrap' },
        cell: ({ row }) => t(`reportManager.reasons.${row.original.reason}`),
      },
      {
        id: 'message',
        header: t('reportManager.columns.message'),
        meta: { className: 'min-w-48 max-w-sm' },
        cell: ({ row }) =>
          row.original.message ? (
            <p
              className="line-clamp-3 break-words whitespace-pre-line"
              title={row.original.message}
            >
              {row.original.message}
            </p>
          ) : (
            <span className={muted}>—</span>
          ),
      },
      {
        id: 'reporter',
        header: t('reportManager.columns.reporter'),
        meta: { className: 'max-w-56' },
        cell: ({ row }) =>
          row.original.reporter ? (
            <div className="min-w-0">
              <p className="truncate">{row.original.reporter.name}</p>
              <p className={`truncate ${muted}`}>{row.original.reporter.email}</p>
            </div>
          ) : (
            <span className="text-neutral-500 italic dark:text-neutral-400">
              {t('reportManager.anonymous')}
            </span>
          ),
      },
      dateColumn(t('reportManager.columns.created'), 'created_at', (report) => report.created_at, {
        time: true,
        descFirst: true,
      }),
      actionsColumn(t('reportManager.columns.actions'), ({ row }) => (
        <RowActionsMenu
          label={t('reportManager.actions', {
            name: `${row.original.movie.title} – ${row.original.episode.name}`,
          })}
        >
          {STATUS_MOVES.filter((status) => status !== row.original.status).map((status) => (
            <DropdownMenuItem key={status} onSelect={() => move(row.original, status)}>
              {t(`reportManager.move.${status}`)}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <AppLink to={episodeManagerPath(row.original)}>
              <ListVideo aria-hidden />
              {t('reportManager.episodeManager')}
            </AppLink>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <a href={publicEpisodePath(row.original)} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden />
              {t('reportManager.watch')}
            </a>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem danger onSelect={() => remove(row.original)}>
            <Trash2 aria-hidden />
            {t('admin.users.delete.open')}
          </DropdownMenuItem>
        </RowActionsMenu>
      )),
    ];
  }, [t, api, act, remove]);
}
