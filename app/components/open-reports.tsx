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

/**
 * Answers in the order their questions were asked: only the latest question's answer is applied, and `forget`
 * drops every answer still on its way. Two counts in flight (a burst of events under load) can answer in either
 * order, and the older one, applied last, would leave the badge wrong until the next event.
 */
export function latestAnswer() {
  let asked = 0;
  return {
    /** A new question: the function applies its answer if no later question (nor `forget`) came since. */
    ask() {
      const mine = ++asked;
      return (apply: () => void) => {
        if (mine === asked) apply();
      };
    },
    forget() {
      asked += 1;
    },
  };
}

/** The open count: the loader's (again after each load), then the API's after each report event. */
export function useOpenReports(loaded: number) {
  const { api } = useAuth();
  const [count, setCount] = useState(loaded);
  const [source, setSource] = useState(loaded);
  const [counts] = useState(latestAnswer);
  if (source !== loaded) {
    setSource(loaded);
    setCount(loaded);
    // The page's loader counted after the API's counts now on their way were asked for: theirs are older.
    counts.forget();
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const recount = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const answer = counts.ask();
      api
        .get<ReportCounts>('/admin/reports/counts')
        .then((result) => answer(() => setCount(result.open)))
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
