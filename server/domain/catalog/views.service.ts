// Rolling view windows: recomputes each movie's views_day/week/month from the `episode_views` hour buckets and
// purges buckets too old to matter (docs/decisions/017-view-windows.md). `countView` only ever adds.
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

/** The widest window, `views_month`. */
export const VIEW_WINDOW_DAYS = 30;
/** Buckets are kept a day longer than the widest window, so a late roll still sees the whole month. */
export const VIEW_RETENTION_DAYS = VIEW_WINDOW_DAYS + 1;

export type ViewsService = ReturnType<typeof createViewsService>;

export type RollResult = {
  /** Movies whose windows changed and were rewritten from their buckets. */
  rolled: number;
  /** Movies with non-zero windows but no views left in the last 30 days, set to 0. */
  emptied: number;
  /** `episode_views` rows older than the retention, deleted. */
  purged: number;
};

export function createViewsService({ db }: { db: Database }) {
  return {
    /**
     * One roll, in one transaction: movies with views in the last 30 days get their three windows from a single
     * aggregate (rows whose counters already match are not written); movies whose counters are non-zero but have
     * no views left go to 0; buckets older than the retention are deleted. `views_total` is never touched, nor
     * `updated_at` (a roll is not an edit). An advisory lock makes a second node's roll at the same time a no-op
     * (null) instead of a second writer taking the same row locks in another order.
     */
    async roll(): Promise<RollResult | null> {
      return db.transaction(async (tx) => {
        const lock = await tx.execute<{ locked: boolean }>(
          sql`select pg_try_advisory_xact_lock(hashtext('catalog.views.roll')) as locked`,
        );
        if (!lock.rows[0]?.locked) return null;
        // now() is the transaction's start, the same in every statement: "> now() - 1 day" takes the 24 hour
        // buckets that started after this time yesterday, the current (partial) hour included. The aggregate goes
        // into a temporary table rather than a CTE beside the UPDATEs: PostgreSQL plans no parallel workers for a
        // statement that writes (3,000,000 buckets: 23-30 s as one statement, 10-14 s so; decision 017).
        await tx.execute(sql`
          create temporary table view_windows on commit drop as
          select e.movie_id,
            count(*) filter (where v.hour > now() - interval '1 day') as day,
            count(*) filter (where v.hour > now() - interval '7 days') as week,
            count(*) as month
          from episode_views v
          join episodes e on e.id = v.episode_id
          where v.hour > now() - make_interval(days => ${VIEW_WINDOW_DAYS})
          group by e.movie_id`);
        await tx.execute(sql`analyze view_windows`);
        const rolled = await tx.execute(sql`
          update movies m
          set views_day = w.day, views_week = w.week, views_month = w.month
          from view_windows w
          where m.id = w.movie_id
            and (m.views_day, m.views_week, m.views_month) is distinct from (w.day, w.week, w.month)`);
        const emptied = await tx.execute(sql`
          update movies m
          set views_day = 0, views_week = 0, views_month = 0
          where (m.views_day <> 0 or m.views_week <> 0 or m.views_month <> 0)
            and not exists (select 1 from view_windows w where w.movie_id = m.id)`);
        const purged = await tx.execute(sql`
          delete from episode_views
          where hour < now() - make_interval(days => ${VIEW_RETENTION_DAYS})`);
        return {
          rolled: rolled.rowCount ?? 0,
          emptied: emptied.rowCount ?? 0,
          purged: purged.rowCount ?? 0,
        };
      });
    },
  };
}
