// What the watch pages' loaders hand a viewer (issue 16): a signed-in viewer's progress in each episode and where
// the movie page's Watch button resumes, read from their own history only (a guest gets none); and "More like
// this", published movies that share the most genres (then the type) with this one.
import { beforeAll, describe, expect, it } from 'vitest';
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from 'react-router';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';
import { moreLikeThis } from '#server/domain/catalog/more-like-this.ts';
import { movies, watchHistory } from '#server/db/schema/index.ts';
import {
  createEpisode,
  createMovie,
  createServer,
  createUser,
  type CreatedUser,
  type Episode,
  type Movie,
} from '#tests/factories.ts';
import { Client, signInFirstAdmin } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp({ web: true });
let admin: Client;
let viewer: CreatedUser;
let other: CreatedUser;
let movie: Movie;
let vietsub: { id: number };
const episodes: Record<string, Episode> = {};
const like: Record<string, Movie> = {};

/** A route's loader data, as the browser asks for it (`.data`, single fetch). */
async function loaderData(client: Client, url: string, route: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${url}.data?_routes=${encodeURIComponent(route)}`,
    headers: { cookie: client.cookieHeader() },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = new Blob([new Uint8Array(response.rawPayload)]).stream();
  const decoded = await decodeTurboStream(body, globalThis as never);
  await decoded.done;
  return (decoded.value as Record<string, { data: Record<string, unknown> }>)[route]!.data;
}

const moviePage = (client: Client) =>
  loaderData(client, `/watch/${movie.slug}`, 'routes/watch/movie');
const episodePage = (client: Client, ep: string) =>
  loaderData(client, `/watch/${movie.slug}/${ep}`, 'routes/watch/episode');

/** The viewer has watched `position` of 100 s of `episode`, `minutesAgo`. */
const watched = (user: CreatedUser, episode: Episode, position: number, minutesAgo: number) =>
  t.db.insert(watchHistory).values({
    userId: user.user.id,
    episodeId: episode.id,
    movieId: movie.id,
    positionSeconds: position,
    durationSeconds: 100,
    updatedAt: new Date(Date.now() - minutesAgo * 60_000),
  });

beforeAll(async () => {
  admin = await signInFirstAdmin(t.app);
  const { terms } = t.app.services;
  const [drama, romance, comedy, series, korea] = await Promise.all([
    terms.create('genre', { name: 'Tâm Lý' }),
    terms.create('genre', { name: 'Tình Cảm' }),
    terms.create('genre', { name: 'Hài Hước' }),
    terms.create('type', { name: 'Phim Bộ' }),
    terms.create('nation', { name: 'Hàn Quốc' }),
  ]);
  const make = (title: string, extra: Record<string, unknown>) =>
    createMovie(admin, { title, published: true, ...extra });
  movie = await make('Hạ Cánh Nơi Anh', {
    genre_ids: [drama.id, romance.id],
    nation_ids: [korea.id],
    type_id: series.id,
    total_episodes: 16,
  });
  like.both = await make('Hậu Duệ Mặt Trời', { genre_ids: [drama.id, romance.id] });
  like.oneAndType = await make('Người Thừa Kế', { genre_ids: [romance.id], type_id: series.id });
  like.one = await make('Chuyện Tình Paris', { genre_ids: [drama.id] });
  like.typeOnly = await make('Gia Đình Là Số Một', { genre_ids: [comedy.id], type_id: series.id });
  like.nationOnly = await make('Ký Sinh Trùng', { genre_ids: [comedy.id], nation_ids: [korea.id] });
  like.unpublished = await make('Bản Nháp', {
    genre_ids: [drama.id, romance.id],
    published: false,
  });

  vietsub = await createServer(admin, movie, { name: 'Vietsub #1' });
  const dubbed = await createServer(admin, movie, { name: 'Thuyết minh' });
  for (const [key, server, name] of [
    ['one', vietsub, 'Tập 1'],
    ['two', vietsub, 'Tập 2'],
    ['three', vietsub, 'Tập 3'],
    ['dubbedOne', dubbed, 'Tập 1'],
  ] as const)
    episodes[key] = await createEpisode(admin, movie, { server_id: server.id, name });
  viewer = await createUser(t.app);
  other = await createUser(t.app);
  // The other viewer is further along: none of it may show to the first.
  await watched(other, episodes.three!, 50, 1);
});

describe('More like this', () => {
  it('ranks published movies by shared genres, then type; never itself, nor a shared nation alone', async () => {
    const cards = await t.app.services.movies.moreLikeThis(movie.id);
    expect(cards.map((card) => card.title)).toEqual([
      'Hậu Duệ Mặt Trời',
      'Người Thừa Kế',
      'Chuyện Tình Paris',
      'Gia Đình Là Số Một',
    ]);
    expect(Object.keys(cards[0]!).sort()).toEqual([
      'current_episode',
      'id',
      'languages',
      'original_title',
      'poster',
      'quality',
      'slug',
      'title',
      'year',
    ]);
  });

  it('reads the week’s most watched first, and all that share when those hold too few: the same cards', async () => {
    const week = [
      [like.typeOnly!, 50],
      [like.nationOnly!, 40],
      [like.one!, 30],
      [like.oneAndType!, 20],
      [like.both!, 10],
    ] as const;
    for (const [card, views] of week)
      await t.db.update(movies).set({ viewsWeek: views }).where(eq(movies.id, card.id));
    try {
      // The two most watched that share anything: the type alone (50), one genre (30); one genre ranks first.
      const expected = [like.one!.id, like.typeOnly!.id];
      // Three most watched hold both (read there); two and one hold one (read again over all that share).
      for (const window of [1000, 3, 2, 1]) {
        const cards = await moreLikeThis(t.db, movie.id, { candidates: 2, window });
        expect(
          cards.map((card) => card.id),
          `window ${window}`,
        ).toEqual(expected);
      }
      // A week of ties (a quiet site): the order goes by id, newest first, and the window counts movies, not views.
      await t.db.update(movies).set({ viewsWeek: 0 });
      const tied = (await moreLikeThis(t.db, movie.id, { candidates: 2 })).map((card) => card.id);
      expect(tied).toHaveLength(2);
      for (const window of [4, 3, 2, 1]) {
        const cards = await moreLikeThis(t.db, movie.id, { candidates: 2, window });
        expect(
          cards.map((card) => card.id),
          `tied, window ${window}`,
        ).toEqual(tied);
      }
    } finally {
      await t.db.update(movies).set({ viewsWeek: 0 });
    }
  });

  it('runs as named statements whose generic plan each connection keeps', async () => {
    // One connection, as each of the pool's is: the statement is parsed once, then PostgreSQL plans it for the first
    // five runs and keeps a generic plan from then on (`generic_plans`), rather than planning every page.
    const client = await t.db.$client.connect();
    try {
      const db = drizzle(client, { schema }) as unknown as Database;
      const first = await moreLikeThis(db, movie.id);
      for (let run = 0; run < 6; run++) expect(await moreLikeThis(db, movie.id)).toEqual(first);
      const { rows } = await client.query<{ name: string; generic: number }>(
        `select name, generic_plans::int as generic from pg_prepared_statements
          where name like 'more-like-this-%-60-1000' order by name`,
      );
      // Too few movies share anything here for the week's most watched to hold the candidates: both reads run.
      expect(rows.map((row) => row.name)).toEqual([
        'more-like-this-all-60-1000',
        'more-like-this-window-60-1000',
      ]);
      for (const row of rows) expect(row.generic, row.name).toBeGreaterThan(0);
    } finally {
      client.release(true);
    }
  });

  it('comes with the watch page, and the movie page’s related movies are the same', async () => {
    const page = await episodePage(new Client(t.app), 'tap-1');
    expect((page.more_like_this as Movie[]).map((card) => card.id)).toEqual([
      like.both!.id,
      like.oneAndType!.id,
      like.one!.id,
      like.typeOnly!.id,
    ]);
    const detail = await moviePage(new Client(t.app));
    expect((detail.related as Movie[]).map((card) => card.id)).toEqual(
      (page.more_like_this as Movie[]).map((card) => card.id),
    );
  });
});

describe('a viewer’s progress in the episode lists', () => {
  it('is nothing for a guest, nor for a viewer who has not begun', async () => {
    for (const client of [new Client(t.app), viewer.client]) {
      const detail = await moviePage(client);
      expect(detail.progress ?? null).toEqual(client === viewer.client ? {} : null);
      expect(detail.resume).toBeNull();
      expect((await episodePage(client, 'tap-1')).progress ?? null).toEqual(
        client === viewer.client ? {} : null,
      );
    }
  });

  it('shows each begun episode’s share, and Watch resumes the latest one left part-way', async () => {
    await watched(viewer, episodes.one!, 95, 30);
    await watched(viewer, episodes.two!, 40, 10);
    const detail = await moviePage(viewer.client);
    expect(detail.progress).toEqual({ [episodes.one!.id]: 0.95, [episodes.two!.id]: 0.4 });
    expect(detail.resume).toEqual({
      ep: 'tap-2',
      name: 'Tập 2',
      server_id: vietsub.id,
      resume: true,
    });
    const page = await episodePage(viewer.client, 'tap-3');
    expect(page.progress).toEqual(detail.progress);
  });

  it('goes on to the next episode once the latest was watched past 90 %', async () => {
    await watched(viewer, episodes.two!, 92, 1).onConflictDoUpdate({
      target: [watchHistory.userId, watchHistory.episodeId],
      set: { positionSeconds: 92, updatedAt: new Date() },
    });
    expect((await moviePage(viewer.client)).resume).toEqual({
      ep: 'tap-3',
      name: 'Tập 3',
      server_id: vietsub.id,
      resume: false,
    });
  });
});
