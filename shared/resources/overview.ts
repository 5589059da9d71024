// The admin overview (decision 051): the figures of `/vnwa/overview`, read by its loader and `GET /api/admin/overview`.
import { z } from 'zod';

export const overviewSchema = z
  .object({
    /** Viewers heard from in the last five minutes (the player's heartbeat). */
    viewers_now: z.number(),
    /** Views counted (once per viewer, episode and hour) in the last 24 hours and 7 days. */
    views: z.object({ day: z.number(), week: z.number() }),
    top_titles: z.array(
      z.object({
        id: z.number(),
        slug: z.string(),
        title: z.string(),
        poster: z.string().nullable(),
        views_day: z.number(),
        views_week: z.number(),
      }),
    ),
    users: z.object({
      day: z.number(),
      week: z.number(),
      total: z.number(),
      latest: z.array(
        z.object({ id: z.string(), name: z.string(), email: z.string(), created_at: z.string() }),
      ),
    }),
    reports: z.object({ open: z.number(), in_progress: z.number() }),
    transcodes: z.object({
      running: z.number(),
      waiting: z.number(),
      failed: z.number(),
      current: z.array(z.object({ id: z.number(), name: z.string(), progress: z.number() })),
    }),
    disk: z.object({
      free: z.number(),
      total: z.number(),
      /** `pg_database_size`: the database wherever it runs. */
      database: z.number(),
      /** Bytes under each folder of the data folder; null until the first walk has finished. */
      folders: z.record(z.string(), z.number()).nullable(),
      measured_at: z.string().nullable(),
    }),
  })
  .meta({ id: 'Overview' });
export type Overview = z.infer<typeof overviewSchema>;
