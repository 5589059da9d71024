// The hourly roll of the view windows on a real database: day/week/month recomputed from the hour buckets, old
// buckets purged, totals kept, emptied movies back to 0, "most viewed this week" following the rolled week, and
// the job queued, scheduled and run by pg-boss.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { episodeViews, movies } from '#server/db/schema/index.ts';
import { ROLL_VIEWS_CRON } from '#server/domain/catalog/views.jobs.ts';
import { QUEUES } from '#server/jobs.ts';
import { createEpisode, createMovie } from '#tests/factories.ts';
import { Client, signInFirstAdmin } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp();
let admin: Client;
const movie: Record<'a' | 'b' | 'c', { id: number; episode: number }> = {} as never;

/** A published movie with one episode. */
async function addMovie(title: string) {
  const created = await createMovie(admin, { title, published: true });
  const episode = await createEpisode(admin, created);
  return { id: created.id, episode: episode.id };
}

/** `count` distinct viewers of an episode in the hour bucket `ago` before now (a Postgres interval). */
async function viewsAgo(episodeId: number, ago: string, count: number) {
  await t.db.execute(sql`
    insert into episode_views (episode_id, viewer, hour)
    select ${episodeId}, 'u:test-' || ${ago} || '-' || n, date_trunc('hour', now() - ${ago}::interval)
    from generate_series(1, ${count}) n`);
}

/** The counters as the movie manager shows them. */
async function viewsOf(id: number) {
  const response = await admin.get(`/api/admin/movies/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json().movie.views as { total: number; day: number; week: number; month: number };
}

async function trendingTitles() {
  const { blocks } = await t.app.services.home.getPage();
  const row = blocks.find((block) => block.kind === 'row' && block.source === 'most_viewed');
  return row?.kind === 'row' ? row.movies.map((item) => item.title) : [];
}

beforeAll(async () => {
  admin = await signInFirstAdmin(t.app);
  movie.a = await addMovie('Ánh Trăng Nơi Biển Sâu');
  movie.b = await addMovie('Người Thừa Kế Bí Mật');
  movie.c = await addMovie('Mùa Hè Năm Ấy');
  // A: 3 views in the last day, 2 more in the week, 4 more in the month, 5 that have aged out.
  // B: fewer today, far more this week. Their counters only grew until now, so they count everything.
  for (const [key, counts] of [
    ['a', [3, 2, 4, 5]],
    ['b', [1, 8, 1, 1]],
  ] as const) {
    const [hours, days, tenDays, fortyDays] = counts;
    await viewsAgo(movie[key].episode, '2 hours', hours);
    await viewsAgo(movie[key].episode, '3 days', days);
    await viewsAgo(movie[key].episode, '10 days', tenDays);
    await viewsAgo(movie[key].episode, '40 days', fortyDays);
    const all = hours + days + tenDays + fortyDays;
    await t.db
      .update(movies)
      .set({ viewsTotal: 1000 + all, viewsDay: all, viewsWeek: all, viewsMonth: all })
      .where(eq(movies.id, movie[key].id));
  }
  // C is watched once now, through the API; then that view is moved 35 days back, as if time had passed.
  const viewer = new Client(t.app);
  expect((await viewer.post(`/api/episodes/${movie.c.episode}/view`)).json()).toEqual({
    counted: true,
  });
  await t.db
    .update(episodeViews)
    .set({ hour: sql`date_trunc('hour', now() - interval '35 days')` })
    .where(eq(episodeViews.episodeId, movie.c.episode));
});

describe('rolling the view windows', () => {
  it('orders "most viewed this week" by counters that only grew, before the first roll', async () => {
    expect(await trendingTitles()).toEqual([
      'Ánh Trăng Nơi Biển Sâu',
      'Người Thừa Kế Bí Mật',
      'Mùa Hè Năm Ấy',
    ]);
  });

  it('recomputes day, week and month from the buckets, keeps totals, and purges old buckets', async () => {
    const totals = {
      a: (await viewsOf(movie.a.id)).total,
      b: (await viewsOf(movie.b.id)).total,
      c: (await viewsOf(movie.c.id)).total,
    };
    expect(totals).toEqual({ a: 1014, b: 1011, c: 1 });

    expect(await t.app.services.views.roll()).toEqual({ rolled: 2, emptied: 1, purged: 7 });

    expect(await viewsOf(movie.a.id)).toEqual({ total: 1014, day: 3, week: 5, month: 9 });
    expect(await viewsOf(movie.b.id)).toEqual({ total: 1011, day: 1, week: 9, month: 10 });
    // Every view of C aged out: its windows are empty, its total stays.
    expect(await viewsOf(movie.c.id)).toEqual({ total: 1, day: 0, week: 0, month: 0 });
    const left = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(episodeViews)
      .where(sql`${episodeViews.hour} < now() - interval '31 days'`);
    expect(left[0]!.n).toBe(0);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(episodeViews))[0]!.n).toBe(
      19,
    );
  });

  it("puts this week's most viewed first on the home page, and leaves out movies no one watched", async () => {
    expect(await trendingTitles()).toEqual(['Người Thừa Kế Bí Mật', 'Ánh Trăng Nơi Biển Sâu']);
  });

  it('still counts a new view at once, and the next roll agrees with it', async () => {
    const viewer = new Client(t.app);
    expect((await viewer.post(`/api/episodes/${movie.a.episode}/view`)).json()).toEqual({
      counted: true,
    });
    expect(await viewsOf(movie.a.id)).toEqual({ total: 1015, day: 4, week: 6, month: 10 });
    // Nothing to correct: no movie is rewritten.
    expect(await t.app.services.views.roll()).toEqual({ rolled: 0, emptied: 0, purged: 0 });
    expect(await viewsOf(movie.a.id)).toEqual({ total: 1015, day: 4, week: 6, month: 10 });
  });

  it('is safe when two nodes roll at once: one rolls, or both in turn, with the same result', async () => {
    await t.db.update(movies).set({ viewsDay: 50, viewsWeek: 50, viewsMonth: 50 });
    const results = await Promise.all([t.app.services.views.roll(), t.app.services.views.roll()]);
    const done = results.filter((result) => result !== null);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(done.reduce((sum, result) => sum + result.rolled + result.emptied, 0)).toBe(3);
    expect(await viewsOf(movie.a.id)).toEqual({ total: 1015, day: 4, week: 6, month: 10 });
    expect(await viewsOf(movie.b.id)).toEqual({ total: 1011, day: 1, week: 9, month: 10 });
    expect(await viewsOf(movie.c.id)).toEqual({ total: 1, day: 0, week: 0, month: 0 });
  });
});

describe('the roll job', () => {
  it('is a queue with an hourly schedule once workers start, and a queued roll runs', async () => {
    await t.app.services.jobs.start({ workers: true });
    const queues = await t.db.execute<{ name: string }>(
      sql`select name from pgboss.queue where name = ${QUEUES.rollViews}`,
    );
    expect(queues.rows).toHaveLength(1);
    const schedules = await t.db.execute<{ cron: string }>(
      sql`select cron from pgboss.schedule where name = ${QUEUES.rollViews}`,
    );
    expect(schedules.rows).toEqual([{ cron: ROLL_VIEWS_CRON }]);
    expect(ROLL_VIEWS_CRON).toMatch(/^([1-9]|[1-5]\d) \* \* \* \*$/);

    await t.db.update(movies).set({ viewsWeek: 99 }).where(eq(movies.id, movie.b.id));
    await t.app.services.jobs.send(QUEUES.rollViews, {});
    await expect
      .poll(async () => (await viewsOf(movie.b.id)).week, { timeout: 15_000, interval: 250 })
      .toBe(9);
  });
});
