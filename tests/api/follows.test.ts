// The follow list and the profile (issue 16, decision 041): only a signed-in viewer follows, and only published
// movies; following twice is one follow; each viewer reads and changes only their own list; the list puts the movie
// with the newest episode first and counts the episodes published since the viewer last opened the movie.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { episodes, follows } from '#server/db/schema/index.ts';
import {
  createEpisode,
  createMovie,
  createUser,
  type CreatedUser,
  type Movie,
} from '#tests/factories.ts';
import { Client, expectInvalid, signInWithToken } from './accounts-client.ts';
import { expectUnauthenticated, withTestApp } from './helpers.ts';

const t = withTestApp();
let admin: CreatedUser;
let viewer: CreatedUser;
let other: CreatedUser;

beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin' });
  viewer = await createUser(t.app);
  other = await createUser(t.app);
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

/** Says when an episode came out, as publishing it would have. */
const releasedAt = (episodeId: number, at: Date) =>
  t.db.update(episodes).set({ publishedAt: at }).where(eq(episodes.id, episodeId));

const seenAt = (userId: string, movieId: number, at: Date) =>
  t.db
    .update(follows)
    .set({ seenAt: at })
    .where(and(eq(follows.userId, userId), eq(follows.movieId, movieId)));

const listOf = async (client: Client, query = '') => {
  const response = await client.get(`/api/follows${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: Array<{ id: number; new_episodes: number; latest_episode_at: string | null }>;
    meta: { total: number; page: number; last_page: number };
  };
};

describe('who may follow', () => {
  let movie: Movie;
  beforeAll(async () => {
    movie = await createMovie(admin.client, { title: 'Mắt Biếc theo dõi', published: true });
  });

  it('refuses a guest on every route', async () => {
    const guest = new Client(t.app);
    await guest.csrf();
    expectUnauthenticated(await guest.get('/api/follows'), 'list');
    expectUnauthenticated(await guest.get(`/api/follows/${movie.id}`), 'state');
    expectUnauthenticated(await guest.put(`/api/follows/${movie.id}`), 'follow');
    expectUnauthenticated(await guest.delete(`/api/follows/${movie.id}`), 'unfollow');
    expectUnauthenticated(await guest.post(`/api/follows/${movie.id}/seen`), 'seen');
    expectUnauthenticated(await guest.get('/api/user/profile'), 'profile');
  });

  it('follows once however often asked, and says so', async () => {
    expect((await viewer.client.get(`/api/follows/${movie.id}`)).json()).toEqual({
      movie_id: movie.id,
      following: false,
    });
    for (let i = 0; i < 2; i += 1) {
      const response = await viewer.client.put(`/api/follows/${movie.id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ movie_id: movie.id, following: true });
    }
    const rows = await t.db.select().from(follows).where(eq(follows.userId, viewer.user.id));
    expect(rows.map((row) => row.movieId)).toEqual([movie.id]);
    expect((await viewer.client.get(`/api/follows/${movie.id}`)).json().following).toBe(true);
  });

  it('answers 404 for an unknown or unpublished movie and 422 for a bad id', async () => {
    const draft = await createMovie(admin.client, { title: 'Bản nháp', published: false });
    for (const id of [draft.id, 999_999]) {
      expect((await viewer.client.put(`/api/follows/${id}`)).statusCode).toBe(404);
      expect((await viewer.client.get(`/api/follows/${id}`)).statusCode).toBe(404);
    }
    expectInvalid(await viewer.client.put('/api/follows/abc'), 'movie_id');
    expectInvalid(await viewer.client.put('/api/follows/0'), 'movie_id');
    expectInvalid(await viewer.client.get('/api/follows?per_page=1000'), 'per_page');
    expect(await t.db.select().from(follows).where(eq(follows.movieId, draft.id))).toEqual([]);
  });

  it('keeps each viewer to their own list, an admin too', async () => {
    await other.client.put(`/api/follows/${movie.id}`);
    // The other viewer unfollows: only their own follow goes.
    expect((await other.client.delete(`/api/follows/${movie.id}`)).statusCode).toBe(204);
    expect((await listOf(viewer.client)).data.map((m) => m.id)).toEqual([movie.id]);
    expect((await listOf(other.client)).data).toEqual([]);
    // No parameter names another account: a user_id in the query is refused, not obeyed.
    expectInvalid(await other.client.get(`/api/follows?user_id=${viewer.user.id}`), 'user_id');
    expect((await listOf(admin.client)).meta.total).toBe(0);
    await admin.client.put(`/api/follows/${movie.id}`);
    expect((await listOf(admin.client)).meta.total).toBe(1);
    // Marking seen needs a follow of one's own.
    expect((await other.client.post(`/api/follows/${movie.id}/seen`)).statusCode).toBe(404);
    expect((await viewer.client.post(`/api/follows/${movie.id}/seen`)).statusCode).toBe(204);
    // The back office counts the viewer's follows.
    const detail = await admin.client.get(`/api/admin/users/${viewer.user.id}`);
    expect(detail.json().counts.follows).toBe(1);
  });

  it('works in token mode too, and unfollowing twice is no error', async () => {
    const { client } = await signInWithToken(t.app, other.email);
    expect((await client.put(`/api/follows/${movie.id}`)).statusCode).toBe(200);
    expect((await listOf(client)).meta.total).toBe(1);
    expect((await client.delete(`/api/follows/${movie.id}`)).statusCode).toBe(204);
    expect((await client.delete(`/api/follows/${movie.id}`)).statusCode).toBe(204);
    expect((await listOf(client)).meta.total).toBe(0);
  });
});

describe('the list', () => {
  let fan: CreatedUser;
  let old: Movie;
  let fresh: Movie;
  let empty: Movie;
  beforeAll(async () => {
    fan = await createUser(t.app);
    old = await createMovie(admin.client, { title: 'Bố Già cũ', published: true });
    fresh = await createMovie(admin.client, { title: 'Nhà Bà Nữ mới', published: true });
    empty = await createMovie(admin.client, { title: 'Chưa có tập', published: true });
    for (const movie of [fresh, empty, old])
      expect((await fan.client.put(`/api/follows/${movie.id}`)).statusCode).toBe(200);
    const oldEpisode = await createEpisode(admin.client, old, { name: 'Tập 1' });
    await releasedAt(oldEpisode.id, hoursAgo(48));
    const freshEpisode = await createEpisode(admin.client, fresh, { name: 'Tập 1' });
    await releasedAt(freshEpisode.id, hoursAgo(30));
  });

  it('puts the newest episode first, movies without episodes last', async () => {
    const list = await listOf(fan.client);
    expect(list.data.map((m) => m.id)).toEqual([fresh.id, old.id, empty.id]);
    expect(list.data[2]!.latest_episode_at).toBeNull();
    // A new episode of the old movie moves it to the top.
    const next = await createEpisode(admin.client, old, { name: 'Tập 2' });
    await releasedAt(next.id, hoursAgo(1));
    expect((await listOf(fan.client)).data.map((m) => m.id)).toEqual([old.id, fresh.id, empty.id]);
    // Pages of one.
    const second = await listOf(fan.client, '?per_page=1&page=2');
    expect(second.data.map((m) => m.id)).toEqual([fresh.id]);
    expect(second.meta).toMatchObject({ page: 2, total: 3, last_page: 3 });
  });

  it('counts the episodes published since the viewer last looked, once per episode key', async () => {
    await seenAt(fan.user.id, old.id, hoursAgo(24));
    await seenAt(fan.user.id, fresh.id, hoursAgo(24));
    // Tập 2 of the old movie came out an hour ago, after the last look; Tập 1 two days ago, before it.
    // The same Tập 3 on a second server is one new episode; a draft is none.
    const tap3 = await createEpisode(admin.client, old, { name: 'Tập 3' });
    const server2 = await admin.client.post(`/api/admin/movies/${old.id}/servers`, {
      name: 'Thuyết minh',
    });
    const tap3again = await createEpisode(admin.client, old, {
      name: 'Tập 3',
      server_id: server2.json().server.id,
    });
    const draft = await createEpisode(admin.client, old, { name: 'Tập 4', published: false });
    for (const episode of [tap3, tap3again, draft]) await releasedAt(episode.id, hoursAgo(2));
    const byId = new Map((await listOf(fan.client)).data.map((m) => [m.id, m]));
    expect(byId.get(old.id)!.new_episodes).toBe(2);
    expect(byId.get(fresh.id)!.new_episodes).toBe(0);
    expect(byId.get(empty.id)!.new_episodes).toBe(0);
  });

  it('marks them seen when the follower opens the movie, and says whether they follow it', async () => {
    const { follows: service } = t.app.services;
    expect(await service.visit(fan.user.id, old.id)).toBe(true);
    expect(await service.visit(other.user.id, old.id)).toBe(false);
    const byId = new Map((await listOf(fan.client)).data.map((m) => [m.id, m]));
    expect(byId.get(old.id)!.new_episodes).toBe(0);
    // Nothing new since: a visit writes nothing.
    const [before] = await t.db
      .select()
      .from(follows)
      .where(and(eq(follows.userId, fan.user.id), eq(follows.movieId, fresh.id)));
    expect(await service.visit(fan.user.id, fresh.id)).toBe(true);
    const [after] = await t.db
      .select()
      .from(follows)
      .where(and(eq(follows.userId, fan.user.id), eq(follows.movieId, fresh.id)));
    expect(after!.seenAt).toEqual(before!.seenAt);
    expect(await t.db.select().from(follows).where(eq(follows.userId, other.user.id))).toEqual([]);
  });

  it('hides an unpublished movie and drops the follow of a deleted one', async () => {
    expect(
      (await admin.client.patch(`/api/admin/movies/${fresh.id}`, { published: false })).statusCode,
    ).toBe(200);
    expect((await listOf(fan.client)).data.map((m) => m.id)).toEqual([old.id, empty.id]);
    // Still followed, back on the list once published again.
    await admin.client.patch(`/api/admin/movies/${fresh.id}`, { published: true });
    expect((await listOf(fan.client)).meta.total).toBe(3);

    // In the trash it is off the list; the follow waits in case it is restored, and goes when it is deleted for good.
    expect((await admin.client.delete(`/api/admin/movies/${empty.id}`)).statusCode).toBe(200);
    expect((await listOf(fan.client)).data.map((m) => m.id)).toEqual([old.id, fresh.id]);
    expect(await t.db.select().from(follows).where(eq(follows.movieId, empty.id))).toHaveLength(1);
    expect((await admin.client.delete(`/api/admin/movies/trash/${empty.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(follows).where(eq(follows.movieId, empty.id))).toEqual([]);
  });
});

describe('the profile', () => {
  it('counts follows and watched episodes and lists the movies watched lately', async () => {
    const watcher = await createUser(t.app, { name: 'Lê Hoàng Yến' });
    const first = await createMovie(admin.client, { title: 'Hai Phượng hồ sơ', published: true });
    const second = await createMovie(admin.client, { title: 'Lật Mặt hồ sơ', published: true });
    const [a1, a2] = [
      await createEpisode(admin.client, first, { name: 'Tập 1' }),
      await createEpisode(admin.client, first, { name: 'Tập 2' }),
    ];
    const b1 = await createEpisode(admin.client, second, { name: 'Tập 1' });
    await watcher.client.put(`/api/follows/${second.id}`);

    const empty = await watcher.client.get('/api/user/profile');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().profile).toMatchObject({
      name: 'Lê Hoàng Yến',
      avatar: null,
      joined_at: watcher.user.created_at,
      counts: { following: 1, watched_episodes: 0 },
      recently_watched: [],
    });

    const save = async (episode: { id: number }, position: number) => {
      const ticket = (await watcher.client.get(`/api/history/${episode.id}/ticket`)).json().ticket;
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/history/${episode.id}`,
        payload: { ticket, position, duration: 1000 },
      });
      expect(response.statusCode, response.body).toBe(204);
      await t.app.services.history.flush();
    };
    await save(a1, 950); // watched: past 90 %
    await save(b1, 899); // not quite
    await save(a2, 120); // the newest: the first movie again, at its second episode

    const { profile } = (await watcher.client.get('/api/user/profile')).json();
    expect(profile.counts).toEqual({ following: 1, watched_episodes: 1 });
    expect(
      profile.recently_watched.map((item: { movie_id: number; ep: string }) => [
        item.movie_id,
        item.ep,
      ]),
    ).toEqual([
      [first.id, a2.ep],
      [second.id, b1.ep],
    ]);
    expect(profile.recently_watched[0]).toMatchObject({
      movie_slug: first.slug,
      episode_name: 'Tập 2',
      position: 120,
      duration: 1000,
    });
    // Another viewer's profile knows none of it.
    const { profile: theirs } = (await other.client.get('/api/user/profile')).json();
    expect(theirs.recently_watched).toEqual([]);
  });
});
