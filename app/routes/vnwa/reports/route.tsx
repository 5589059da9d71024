// `/vnwa/movie/reports`, the Report Manager (decision 042): the viewers' reports of an episode in the shared admin
// table (movie, episode and server, reason, note, reporter, time, state); filters by state, reason and movie; search
// in titles and notes; sort and pages; move one or many along (open → in progress → resolved / dismissed) or delete
// them (asked first). A report that arrives, or that another admin moves, shows without a reload.
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { DataTable, choices } from '#app/components/data-table/index.ts';
import { DeleteDialog } from '#app/components/delete-dialog.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { loadAdminList } from '#app/lib/admin-list.server.ts';
import { useAuth } from '#app/lib/auth.tsx';
import { useRealtimeEvent } from '#app/lib/realtime.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import { reportsQuery } from '#shared/admin-queries.ts';
import { REPORT_REASONS, REPORT_STATUSES } from '#shared/reports.ts';
import { BulkBar } from './bulk-bar.tsx';
import { useReportColumns } from './columns.tsx';
import type { Route } from './+types/route';

export const handle: RouteHandle = { title: 'admin.pages.reports' };

export const loader = withAccess('admin', async ({ request }: Route.LoaderArgs, { services }) => {
  const [{ list: reports, sorted }, movies] = await Promise.all([
    loadAdminList(request, reportsQuery.page, (query) => services.reports.list(query)),
    services.reports.movies(),
  ]);
  return { reports, sorted, movies };
});

export type Report = Route.ComponentProps['loaderData']['reports']['data'][number];

/** A movie's title in the filter: a long one would stretch the select across the toolbar. */
const shorten = (title: string) => (title.length > 40 ? `${title.slice(0, 39).trimEnd()}…` : title);

/** How long the table waits for more of a burst of events before it loads once. */
const SETTLE_MS = 300;

/**
 * Keeps the table current as reports arrive, move or go: it loads again at once, unless the admin has rows selected
 * (a reload would clear the selection under their hands): then a bar offers the new rows.
 */
function useLiveReports(selectingRef: React.RefObject<number>, rows: Report[]) {
  const revalidator = useRevalidator();
  const { user } = useAuth();
  const [waiting, setWaiting] = useState(0);
  // Rows loaded for any reason (an action, a filter) are current: nothing waits any more.
  const [shown, setShown] = useState(rows);
  if (shown !== rows) {
    setShown(rows);
    setWaiting(0);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const heard = (created: number) => {
    if (selectingRef.current > 0) {
      setWaiting((count) => count + Math.max(created, 1));
      return;
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void revalidator.revalidate(), SETTLE_MS);
  };
  useRealtimeEvent('report.created', () => heard(1));
  // This admin's own changes load the page already.
  useRealtimeEvent<{ byUserId: string }>('report.updated', (event) => {
    if (event.byUserId !== user?.id) heard(0);
  });
  useRealtimeEvent('report.deleted', () => heard(0));
  const show = () => void revalidator.revalidate();
  return { waiting, show };
}

export default function ReportManager({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const [deleting, setDeleting] = useState<Report | null>(null);
  // How many bulk bars are on screen (0 or 1): while one is, live changes wait for the admin.
  const selectingRef = useRef(0);
  const { reports, sorted, movies } = loaderData;
  const live = useLiveReports(selectingRef, reports.data);
  const columns = useReportColumns({ remove: setDeleting });

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <p className="max-w-3xl text-sm text-neutral-600 dark:text-neutral-400">
        {t('reportManager.intro')}
      </p>
      {live.waiting ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-primary-200 bg-primary-50 px-4 py-2.5 text-sm dark:border-primary-500/30 dark:bg-primary-500/10"
        >
          <span className="font-medium">{t('reportManager.live.waiting')}</span>
          <Button size="sm" variant="outline" onClick={live.show}>
            {t('reportManager.live.show')}
          </Button>
        </div>
      ) : null}
      <DataTable
        columns={columns}
        data={reports.data}
        meta={reports.meta}
        searchPlaceholder={t('reportManager.search')}
        sorted={sorted}
        getRowLabel={(report) => `${report.movie.title} – ${report.episode.name}`}
        emptyTitle={t('reportManager.emptyTitle')}
        emptyText={t('reportManager.emptyText')}
        bulkActions={(selected) => <BulkBar selected={selected} selectingRef={selectingRef} />}
        filters={[
          {
            name: 'status',
            label: t('reportManager.columns.status'),
            options: choices(REPORT_STATUSES, (status) => t(`reportManager.status.${status}`)),
          },
          {
            name: 'reason',
            label: t('reportManager.columns.reason'),
            options: choices(REPORT_REASONS, (reason) => t(`reportManager.reasons.${reason}`)),
          },
          {
            name: 'movie',
            label: t('reportManager.columns.movie'),
            options: movies.map((movie) => ({
              value: String(movie.id),
              label: shorten(movie.title),
            })),
          },
        ]}
      />
      {deleting ? (
        <DeleteDialog
          title={t('reportManager.delete.title', {
            name: `${deleting.movie.title} – ${deleting.episode.name}`,
          })}
          description={t('reportManager.delete.text')}
          remove={() => api.delete(`/admin/reports/${deleting.id}`)}
          done={t('reportManager.delete.done', { count: 1 })}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
