// The number of open reports beside the back office's "Report Manager" entry (decision 042): the layout's loader
// counts them with the page, and every report.* event over the socket counts them again through the API, so the
// badge follows viewers' reports and other admins' changes without a reload.
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '#app/lib/auth.tsx';
import { useRealtimeEvent } from '#app/lib/realtime.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { ReportCounts } from '#shared/resources/report.ts';

/** A burst of events (a bulk change, several reports) is counted once. */
const SETTLE_MS = 250;

/** The open count: the loader's (again after each load), then the API's after each report event. */
export function useOpenReports(loaded: number) {
  const { api } = useAuth();
  const [count, setCount] = useState(loaded);
  const [source, setSource] = useState(loaded);
  if (source !== loaded) {
    setSource(loaded);
    setCount(loaded);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const recount = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      api
        .get<ReportCounts>('/admin/reports/counts')
        .then((counts) => setCount(counts.open))
        // Offline or signed out: the next event or page load counts again.
        .catch(() => undefined);
    }, SETTLE_MS);
  };
  useRealtimeEvent('report.created', recount);
  useRealtimeEvent('report.updated', recount);
  useRealtimeEvent('report.deleted', recount);
  return count;
}

/** The count in a pill (nothing at zero); screen readers hear "3 open reports". */
export function OpenReportsBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span
      data-testid="open-reports"
      className="ml-auto inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] leading-5 font-semibold text-white tabular-nums"
    >
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('reportManager.badge', { count })}</span>
    </span>
  );
}
