// The Report Manager's columns: the movie with its episode and server, the reason with the viewer's note under it,
// the reporter, the time, the state (and who moved it), and each row's actions (move it, open the episode manager or the public
// episode, delete).
import { ListVideo, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { AppLink, SiteLink } from '#app/components/app-link.tsx';
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

/** A report's menu: move it along, open the episode manager or the public episode, delete it (asked by the page). */
function ReportActions({ report, remove }: { report: Report; remove: (report: Report) => void }) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const act = useAdminAction();
  const move = (status: ReportStatus) =>
    void act(
      () => api.patch(`/admin/reports/${report.id}`, { status }),
      t(`reportManager.moved.${status}`, { count: 1 }),
    ).catch(() => undefined);
  return (
    <RowActionsMenu
      label={t('reportManager.actions', { name: `${report.movie.title} – ${report.episode.name}` })}
    >
      {STATUS_MOVES.filter((status) => status !== report.status).map((status) => (
        <DropdownMenuItem key={status} onSelect={() => move(status)}>
          {t(`reportManager.move.${status}`)}
        </DropdownMenuItem>
      ))}
      <DropdownMenuSeparator />
      <DropdownMenuItem asChild>
        <AppLink to={episodeManagerPath(report)}>
          <ListVideo aria-hidden />
          {t('reportManager.episodeManager')}
        </AppLink>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <SiteLink href={publicEpisodePath(report)}>{t('reportManager.watch')}</SiteLink>
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem danger onSelect={() => remove(report)}>
        <Trash2 aria-hidden />
        {t('admin.users.delete.open')}
      </DropdownMenuItem>
    </RowActionsMenu>
  );
}

/** The columns, made once per language: a live reload re-renders the rows without closing an open menu. */
export function useReportColumns({ remove }: { remove: (report: Report) => void }) {
  const { t } = useTranslation();
  return useMemo<DataTableColumn<Report>[]>(
    () => [
      sortableColumn(t('reportManager.columns.movie'), 'movie', 'min-w-48', ({ row }) => (
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
          <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-0.5 sm:flex-col sm:items-start">
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
        // The reason, and the viewer's note under it: one column keeps the table within a laptop's width.
        id: 'reason',
        header: t('reportManager.columns.reasonAndNote'),
        meta: { sortKey: 'reason', className: 'min-w-48 max-w-sm' },
        cell: ({ row }) => (
          <div className="min-w-0">
            <p className="font-medium">{t(`reportManager.reasons.${row.original.reason}`)}</p>
            {row.original.message ? (
              <p
                className="line-clamp-3 break-words whitespace-pre-line text-neutral-600 dark:text-neutral-300"
                title={row.original.message}
              >
                {row.original.message}
              </p>
            ) : null}
          </div>
        ),
      },
      {
        id: 'reporter',
        header: t('reportManager.columns.reporter'),
        meta: { className: 'max-w-52' },
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
        <ReportActions report={row.original} remove={remove} />
      )),
    ],
    [t, remove],
  );
}
