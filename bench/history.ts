// Watch-position saves (issue 16): BENCH_HISTORY_VIEWERS viewers (1,000), each with a ticket for an episode of
// the seeded catalogue, send `POST /api/history/{episode}` as players do, as fast as autocannon can at
// BENCH_CONNECTIONS. Target: ≥ 5,000 saves/s with p95 < 20 ms, beside the bare route in the same run. It also
// checks that every viewer's last position reached the database (the saves are written in batches). The same
// viewers' presence heartbeats are measured beside them.
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
  // A 1 % sample of a large catalogue's pages is quick; a small catalogue's may sample no page at all.
  let { rows } = await pool.query<{ id: number; movie_id: number }>(
    `select e.id::int, e.movie_id::int from episodes e tablesample system (1)
     join movies m on m.id = e.movie_id where e.published and m.published limit $1`,
    [count],
  );
  if (rows.length < count)
    ({ rows } = await pool.query<{ id: number; movie_id: number }>(
      `select e.id::int, e.movie_id::int from episodes e join movies m on m.id = e.movie_id
       where e.published and m.published order by random() limit $1`,
      [count],
    ));
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

/**
 * The player's heartbeat (decision 051): `POST /api/episodes/{episode}/watching`, one per viewer, as guests (each
 * its own User-Agent, so that each is a viewer of its own in `viewer_presence`): an upsert into an unlogged table.
 */
export async function presenceRequests(serverUrl: string, viewers: Viewer[]) {
  // A guest's player has the CSRF cookie the page set, and echoes it.
  const answer = await fetch(`${serverUrl}/api/csrf-cookie`);
  const cookie = /XSRF-TOKEN=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error('GET /api/csrf-cookie set no XSRF-TOKEN cookie.');
  return viewers.map((viewer, index) => ({
    method: 'POST' as const,
    path: new URL(viewer.url).pathname.replace(
      /^\/api\/history\/(\d+)$/,
      '/api/episodes/$1/watching',
    ),
    headers: {
      'user-agent': `Mozilla/5.0 (bench viewer ${index + 1}) Chrome/131.0 Safari/537.36`,
      cookie: `XSRF-TOKEN=${cookie}`,
      'x-xsrf-token': decodeURIComponent(cookie),
    },
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
