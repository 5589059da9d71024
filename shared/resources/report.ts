// A viewer's report as the Report Manager lists it: what was reported (movie, episode, server), why, by whom, and
// where it stands (open → in progress → resolved / dismissed, decision 042).
import { z } from 'zod';
import { REPORT_REASONS, REPORT_STATUSES } from '#shared/reports.ts';

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const adminReportSchema = z
  .object({
    id: z.number(),
    movie: z.object({ id: z.number(), title: z.string(), slug: z.string() }),
    episode: z.object({
      id: z.number(),
      name: z.string(),
      /** The key in `/watch/{slug}/{ep}?server={server.id}`. */
      ep: z.string(),
      published: z.boolean(),
    }),
    server: z.object({ id: z.number(), name: z.string() }),
    reason: z.enum(REPORT_REASONS),
    message: z.string(),
    user_agent: z.string(),
    status: z.enum(REPORT_STATUSES),
    /** The signed-in viewer who reported; null when anonymous (or the account is gone). */
    reporter: person.nullable(),
    /** When and by whom an admin last moved it out of `open`; null while open. */
    closed_at: z.string().nullable(),
    closed_by: person.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminReport' });
export type AdminReport = z.infer<typeof adminReportSchema>;

/** How many reports are in each state: the menu's badge counts `open`. */
export const reportCountsSchema = z
  .object(
    Object.fromEntries(REPORT_STATUSES.map((status) => [status, z.number()])) as Record<
      (typeof REPORT_STATUSES)[number],
      z.ZodNumber
    >,
  )
  .meta({ id: 'ReportCounts' });
export type ReportCounts = z.infer<typeof reportCountsSchema>;
