// A report's state as the Report Manager shows it: its badge's tone, and the states an admin may move it to.
import type { ReportStatus } from '#shared/reports.ts';

export const STATUS_TONE = {
  open: 'error',
  in_progress: 'info',
  resolved: 'primary',
  dismissed: 'neutral',
} as const satisfies Record<ReportStatus, string>;

/** The moves the menus offer, in the order of the workflow; reopening last. */
export const STATUS_MOVES = [
  'in_progress',
  'resolved',
  'dismissed',
  'open',
] as const satisfies readonly ReportStatus[];
