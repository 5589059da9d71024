// The demo seed on a test app: a viewer, a believable catalogue with pictures in storage that /_img resizes,
// episodes on two servers pointing at one generated HLS clip, a home page full of rows, three clips in the video
// manager that the hero's first episodes play once transcoded (for real, here with 6 s clips); and a second run
// adds nothing. Without ffmpeg the catalogue is still seeded, with one warning.
import fs from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  episodes,
  episodeViews,
  movies,
  movieServers,
  terms,
  users,
  videos,
} from '#server/db/schema/index.ts';
import {
  DEMO_CLIPS,
  demoClipFilename,
  seedDemoClips,
  type DemoClipsResult,
} from '#server/demo/demo-clips.ts';
import { DEMO_SAMPLE_URL, ensureSampleClip } from '#server/demo/sample-video.ts';
import { DEMO_SERVERS, seedDemo, type SeedResult } from '#server/demo/seed.ts';
import { createTestApp } from '#tests/app-utils.ts';
import { waitFor } from '#tests/wait-utils.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp();
let first: SeedResult;
let firstMs: number;
let clips: DemoClipsResult;

const rowCount = async (
  table:
    | typeof movies
    | typeof episodes
    | typeof terms
    | typeof movieServers
    | typeof videos
    | typeof episodeViews,
) => (await t.db.select({ value: count() }).from(table))[0]!.value;
const files = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];
/** How much the seed has made: rows of each table it fills, and uploaded pictures. */
const seededCounts = async () => ({
  videos: await rowCount(videos),
  movies: await rowCount(movies),
  episodes: await rowCount(episodes),
  terms: await rowCount(terms),
  views: await rowCount(episodeViews),
  uploads: files(path.join(t.dataDir, 'storage', 'uploads')).length,
});

beforeAll(async () => {
  const started = Date.now();
  // 6 s: the storyboard's first frame is taken at 5 s (one every 10 s, rounded), so a shorter clip has no sprite.
  first = await seedDemo(t.app, t.db, { clipSeconds: 6 });
  firstMs = Date.now() - started;
  // Made after the seed returned, as while the site starts.
  clips = await first.clips;
}, 180_000);

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

  it('gives every movie episodes on two servers, all but three on the generated clip', async () => {
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
    // All but the three episodes that play the demo clips of the video manager.
    expect(sources).toEqual(
      expect.arrayContaining([
        { type: 'hls', url: DEMO_SAMPLE_URL },
        { type: 'video', url: null },
      ]),
    );
    expect(sources).toHaveLength(2);
    expect(await rowCount(movieServers)).toBe(88);
  });

  it('puts three clips into the video manager, queued, played by the first episode of the hero movies', async () => {
    expect(clips).toEqual({
      clips: DEMO_CLIPS.map((clip) => ({
        key: clip.key,
        videoId: expect.any(Number),
        created: true,
      })),
      attached: 3,
    });
    const { videos: videosService, home, episodes: episodesService, watch } = t.app.services;
    const list = (await videosService.list({ per_page: 10, sort: 'created_at', order: 'asc' }))
      .data;
    // Checked by ffprobe as an upload is, and waiting for the job workers (not started by this test app yet).
    expect(
      list.map((video) => [video.original_filename, video.status, video.width, video.height]),
    ).toEqual([
      [demoClipFilename(DEMO_CLIPS[0]), 'queued', 1920, 1080],
      [demoClipFilename(DEMO_CLIPS[1]), 'queued', 1280, 720],
      [demoClipFilename(DEMO_CLIPS[2]), 'queued', 854, 480],
    ]);
    for (const video of list) expect(video.duration).toBeCloseTo(6, 0);
    expect(files(path.join(t.dataDir, 'work', 'demo'))).toEqual([]);

    const hero = (await home.getPage()).blocks.find((block) => block.kind === 'hero');
    const slides = hero?.kind === 'hero' ? hero.slides : [];
    for (const [index, clip] of clips === 'unavailable' ? [] : clips.clips.entries()) {
      const movie = slides[index]!;
      const overview = await episodesService.overview(movie.id);
      const [firstEpisode, ...rest] = overview.servers[0]!.episodes;
      expect(firstEpisode, movie.title).toMatchObject({
        ep: movie.first_ep,
        source_type: 'video',
        video_id: clip.videoId,
      });
      for (const episode of [...rest, ...overview.servers[1]!.episodes])
        expect(episode.source_url).toBe(DEMO_SAMPLE_URL);
      expect(list.find((video) => video.id === clip.videoId)!.episodes).toEqual([
        expect.objectContaining({ id: firstEpisode!.id, movie_title: movie.title }),
      ]);
    }
    // Until its transcode is done the hero's episode is "being prepared", not a broken player.
    const page = await watch.episodePage(slides[0]!.slug, slides[0]!.first_ep!);
    expect(page?.episode).toMatchObject({ source_url: null, preparing: true, storyboard: null });
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
    // Rolled again just before reading: the seed's roll ran a while ago, and an hour bucket that has since passed
    // the 7-day edge would make the counters and this count disagree by a few views.
    await t.app.services.views.roll();
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
    const trending = blocks.find((block) => block.kind === 'row' && block.source === 'most_viewed');
    expect(trending?.kind === 'row' && trending.movies.length).toBeGreaterThanOrEqual(10);
    expect(blocks[0]?.kind).toBe('hero');
    const rows = blocks.flatMap((block) => (block.kind === 'row' ? [block] : []));
    expect(rows.map((row) => row.source)).toEqual(
      expect.arrayContaining(['latest_episodes', 'most_viewed', 'recommended', 'term']),
    );
    expect(rows.filter((row) => row.term?.kind === 'type')).toHaveLength(4);
    for (const row of rows) expect(row.movies.length, row.title).toBeGreaterThan(2);
  });

  it('adds nothing when it runs again, and is quick about it', async () => {
    const before = await seededCounts();
    expect(before.uploads).toBe(88);
    const started = Date.now();
    const episodeRows = await t.db.select().from(episodes);
    const second = await seedDemo(t.app, t.db, { clipSeconds: 6 });
    expect(second).toEqual({
      viewerPassword: undefined,
      moviesAdded: 0,
      video: 'existing',
      clips: expect.any(Promise),
    });
    expect(await second.clips).toEqual({
      clips: DEMO_CLIPS.map((clip) => expect.objectContaining({ key: clip.key, created: false })),
      attached: 0,
    });
    expect(Date.now() - started).toBeLessThan(Math.max(2000, firstMs / 4));
    expect(await t.db.select().from(episodes)).toEqual(episodeRows);
    expect(await seededCounts()).toEqual(before);
    expect(
      await t.db.select().from(users).where(eq(users.email, 'viewer@phim.local')),
    ).toHaveLength(1);
  });

  it('transcodes the hero clip to the full ladder with seek previews once the workers run', async () => {
    await t.app.services.jobs.start({ workers: true });
    const heroVideo = (clips === 'unavailable' ? [] : clips.clips).find(
      (clip) => clip.key === '1080p',
    )!.videoId;
    const ready = await waitFor(async () => {
      const video = await t.app.services.videos.get(heroVideo);
      expect(video.status).not.toBe('failed');
      return video.status === 'ready' ? video : undefined;
    }, 240_000);
    const master = await t.app.inject({ method: 'GET', url: ready.master_url! });
    expect(master.statusCode).toBe(200);
    expect([...master.body.matchAll(/RESOLUTION=(\d+x\d+)/g)].map((match) => match[1])).toEqual([
      '1920x1080',
      '1280x720',
      '854x480',
      '640x360',
    ]);
    const storyboard = await t.app.inject({ method: 'GET', url: ready.storyboard_url! });
    expect(storyboard.statusCode).toBe(200);
    expect(storyboard.body).toMatch(/^WEBVTT/);
    const sprite = storyboard.body.match(/^(\S+\.jpg)#xywh=/m)![1]!;
    const spriteUrl = new URL(sprite, `http://x${ready.storyboard_url}`).pathname;
    const image = await t.app.inject({ method: 'GET', url: spriteUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    // The hero's episode now plays the ladder, with its own poster frame and storyboard.
    const hero = (await t.app.services.home.getPage()).blocks.find(
      (block) => block.kind === 'hero',
    );
    const slide = hero?.kind === 'hero' ? hero.slides[0]! : undefined;
    const page = await t.app.services.watch.episodePage(slide!.slug, slide!.first_ep!);
    expect(page?.episode).toMatchObject({
      source_type: 'video',
      source_url: ready.master_url,
      storyboard: ready.storyboard_url,
      preparing: false,
    });
  }, 300_000);
});

describe('the demo without ffmpeg', () => {
  it('skips the sample and every clip with one warning, leaving nothing behind', async () => {
    const bare = await createTestApp({ env: { FFMPEG_PATH: '/nonexistent/ffmpeg' } });
    try {
      const warn = vi.spyOn(bare.app.log, 'warn');
      // The seed's two video steps; the catalogue written between them does not depend on either.
      const sample = await ensureSampleClip({
        storageRoot: path.join(bare.dataDir, 'storage'),
        ffmpegPath: bare.app.services.config.FFMPEG_PATH,
        log: bare.app.log,
      });
      expect(sample).toBe('unavailable');
      expect(await seedDemoClips(bare.app, bare.db, { seconds: 6, sample })).toBe('unavailable');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![1])).toMatch(/ffmpeg.*demo clips .* skipped/);
      expect((await bare.db.select({ value: count() }).from(videos))[0]!.value).toBe(0);
      expect(files(path.join(bare.dataDir, 'storage'))).toEqual([]);
      expect(files(path.join(bare.dataDir, 'work'))).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
