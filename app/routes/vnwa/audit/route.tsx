// `/vnwa/setting/audit-log`, the audit log (decision 051): every admin write, newest first, in the shared admin
// table — when, who, what and to which row, from which IP and screen, and whether it was done or refused; search,
// filters by area, admin, outcome and period; a row's details show what was sent, or a setting before and after.
import { FileSearch } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  actionsColumn,
  choices,
  DataTable,
  dateColumn,
  type DataTableColumn,
} from '#app/components/data-table/index.ts';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { loadAdminList } from '#app/lib/admin-list.server.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import { auditQuery } from '#shared/admin-queries.ts';
import type { AuditEntry } from '#shared/resources/audit.ts';
import { AuditDetails } from './details.tsx';
import type { Route } from './+types/route';

export const handle: RouteHandle = { title: 'admin.pages.auditLog' };

export const loader = withAccess('admin', async ({ request }: Route.LoaderArgs, { services }) => {
  const [{ list: entries, sorted }, facets] = await Promise.all([
    loadAdminList(request, auditQuery.page, (query) => services.audit.list(query)),
    services.audit.facets(),
  ]);
  return { entries, sorted, facets, retentionDays: services.config.AUDIT_RETENTION_DAYS };
});

const muted = 'text-xs text-neutral-500 dark:text-neutral-400';
const SINCE = ['day', 'week', 'month'] as const;

function useAuditColumns(open: (entry: AuditEntry) => void) {
  const { t } = useTranslation();
  return useMemo<DataTableColumn<AuditEntry>[]>(
    () => [
      dateColumn(t('auditLog.columns.when'), 'created_at', (entry) => entry.created_at, {
        time: true,
        descFirst: true,
      }),
      {
        id: 'actor',
        header: t('auditLog.columns.who'),
        meta: { className: 'max-w-56' },
        cell: ({ row }) => (
          <div className="min-w-0">
            <div className="truncate font-medium">{row.original.actor.email}</div>
            <div className={`${muted} tabular-nums`}>{row.original.ip}</div>
          </div>
        ),
      },
      {
        id: 'action',
        header: t('auditLog.columns.what'),
        meta: { className: 'min-w-64' },
        cell: ({ row }) => {
          const entry = row.original;
          return (
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{entry.action}</span>
                {entry.target_type ? <Badge>{entry.target_type}</Badge> : null}
                {entry.target_id ? (
                  <span className={`${muted} font-mono break-all`}>#{entry.target_id}</span>
                ) : null}
              </div>
              <div className={`${muted} font-mono break-all`}>
                {entry.method} {entry.path}
              </div>
            </div>
          );
        },
      },
      {
        id: 'screen',
        header: t('auditLog.columns.screen'),
        meta: { className: 'max-w-48' },
        cell: ({ row }) =>
          row.original.screen ? (
            <span className={`${muted} font-mono break-all`}>{row.original.screen}</span>
          ) : (
            <span className={muted}>{t('auditLog.noScreen')}</span>
          ),
      },
      {
        id: 'status',
        header: t('auditLog.columns.outcome'),
        meta: { className: 'whitespace-nowrap' },
        cell: ({ row }) =>
          row.original.status < 400 ? (
            <Badge tone="primary">{t('auditLog.outcome.ok')}</Badge>
          ) : (
            <Badge tone="error">
              {t('auditLog.outcome.refused')} · {row.original.status}
            </Badge>
          ),
      },
      actionsColumn(t('auditLog.details'), ({ row }) => (
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('auditLog.detailsOf', { action: row.original.action })}
          onClick={() => open(row.original)}
        >
          <FileSearch aria-hidden />
        </Button>
      )),
    ],
    [t, open],
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { entries, sorted, facets, retentionDays } = loaderData;
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const columns = useAuditColumns(setOpen);
  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <p className="max-w-3xl text-sm text-neutral-600 dark:text-neutral-400">
        {t('auditLog.intro', { count: retentionDays })}
      </p>
      <DataTable
        columns={columns}
        data={entries.data}
        meta={entries.meta}
        searchPlaceholder={t('auditLog.search')}
        sorted={sorted}
        getRowLabel={(entry) => `${entry.action} – ${entry.actor.email}`}
        emptyTitle={t('auditLog.emptyTitle')}
        emptyText={t('auditLog.emptyText')}
        filters={[
          {
            name: 'since',
            label: t('auditLog.filters.since'),
            options: choices(SINCE, (since) => t(`auditLog.since.${since}`)),
          },
          {
            name: 'area',
            label: t('auditLog.filters.area'),
            options: facets.areas.map((area) => ({ value: area, label: area })),
          },
          {
            name: 'actor',
            label: t('auditLog.filters.actor'),
            options: facets.actors.map((actor) => ({ value: actor.id, label: actor.email })),
          },
          {
            name: 'outcome',
            label: t('auditLog.filters.outcome'),
            options: choices(['ok', 'refused'] as const, (outcome) =>
              t(`auditLog.outcome.${outcome}`),
            ),
          },
        ]}
      />
      {open ? <AuditDetails entry={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
