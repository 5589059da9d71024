// Watch-position saves (issue 16): BENCH_HISTORY_VIEWERS viewers (1,000), each with a ticket for an episode of
// the seeded catalogue, send `POST /api/history/{episode}` as players do, as fast as autocannon can at
// BENCH_CONNECTIONS. Target: ≥ 5,000 saves/s with p95 < 20 ms, beside the bare route in the same run. It also
// checks that every viewer's last position reached the database (the saves are written in batches).
import type pg from 'pg';
import type { HistoryService } from '#server/domain/engagement/history.service.ts';

export const BENCH_HISTORY_VIEWERS = Number(process.env.BENCH_HISTORY_VIEWERS ?? 1000);

type Viewer = { url: string; ticket: string };

/** Seeds the viewers (accounts without passwords: they never sign in here) and hands each a ticket. */
export async function seedHistoryViewers(
  pool: pg.Pool,
  history: HistoryService,
  serverUrl: string,
  count = BENCH_HISTORY_VIEWERS,
): Promise<Viewer[]> {
  await pool.query(
    `insert into users (id, name, email)
     select 'bench-viewer-' || g, 'Người xem ' || g, 'bench-viewer-' || g || '@phim.local'
     from generate_series(1, $1::int) g
     on conflict do nothing`,
    [count],
  );
  const { rows } = await pool.query<{ id: number; movie_id: number }>(
    `select id::int, movie_id::int from episodes tablesample system (1) limit $1`,
    [count],
  );
  if (rows.length === 0) throw new Error('No episodes to watch: the catalogue part seeds them.');
  return Array.from({ length: count }, (_, index) => {
    const episode = rows[index % rows.length]!;
    return {
      url: `${serverUrl}/api/history/${episode.id}`,
      ticket: history.ticketFor(`bench-viewer-${index + 1}`, {
        id: episode.id,
        movieId: episode.movie_id,
      }),
    };
  });
}

/** autocannon's requests: one save per viewer, cycled through by each connection (plain data: it runs in a worker). */
export function historySaveRequests(viewers: Viewer[]) {
  return viewers.map((viewer, index) => ({
    method: 'POST' as const,
    path: new URL(viewer.url).pathname,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ticket: viewer.ticket, position: 60 + (index % 600), duration: 2700 }),
  }));
}

/** How many viewers have a row, once the last batch is written. */
export async function historyRowsWritten(pool: pg.Pool, history: HistoryService) {
  await history.flush();
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int n from watch_history where user_id like 'bench-viewer-%'`,
  );
  return rows[0]!.n;
}
