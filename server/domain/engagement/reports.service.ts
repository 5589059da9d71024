// Viewers' reports of an episode that will not play or plays wrong: stored for the Report Manager, announced live.
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { episodes, movies, reports, type ReportReason } from '#server/db/schema/index.ts';
import type { EventBus } from '#server/events.ts';
import { violatesForeignKey } from '#server/db/unique.ts';
import { NotFound } from '#server/domain/errors.ts';

export type NewReport = {
  episodeId: number;
  reason: ReportReason;
  message?: string;
  userId?: string | null;
  userAgent?: string;
};

export type ReportsService = ReturnType<typeof createReportsService>;

export function createReportsService({ db, events }: { db: Database; events: EventBus }) {
  return {
    /** Reports a published episode of a published movie; anything else is 404, as on the watch page. */
    async create(input: NewReport) {
      const [found] = await db
        .select({ movieId: movies.id, movieTitle: movies.title, episodeName: episodes.name })
        .from(episodes)
        .innerJoin(movies, eq(movies.id, episodes.movieId))
        .where(
          and(
            eq(episodes.id, input.episodeId),
            eq(episodes.published, true),
            eq(movies.published, true),
          ),
        );
      if (!found) throw new NotFound('No such episode.');
      const [row] = await db
        .insert(reports)
        .values({
          movieId: found.movieId,
          episodeId: input.episodeId,
          userId: input.userId ?? null,
          reason: input.reason,
          message: input.message?.trim() ?? '',
          userAgent: input.userAgent ?? '',
        })
        .returning()
        .catch((error: unknown) => {
          // Deleted between the read above and this write: as if it had never been there.
          if (
            violatesForeignKey(
              error,
              'reports_movie_id_movies_id_fk',
              'reports_episode_id_episodes_id_fk',
            )
          )
            throw new NotFound('No such episode.');
          throw error;
        });
      const report = row!;
      events.emit('report.created', {
        reportId: report.id,
        movieId: report.movieId,
        movieTitle: found.movieTitle,
        episodeId: report.episodeId,
        episodeName: found.episodeName,
        reason: report.reason,
        createdAt: report.createdAt.toISOString(),
      });
      return {
        id: report.id,
        movie_id: report.movieId,
        episode_id: report.episodeId,
        reason: report.reason,
        message: report.message,
        status: report.status,
        created_at: report.createdAt.toISOString(),
      };
    },
  };
}
