// Episode reports, shared by the browser's dialog and the server's schema and route: one list, so they cannot drift.

/** Why a viewer reports an episode, in the order viewers meet them. */
export const REPORT_REASONS = [
  'wont_play',
  'wrong_episode',
  'audio_video',
  'subtitles',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The longest note a report may carry. */
export const REPORT_MESSAGE_MAX = 500;

/** Where a report is in the Report Manager: open → in progress → resolved or dismissed. */
export const REPORT_STATUSES = ['open', 'in_progress', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
