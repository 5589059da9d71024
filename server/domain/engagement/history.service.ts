// Watch history: where each signed-in viewer is in each episode. Players save the position every ~10 s, so
// thousands of viewers mean thousands of saves a second: a save is checked without the database (a signed history
// ticket, issued with the watch page, names the viewer and the episode) and kept in memory; one statement a second
// writes every position kept meanwhile (decision 040). A crash loses at most that second.
import crypto from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { episodes, movies, users, watchHistory } from '#server/db/schema/index.ts';
import { NotFound } from '#server/domain/errors.ts';
import { pageMeta, pageWindow, type PageQuery } from '#server/domain/list.ts';
import { isWatched } from '#shared/history.ts';
import type { Page } from '#shared/list-query.ts';
import type { ContinueItem, HistoryItem } from '#shared/resources/history.ts';

/** How long a ticket from one watch page stays good: a long film, paused for dinner. */
export const HISTORY_TICKET_HOURS = 12;
/** Cards in the home page's Continue watching row. */
export const CONTINUE_MAX = 12;
/** Positions kept before a write is due anyway, whatever the timer says. */
const FLUSH_AT = 5000;

export type HistoryTicket = {
  userId: string;
  episodeId: number;
  movieId: number;
  expiresAt: number;
};

export type HistorySave = { ticket: string; position: number; duration: number };

/** A position a guest's browser kept, merged into the account at sign-in. */
export type GuestPosition = {
  episode_id: number;
  position: number;
  duration: number;
  watched_at: string;
};

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
          -- A ticket from before "Pause history" was switched on saves nothing either.
          join users u on u.id = b.user_id and not u.history_paused
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

    /**
     * The home page's Continue watching row: per movie the episode last watched, newest first. One left in the
     * middle resumes there; one watched to the end gives way to the next episode of its server (a movie with no
     * next episode is finished and not shown).
     */
    async continueWatching(userId: string, limit = CONTINUE_MAX): Promise<ContinueItem[]> {
      await flush();
      const result = await db.execute<{
        movie_id: number;
        movie_title: string;
        movie_slug: string;
        poster: string | null;
        backdrop: string | null;
        episode_id: number;
        episode_name: string;
        ep: string;
        server_id: number;
        episode_published: boolean;
        position: number;
        duration: number;
        updated_at: string;
        next_id: number | null;
        next_name: string | null;
        next_ep: string | null;
      }>(sql`
        with latest as (
          select distinct on (h.movie_id) h.movie_id, h.episode_id, h.position_seconds, h.duration_seconds, h.updated_at
          from ${watchHistory} h
          where h.user_id = ${userId}
          order by h.movie_id, h.updated_at desc
        )
        select m.id as movie_id, m.title as movie_title, m.slug as movie_slug, m.poster, m.backdrop,
          e.id as episode_id, e.name as episode_name, e.ep, e.server_id, e.published as episode_published,
          l.position_seconds as position, l.duration_seconds as duration, l.updated_at,
          n.id as next_id, n.name as next_name, n.ep as next_ep
        from latest l
        join ${movies} m on m.id = l.movie_id and m.published
        join ${episodes} e on e.id = l.episode_id
        left join lateral (
          select n.id, n.name, n.ep from ${episodes} n
          where n.server_id = e.server_id and n.published and (n.sort_order, n.id) > (e.sort_order, e.id)
          order by n.sort_order, n.id
          limit 1
        ) n on true
        order by l.updated_at desc
        limit ${limit * 2}`);
      const items: ContinueItem[] = [];
      for (const row of result.rows) {
        const base = {
          movie_id: Number(row.movie_id),
          movie_title: row.movie_title,
          movie_slug: row.movie_slug,
          poster: row.poster,
          backdrop: row.backdrop,
          server_id: Number(row.server_id),
          updated_at: new Date(row.updated_at).toISOString(),
        };
        if (isWatched(row.position, row.duration)) {
          if (row.next_id === null) continue;
          items.push({
            ...base,
            episode_id: Number(row.next_id),
            episode_name: row.next_name!,
            ep: row.next_ep!,
            position: 0,
            duration: 0,
            up_next: true,
          });
        } else if (row.episode_published) {
          items.push({
            ...base,
            episode_id: Number(row.episode_id),
            episode_name: row.episode_name,
            ep: row.ep,
            position: row.position,
            duration: row.duration,
            up_next: false,
          });
        }
        if (items.length === limit) break;
      }
      return items;
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

    /**
     * Merges what a guest's browser kept into the viewer's history: published episodes only, the movie taken from
     * the episode (not from the browser), and a row only where it is newer than what the account has. Nothing
     * while history is paused. Answers how many rows were written.
     */
    async merge(userId: string, items: GuestPosition[]) {
      if (items.length === 0) return 0;
      await flush();
      const now = Date.now();
      const rows = items.map((item) => {
        const duration = Math.max(1, Math.round(item.duration));
        return {
          episode_id: item.episode_id,
          position: Math.min(duration, Math.max(0, Math.floor(item.position))),
          duration,
          // A clock ahead of ours does not make a guest's position newer than one saved since.
          at: new Date(Math.min(now, Date.parse(item.watched_at))).toISOString(),
        };
      });
      const written = await db.execute<{ episode_id: number }>(sql`
        insert into ${watchHistory} (user_id, episode_id, movie_id, position_seconds, duration_seconds, updated_at)
        select distinct on (b.episode_id) u.id, e.id, e.movie_id, b.position, b.duration, b.at
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as b(episode_id bigint, position int, duration int, at timestamptz)
        join ${episodes} e on e.id = b.episode_id and e.published
        join ${movies} m on m.id = e.movie_id and m.published
        join ${users} u on u.id = ${userId} and not u.history_paused
        order by b.episode_id, b.at desc
        on conflict (user_id, episode_id) do update
          set position_seconds = excluded.position_seconds,
              duration_seconds = excluded.duration_seconds,
              updated_at = excluded.updated_at
          where ${watchHistory.updatedAt} < excluded.updated_at
        returning episode_id`);
      return written.rows.length;
    },

    /** "Pause history": while paused, watch pages carry no ticket and positions kept meanwhile are dropped. */
    async setPaused(userId: string, paused: boolean) {
      await flush();
      await db
        .update(users)
        .set({ historyPaused: paused, updatedAt: new Date() })
        .where(eq(users.id, userId));
      return paused;
    },

    /** Writes what is kept and stops the timer: the last step of a shutdown. */
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
