// Who is watching now (decision 051): the player says so when playback starts and every PRESENCE_BEAT_MS while it
// goes on; a viewer counts as watching for PRESENCE_WINDOW_MINUTES after their last word. One row per viewer in an
// unlogged table shared by every node; each node counts every PRESENCE_TICK_MS and tells the admins' overview
// (over the socket) when the number moved, and drops rows an hour old.
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { episodes, movies, viewerPresence } from '#server/db/schema/index.ts';
import type { EventBus } from '#server/events.ts';
import { PRESENCE_WINDOW_MINUTES } from '#shared/presence.ts';

const PRESENCE_TICK_MS = 15_000;

type Log = { warn: (object: object, message: string) => void };

export type PresenceService = ReturnType<typeof createPresenceService>;

export function createPresenceService({
  db,
  events,
  log,
}: {
  db: Database;
  events: EventBus;
  log?: Log;
}) {
  let timer: NodeJS.Timeout | undefined;
  let last = -1;

  async function count() {
    const result = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${viewerPresence}
      where seen_at > now() - make_interval(mins => ${PRESENCE_WINDOW_MINUTES})`);
    return result.rows[0]?.n ?? 0;
  }

  async function tick() {
    const viewers = await count();
    if (viewers !== last) {
      last = viewers;
      events.emit('presence.count', { viewers });
    }
    await db.execute(sql`delete from ${viewerPresence} where seen_at < now() - interval '1 hour'`);
  }

  return {
    /** Marks `viewer` (a viewer key) as watching a published episode; false when there is no such episode. */
    async seen(episodeId: number, viewer: string) {
      const result = await db.execute(sql`
        insert into ${viewerPresence} (viewer, episode_id, seen_at)
        select ${viewer}, e.id, now() from ${episodes} e join ${movies} m on m.id = e.movie_id
        where e.id = ${episodeId} and e.published and m.published
        on conflict (viewer) do update set episode_id = excluded.episode_id, seen_at = excluded.seen_at`);
      return (result.rowCount ?? 0) > 0;
    },
    count,
    /** One count (and the event if it moved), as the timer runs it. */
    tick,
    start() {
      timer = setInterval(() => {
        tick().catch((error: unknown) => log?.warn({ err: error }, 'presence count failed'));
      }, PRESENCE_TICK_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
