// The demo seed on a test app: a viewer, a believable catalogue with pictures in storage that /_img resizes,
// episodes on two servers pointing at one generated HLS clip, a home page full of rows; and a second run adds nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  episodes,
  episodeViews,
  movies,
  movieServers,
  terms,
  users,
} from '#server/db/schema/index.ts';
import { DEMO_SAMPLE_URL, ensureSampleClip } from '#server/demo/sample-video.ts';
import { DEMO_SERVERS, seedDemo, type SeedResult } from '#server/demo/seed.ts';
import { createTestApp, type TestApp } from '#tests/app-utils.ts';

let t: TestApp;
let first: SeedResult;
let firstMs: number;

const rowCount = async (
  table: typeof movies | typeof episodes | typeof terms | typeof movieServers | typeof episodeViews,
) => (await t.db.select({ value: count() }).from(table))[0]!.value;
const files = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

beforeAll(async () => {
  t = await createTestApp();
  const started = Date.now();
  first = await seedDemo(t.app, t.db);
  firstMs = Date.now() - started;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the demo seed', () => {
  it('adds a viewer who can sign in, and a catalogue across types, genres and nations', async () => {
    expect(first).toMatchObject({
      viewerPassword: expect.any(String),
      moviesAdded: 44,
      video: 'created',
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'viewer@phim.local', password: first.viewerPassword, device_name: 'test' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);

    const { terms: termsService, movies: moviesService } = t.app.services;
    expect((await termsService.listVisible('type')).map((term) => term.name)).toEqual([
      'Phim bộ',
      'Phim lẻ',
      'TV Shows',
      'Hoạt hình',
    ]);
    expect((await termsService.listVisible('genre')).length).toBeGreaterThanOrEqual(8);
    expect((await termsService.listVisible('nation')).length).toBeGreaterThanOrEqual(6);
    const published = await moviesService.list({ published: 'true', per_page: 100 });
    expect(published.meta.total).toBe(44);
    expect(published.data.filter((movie) => movie.featured).length).toBeGreaterThanOrEqual(4);
    expect(published.data.filter((movie) => movie.views.week > 0).length).toBeGreaterThanOrEqual(
      10,
    );
    expect(published.data.some((movie) => movie.title.length > 40 && movie.original_title)).toBe(
      true,
    );
    for (const movie of published.data) {
      expect(movie.poster, movie.title).toMatch(/^\/storage\/uploads\/\d{4}\/\d{2}\/\w+\.webp$/);
      expect(movie.backdrop, movie.title).toMatch(/^\/storage\/uploads\//);
      expect(movie.genres.length, movie.title).toBeGreaterThan(0);
      expect(movie.nations.length, movie.title).toBeGreaterThan(0);
      expect(movie.type, movie.title).not.toBeNull();
    }
  });

  it('gives every movie episodes on two servers, all on the generated clip', async () => {
    const movie = (await t.app.services.movies.list({ search: 'Người Phán Xử', per_page: 1 }))
      .data[0]!;
    const overview = await t.app.services.episodes.overview(movie.id);
    expect(overview.servers.map((server) => server.name)).toEqual([...DEMO_SERVERS]);
    expect(overview.servers[0]!.episodes.map((episode) => episode.name).slice(0, 2)).toEqual([
      'Tập 1',
      'Tập 2',
    ]);
    expect(overview.servers[1]!.episodes).toHaveLength(overview.servers[0]!.episodes.length);
    const sources = await t.db
      .selectDistinct({ type: episodes.sourceType, url: episodes.sourceUrl })
      .from(episodes);
    expect(sources).toEqual([{ type: 'hls', url: DEMO_SAMPLE_URL }]);
    expect(await rowCount(movieServers)).toBe(88);
  });

  it('serves the clip as HLS, and the posters through /_img', async () => {
    const playlist = await t.app.inject({ method: 'GET', url: DEMO_SAMPLE_URL });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXTM3U');
    expect(playlist.body).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
    const segment = await t.app.inject({ method: 'GET', url: '/storage/demo/sample/seg_000.m4s' });
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload.length).toBeGreaterThan(10_000);

    const movie = (await t.app.services.movies.list({ per_page: 1 })).data[0]!;
    const image = await t.app.inject({ method: 'GET', url: `/_img?src=${movie.poster}&w=240` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('leaves views as hour buckets over the last month, rolled into the counters', async () => {
    const [buckets] = await t.db
      .select({
        rows: count(),
        oldest: sql<Date>`min(${episodeViews.hour})`,
        lastWeek: sql<number>`count(*) filter (where ${episodeViews.hour} > now() - interval '7 days')::int`,
      })
      .from(episodeViews);
    expect(buckets!.rows).toBeGreaterThan(1000);
    expect(buckets!.rows).toBeLessThan(5000);
    expect(new Date(buckets!.oldest).getTime()).toBeLessThan(Date.now() - 20 * 86_400_000);
    // More than a uniform spread would put in a week: views crowd towards the present.
    expect(buckets!.lastWeek / buckets!.rows).toBeGreaterThan(7 / 30);
    const [counters] = await t.db
      .select({ week: sql<number>`sum(${movies.viewsWeek})::int` })
      .from(movies);
    expect(counters!.week).toBe(buckets!.lastWeek);
  });

  it('fills the home page: a hero, newest episodes, most viewed, and rows by type and genre', async () => {
    const { blocks } = await t.app.services.home.getPage();
    const trending = blocks.find(
      (block) => block.kind === 'row' && block.source === 'trending_week',
    );
    expect(trending?.kind === 'row' && trending.movies.length).toBeGreaterThanOrEqual(10);
    expect(blocks[0]?.kind).toBe('hero');
    const rows = blocks.flatMap((block) => (block.kind === 'row' ? [block] : []));
    expect(rows.map((row) => row.source)).toEqual(
      expect.arrayContaining(['latest_episodes', 'trending_week', 'recommended', 'term']),
    );
    expect(rows.filter((row) => row.term?.kind === 'type')).toHaveLength(4);
    for (const row of rows) expect(row.movies.length, row.title).toBeGreaterThan(2);
  });

  it('adds nothing when it runs again, and is quick about it', async () => {
    const before = {
      movies: await rowCount(movies),
      episodes: await rowCount(episodes),
      terms: await rowCount(terms),
      views: await rowCount(episodeViews),
      uploads: files(path.join(t.dataDir, 'storage', 'uploads')).length,
    };
    expect(before.uploads).toBe(88);
    const started = Date.now();
    const second = await seedDemo(t.app, t.db);
    expect(second).toEqual({ viewerPassword: undefined, moviesAdded: 0, video: 'existing' });
    expect(Date.now() - started).toBeLessThan(Math.max(2000, firstMs / 4));
    expect({
      movies: await rowCount(movies),
      episodes: await rowCount(episodes),
      terms: await rowCount(terms),
      views: await rowCount(episodeViews),
      uploads: files(path.join(t.dataDir, 'storage', 'uploads')).length,
    }).toEqual(before);
    expect(
      await t.db.select().from(users).where(eq(users.email, 'viewer@phim.local')),
    ).toHaveLength(1);
  });
});

describe('the demo clip without ffmpeg', () => {
  it('is skipped with a warning, and the seed would go on', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-clip-'));
    const warnings: string[] = [];
    try {
      const result = await ensureSampleClip({
        storageRoot: root,
        ffmpegPath: '/nonexistent/ffmpeg',
        log: { warn: (_object, message) => warnings.push(message) },
      });
      expect(result).toBe('unavailable');
      expect(warnings.join(' ')).toContain('ffmpeg');
      // Nothing half-written is left behind.
      expect(files(root)).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
