// The view roll's benchmark: a month of view buckets over the benchmark catalogue (most of them on a few popular
// episodes, as on a real site) and the time of one roll: the first, which rewrites the seeded counters, then a
// steady one, which only reads (docs/decisions/017-view-windows.md).
import type pg from 'pg';

export const BENCH_VIEWS = Number(process.env.BENCH_VIEWS ?? 2_000_000);

type Roll = () => Promise<{ rolled: number; emptied: number; purged: number } | null>;

/** Seeds `count` buckets in the last 30 days and 1 % older ones to purge, rolls twice, and says how long it took. */
export async function measureViewRoll(pool: pg.Pool, roll: Roll, count = BENCH_VIEWS) {
  const started = performance.now();
  const { rows } = await pool.query<{ lo: number; span: number }>(
    'select min(id)::int lo, (max(id) - min(id) + 1)::int span from episodes',
  );
  const { lo, span } = rows[0]!;
  // Episode `lo + span * u^3` for a hash `u`: a power curve, so popular episodes collect most of the views.
  await pool.query(
    `insert into episode_views (episode_id, viewer, hour)
     select $1::int + floor($2::int * power((abs(hashint4(g)) % 1000000) / 1000000.0, 3))::int, 'a:' || md5(g::text),
       date_trunc('hour', now() - make_interval(hours => case when g % 100 = 0 then 745 + g % 200
         else abs(hashint4(g * 7)) % 720 end))
     from generate_series(1, $3::int) g
     on conflict do nothing`,
    [lo, span, count],
  );
  await pool.query('vacuum analyze episode_views');
  const seeded = (performance.now() - started) / 1000;
  const timed = async () => {
    const at = performance.now();
    const result = await roll();
    return { ms: performance.now() - at, result };
  };
  const first = await timed();
  const steady = await timed();
  return (
    `${count} view buckets seeded in ${seeded.toFixed(0)} s; first roll ${first.ms.toFixed(0)} ms ` +
    `(${JSON.stringify(first.result)}), steady roll ${steady.ms.toFixed(0)} ms (${JSON.stringify(steady.result)})`
  );
}
