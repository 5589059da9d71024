// The demo's views: hour buckets in `episode_views` over the last 30 days, as real viewers would leave them, so the
// hourly roll (views.service.ts) derives the day/week/month counters; the all-time total has no buckets to come from.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { movies } from '#server/db/schema/index.ts';
import { VIEW_WINDOW_DAYS } from '#server/domain/catalog/views.service.ts';

/** One bucket per this many of the catalogue's weekly views: about 3,400 rows for the whole demo. */
const WEEKLY_VIEWS_PER_ROW = 100;
/** Above 1, views crowd towards the present (a film being talked about): about a third fall in the last week. */
const RECENCY = 1.3;

/**
 * Writes a movie's view buckets in one INSERT ... SELECT: `views.week / 100` distinct viewers, each at an hour
 * drawn from a hash of the movie and the viewer (the same every run) on a curve towards the present, across the
 * movie's episodes; and sets its all-time total, which history before the buckets explains.
 */
export async function seedMovieViews(
  db: Database,
  movieId: number,
  views: { week: number; total: number },
) {
  const rows = Math.max(1, Math.round(views.week / WEEKLY_VIEWS_PER_ROW));
  const hours = VIEW_WINDOW_DAYS * 24;
  await db.execute(sql`
    insert into episode_views (episode_id, viewer, hour)
    select e.ids[1 + abs(hashint4(n * 7919 + ${movieId}::int)) % cardinality(e.ids)], 'a:demo-' || n,
      date_trunc('hour', now() - make_interval(hours => floor(${hours}::int * power(
        (abs(hashint4(n * 104729 + ${movieId}::int)) % 100000) / 100000.0, ${RECENCY}::numeric))::int))
    from (select array_agg(id order by sort_order, id) as ids from episodes where movie_id = ${movieId}) e,
      generate_series(1, ${rows}::int) n
    where cardinality(e.ids) > 0
    on conflict do nothing`);
  await db.update(movies).set({ viewsTotal: views.total }).where(eq(movies.id, movieId));
}
