// The signed-in viewer's profile (/user/profile): who they are, how many movies they follow and episodes they
// watched (to WATCHED_AT of the runtime), and the movies they watched lately, each with the episode to resume.
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { follows, watchHistory } from '#server/db/schema/index.ts';
import type { HistoryService } from '#server/domain/engagement/history.service.ts';
import { WATCHED_AT } from '#shared/history.ts';
import type { Profile, RecentlyWatched } from '#shared/resources/follow.ts';

/** A row of posters: as many as a wide screen shows at once. */
export const RECENTLY_WATCHED_MAX = 12;

export type ProfileService = ReturnType<typeof createProfileService>;

export function createProfileService({ db, history }: { db: Database; history: HistoryService }) {
  return {
    async profile(user: {
      id: string;
      name: string;
      avatar: string | null;
      createdAt: string;
    }): Promise<Profile> {
      // Positions saved in the last second are still in the history's batch.
      await history.flush();
      const [counts, recent] = await Promise.all([
        db.execute<{ following: number; watched: number }>(sql`
          select
            (select count(*)::int from ${follows} f join movies m on m.id = f.movie_id and m.published
              where f.user_id = ${user.id}) as following,
            (select count(*)::int from ${watchHistory} h
              join episodes e on e.id = h.episode_id and e.published
              join movies m on m.id = h.movie_id and m.published
              where h.user_id = ${user.id} and h.duration_seconds > 0
                and h.position_seconds >= h.duration_seconds * ${WATCHED_AT}::float8) as watched`),
        // The newest saved episode of each movie, newest movies first.
        db.execute(sql`
          select * from (
            select distinct on (h.movie_id) h.movie_id, m.slug as movie_slug, m.title as movie_title, m.poster,
                   e.name as episode_name, e.ep, h.position_seconds as position, h.duration_seconds as duration,
                   h.updated_at
            from ${watchHistory} h
            join episodes e on e.id = h.episode_id and e.published
            join movies m on m.id = h.movie_id and m.published
            where h.user_id = ${user.id}
            order by h.movie_id, h.updated_at desc, h.episode_id desc
          ) latest
          order by latest.updated_at desc, latest.movie_id desc
          limit ${RECENTLY_WATCHED_MAX}`),
      ]);
      const [total] = counts.rows;
      return {
        name: user.name,
        avatar: user.avatar,
        joined_at: user.createdAt,
        counts: {
          following: Number(total?.following ?? 0),
          watched_episodes: Number(total?.watched ?? 0),
        },
        recently_watched: (recent.rows as Array<Record<string, unknown>>).map(
          (row): RecentlyWatched => ({
            movie_id: Number(row.movie_id),
            movie_slug: String(row.movie_slug),
            movie_title: String(row.movie_title),
            poster: (row.poster as string | null) ?? null,
            episode_name: String(row.episode_name),
            ep: String(row.ep),
            position: Number(row.position),
            duration: Number(row.duration),
            watched_at: new Date(row.updated_at as string).toISOString(),
          }),
        ),
      };
    },
  };
}
