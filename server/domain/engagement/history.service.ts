// Watch history: where each signed-in viewer is in each episode. Players save the position every ~10 s, so
// thousands of viewers mean thousands of saves a second: a save is checked without the database (a signed history
// ticket, issued with the watch page, names the viewer and the episode) and kept in memory; one statement a second
// writes every position kept meanwhile (decision 040). A crash loses at most that second.
import crypto from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { episodes, movies, watchHistory } from '#server/db/schema/index.ts';
import { NotFound } from '#server/domain/errors.ts';
import { pageMeta, pageWindow, type PageQuery } from '#server/domain/list.ts';
import { isWatched } from '#shared/history.ts';
import type { Page } from '#shared/list-query.ts';
import type { HistoryItem } from '#shared/resources/history.ts';

/** How long a ticket from one watch page stays good: a long film, paused for dinner. */
export const HISTORY_TICKET_HOURS = 12;
/** Positions kept before a write is due anyway, whatever the timer says. */
const FLUSH_AT = 5000;

export type HistoryTicket = {
  userId: string;
  episodeId: number;
  movieId: number;
  expiresAt: number;
};

export type HistorySave = { ticket: string; position: number; duration: number };

type Pending = {
  userId: string;
  episodeId: number;
  movieId: number;
  position: number;
  duration: number;
  at: Date;
};

export type HistoryService = ReturnType<typeof createHistoryService>;

export function createHistoryService({
  db,
  secret,
  flushEveryMs = 1000,
  log,
}: {
  db: Database;
  /** Its own key (derived from AUTH_SECRET by the caller): a ticket says nothing about the session secret. */
  secret: string;
  flushEveryMs?: number;
  log?: { error: (object: object, message: string) => void };
}) {
  let pending = new Map<string, Pending>();
  let writing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  function sign(payload: string) {
    return crypto.createHmac('sha256', secret).update(payload).digest('base64url');
  }

  /** Writes what is kept, in one statement; rows of episodes or accounts deleted meanwhile are dropped. */
  function flush(): Promise<void> {
    if (pending.size === 0) return writing;
    const batch = [...pending.values()];
    pending = new Map();
    writing = writing.then(async () => {
      try {
        await db.execute(sql`
          insert into ${watchHistory} (user_id, episode_id, movie_id, position_seconds, duration_seconds, updated_at)
          select b.user_id, b.episode_id, b.movie_id, b.position, b.duration, b.at
          from jsonb_to_recordset(${JSON.stringify(
            batch.map((p) => ({
              user_id: p.userId,
              episode_id: p.episodeId,
              movie_id: p.movieId,
              position: p.position,
              duration: p.duration,
              at: p.at.toISOString(),
            })),
          )}::jsonb) as b(user_id text, episode_id bigint, movie_id bigint, position int, duration int, at timestamptz)
          join episodes e on e.id = b.episode_id and e.movie_id = b.movie_id
          join users u on u.id = b.user_id
          on conflict (user_id, episode_id) do update
            set position_seconds = excluded.position_seconds,
                duration_seconds = excluded.duration_seconds,
                updated_at = excluded.updated_at
            where ${watchHistory.updatedAt} <= excluded.updated_at`);
      } catch (error) {
        log?.error({ err: error, rows: batch.length }, 'could not save watch positions');
      }
    });
    return writing;
  }

  /** A ticket for one viewer and one episode, handed to the player with the watch page. */
  function ticketFor(userId: string, episode: { id: number; movieId: number }, now = Date.now()) {
    const expiresAt = Math.floor(now / 1000) + HISTORY_TICKET_HOURS * 3600;
    const payload = `${userId}.${episode.id}.${episode.movieId}.${expiresAt}`;
    return `${payload}.${sign(payload)}`;
  }

  /** The ticket's viewer and episode, or null when it is forged or expired. */
  function readTicket(ticket: string, now = Date.now()): HistoryTicket | null {
    const parts = ticket.split('.');
    if (parts.length !== 5) return null;
    const [userId, episodeId, movieId, expiresAt, signature] = parts as [
      string,
      string,
      string,
      string,
      string,
    ];
    const expected = Buffer.from(sign(`${userId}.${episodeId}.${movieId}.${expiresAt}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    if (Number(expiresAt) * 1000 < now) return null;
    return {
      userId,
      episodeId: Number(episodeId),
      movieId: Number(movieId),
      expiresAt: Number(expiresAt),
    };
  }

  return {
    ticketFor,
    readTicket,

    /** A ticket for a published episode of a published movie, for API clients; 404 for anything else. */
    async ticketForEpisode(userId: string, episodeId: number) {
      const [found] = await db
        .select({ id: episodes.id, movieId: episodes.movieId })
        .from(episodes)
        .innerJoin(movies, eq(movies.id, episodes.movieId))
        .where(
          and(eq(episodes.id, episodeId), eq(episodes.published, true), eq(movies.published, true)),
        );
      if (!found) throw new NotFound('No such episode.');
      return ticketFor(userId, found);
    },

    /** Keeps a position for the next write; true when the ticket is good for this episode. */
    save(episodeId: number, input: HistorySave): boolean {
      const ticket = readTicket(input.ticket);
      if (!ticket || ticket.episodeId !== episodeId) return false;
      const duration = Math.max(1, Math.round(input.duration));
      pending.set(`${ticket.userId}:${episodeId}`, {
        userId: ticket.userId,
        episodeId,
        movieId: ticket.movieId,
        position: Math.min(duration, Math.max(0, Math.floor(input.position))),
        duration,
        at: new Date(),
      });
      if (pending.size >= FLUSH_AT) void flush();
      return true;
    },

    flush,

    /** Where the viewer is in each episode of a movie (episode id → seconds and length). */
    async positionsIn(userId: string, movieId: number) {
      await flush();
      const rows = await db
        .select({
          episodeId: watchHistory.episodeId,
          position: watchHistory.positionSeconds,
          duration: watchHistory.durationSeconds,
        })
        .from(watchHistory)
        .where(and(eq(watchHistory.userId, userId), eq(watchHistory.movieId, movieId)));
      return new Map(rows.map((row) => [row.episodeId, row]));
    },

    /**
     * The viewer's place in every episode of a movie they have begun, the latest first: the episode lists' bars and
     * the movie page's "Resume" (issue 16). One query, on the `(user, movie)` index.
     */
    async progressIn(userId: string, movieId: number) {
      await flush();
      return db
        .select({
          episodeId: watchHistory.episodeId,
          position: watchHistory.positionSeconds,
          duration: watchHistory.durationSeconds,
          updatedAt: watchHistory.updatedAt,
        })
        .from(watchHistory)
        .where(and(eq(watchHistory.userId, userId), eq(watchHistory.movieId, movieId)))
        .orderBy(desc(watchHistory.updatedAt), desc(watchHistory.episodeId));
    },

    /** The viewer's history, newest first: published episodes of published movies only. */
    async list(userId: string, query: PageQuery): Promise<Page<HistoryItem>> {
      await flush();
      const window = pageWindow(query);
      const visible = and(
        eq(watchHistory.userId, userId),
        eq(episodes.published, true),
        eq(movies.published, true),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            episode_id: episodes.id,
            episode_name: episodes.name,
            ep: episodes.ep,
            movie_id: movies.id,
            movie_title: movies.title,
            movie_slug: movies.slug,
            poster: movies.poster,
            position: watchHistory.positionSeconds,
            duration: watchHistory.durationSeconds,
            updatedAt: watchHistory.updatedAt,
          })
          .from(watchHistory)
          .innerJoin(episodes, eq(episodes.id, watchHistory.episodeId))
          .innerJoin(movies, eq(movies.id, watchHistory.movieId))
          .where(visible)
          .orderBy(desc(watchHistory.updatedAt), desc(watchHistory.episodeId))
          .limit(window.limit)
          .offset(window.offset),
        db
          .select({ total: count() })
          .from(watchHistory)
          .innerJoin(episodes, eq(episodes.id, watchHistory.episodeId))
          .innerJoin(movies, eq(movies.id, watchHistory.movieId))
          .where(visible),
      ]);
      return {
        data: rows.map(({ updatedAt, ...row }) => ({
          ...row,
          watched: isWatched(row.position, row.duration),
          updated_at: updatedAt.toISOString(),
        })),
        meta: pageMeta(window, Number(total?.total ?? 0)),
      };
    },

    /** Removes one episode from the viewer's history; 404 when it was not there. */
    async remove(userId: string, episodeId: number) {
      await flush();
      const removed = await db
        .delete(watchHistory)
        .where(and(eq(watchHistory.userId, userId), eq(watchHistory.episodeId, episodeId)))
        .returning({ episodeId: watchHistory.episodeId });
      if (removed.length === 0) throw new NotFound('That episode is not in your history.');
    },

    /** Clears the viewer's whole history; answers how many episodes it held. */
    async clear(userId: string) {
      await flush();
      const removed = await db
        .delete(watchHistory)
        .where(eq(watchHistory.userId, userId))
        .returning({ episodeId: watchHistory.episodeId });
      return removed.length;
    },

    /** Writes what is kept and stops the timer: the last step of a shutdown. */
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
