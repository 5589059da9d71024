// Demo content for `npm run demo`, written through the same services the app uses; running it twice adds nothing.
// A viewer account, genres/types/nations, 44 movies with generated posters and backdrops, episodes on two servers
// pointing at one generated HLS clip, and three clips in the video manager that the hero's first episodes play.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { slugify } from '#shared/text.ts';
import type { Database } from '#server/db/client.ts';
import { movies, movieSlugRedirects } from '#server/db/schema/index.ts';
import { storeImage } from '#server/media/image-store.ts';
import { backdropSvg, posterSvg } from './artwork.ts';
import {
  DEMO_GENRES,
  DEMO_MOVIES,
  DEMO_NATIONS,
  DEMO_TYPES,
  type DemoMovie,
  type DemoTerm,
} from './catalogue.ts';
import { seedDemoClips, type DemoClipsResult } from './demo-clips.ts';
import { DEMO_SAMPLE_URL, ensureSampleClip, type SampleClipResult } from './sample-video.ts';
import { seedMovieViews } from './views.ts';

export const DEMO_VIEWER = { email: 'viewer@phim.local', name: 'Khán giả Demo' };
export const DEMO_SERVERS = ['Vietsub #1', 'Thuyết minh'] as const;

export type SeedResult = {
  viewerPassword?: string;
  moviesAdded: number;
  video: SampleClipResult;
  /** The video manager's clips, made in the background after the seed returns (start-up does not wait). */
  clips: Promise<DemoClipsResult>;
};

export type SeedOptions = {
  /** Length of each demo clip of the video manager (shorter under test). */
  clipSeconds?: number;
};

/** Runs at most `limit` tasks at a time; each call answers its own task's promise. */
function limiter(limit: number) {
  let running = 0;
  const queue: Array<() => void> = [];
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        running += 1;
        task()
          .then(resolve, reject)
          .finally(() => {
            running -= 1;
            queue.shift()?.();
          });
      };
      if (running < limit) start();
      else queue.push(start);
    });
}

async function seedViewer(app: FastifyInstance) {
  const { auth } = app.services;
  if (await auth.findUserByEmail(DEMO_VIEWER.email)) return undefined;
  const password = 'xem-phim-demo';
  const id = await auth.createUser({
    email: DEMO_VIEWER.email,
    password,
    name: DEMO_VIEWER.name,
    roles: ['user'],
  });
  await auth.markVerified(id);
  return password;
}

/** The ids of the demo terms by key, creating the ones that are missing (matched by slug). */
async function seedTerms(
  app: FastifyInstance,
  kind: 'genre' | 'type' | 'nation',
  wanted: readonly DemoTerm[],
) {
  const { terms } = app.services;
  const existing = new Map<string, number>();
  for (let page = 1; ; page += 1) {
    const list = await terms.list(kind, { page, per_page: 100 });
    for (const term of list.data) existing.set(term.slug, term.id);
    if (page >= list.meta.last_page) break;
  }
  const ids = new Map<string, number>();
  for (const [index, term] of wanted.entries()) {
    const id =
      existing.get(slugify(term.name)) ??
      (
        await terms.create(kind, {
          name: term.name,
          description: term.description,
          order: index + 1,
        })
      ).id;
    ids.set(term.key, id);
  }
  return ids;
}

function episodeNames(movie: DemoMovie) {
  if (movie.status === 'trailer') return ['Trailer'];
  if (movie.type === 'le' || (movie.type === 'hh' && movie.total === 1)) return ['Full'];
  return Array.from({ length: movie.episodes }, (_, i) => `Tập ${i + 1}`);
}

function currentEpisode(movie: DemoMovie) {
  if (movie.status === 'trailer') return 'Trailer';
  if (movie.total === 1) return 'Full';
  if (movie.status === 'completed') return `Hoàn tất (${movie.episodes}/${movie.episodes})`;
  return `Tập ${movie.episodes}/${movie.total}`;
}

export async function seedDemo(
  app: FastifyInstance,
  db: Database,
  options: SeedOptions = {},
): Promise<SeedResult> {
  const started = Date.now();
  const { config, movies: moviesService, episodes: episodesService } = app.services;
  const storageRoot = path.join(config.dataDir, 'storage');

  // The clip encodes in ffmpeg's own process while the catalogue is written.
  const videoDone = ensureSampleClip({
    storageRoot,
    storage: app.services.storage,
    ffmpegPath: app.services.media.ffmpegPath,
    log: app.log,
  });
  const viewerPassword = await seedViewer(app);
  const types = await seedTerms(app, 'type', DEMO_TYPES);
  const genres = await seedTerms(app, 'genre', DEMO_GENRES);
  const nations = await seedTerms(app, 'nation', DEMO_NATIONS);

  // A movie counts as there when its slug is taken (or was renamed away from): an admin's edits are kept.
  const slugs = DEMO_MOVIES.map((movie) => slugify(movie.title));
  const taken = new Set(
    [
      ...(await db.select({ slug: movies.slug }).from(movies).where(inArray(movies.slug, slugs))),
      ...(await db
        .select({ slug: movieSlugRedirects.slug })
        .from(movieSlugRedirects)
        .where(inArray(movieSlugRedirects.slug, slugs))),
    ].map((row) => row.slug),
  );
  const missing = DEMO_MOVIES.filter((movie) => !taken.has(slugify(movie.title)));

  // Pictures are drawn (sharp, on its own threads) while the database work goes on; each movie waits for its own.
  const draw = limiter(2);
  const artwork = new Map(
    missing.map((movie) => [
      movie,
      draw(async () => {
        const art = {
          slug: slugify(movie.title),
          title: movie.title,
          originalTitle: movie.original,
          year: movie.year,
          typeLabel: DEMO_TYPES.find((type) => type.key === movie.type)!.name,
        };
        // Effort 1: flat gradients gain little from a slower WebP encoder, and the demo starts sooner.
        const [poster, backdrop] = await Promise.all([
          storeImage(app.services.storage, sharp(Buffer.from(posterSvg(art))).removeAlpha(), {
            effort: 1,
          }),
          storeImage(app.services.storage, sharp(Buffer.from(backdropSvg(art))).removeAlpha(), {
            effort: 1,
          }),
        ]);
        return { poster: poster.path, backdrop: backdrop.path };
      }),
    ]),
  );
  // Hold on to failures until each movie awaits its own pictures.
  for (const promise of artwork.values()) promise.catch(() => {});

  const addMovie = async (movie: DemoMovie) => {
    const pictures = await artwork.get(movie)!;
    const created = await moviesService.create({
      title: movie.title,
      original_title: movie.original,
      description: movie.description,
      poster: pictures.poster,
      backdrop: pictures.backdrop,
      type_id: types.get(movie.type),
      genre_ids: movie.genres.map((key) => genres.get(key)!),
      nation_ids: movie.nations.map((key) => nations.get(key)!),
      status: movie.status,
      quality: movie.quality,
      languages: movie.languages,
      year: movie.year,
      episode_runtime: movie.runtime,
      current_episode: currentEpisode(movie),
      total_episodes: movie.status === 'completed' ? movie.episodes : movie.total,
      actors: movie.actors,
      directors: movie.directors,
      featured: movie.featured ?? false,
      recommended: movie.recommended ?? false,
      published: true,
    });
    const lines = episodeNames(movie)
      .map((name) => `${name}|${DEMO_SAMPLE_URL}`)
      .join('\n');
    const servers = [];
    for (const name of DEMO_SERVERS)
      servers.push(await episodesService.createServer(created.id, name));
    await Promise.all(
      servers.map((server) => episodesService.createMany(created.id, server.id, lines)),
    );
    if (movie.views) await seedMovieViews(db, created.id, movie.views);
  };
  // A few movies at a time (the database answers in parallel); ongoing series after the rest, so that their
  // episodes are the newest, as on a real site.
  const add = limiter(3);
  const ongoing = missing.filter((movie) => movie.status === 'ongoing');
  await Promise.all(
    missing
      .filter((movie) => movie.status !== 'ongoing')
      .map((movie) => add(() => addMovie(movie))),
  );
  await Promise.all(ongoing.map((movie) => add(() => addMovie(movie))));
  // The same roll as the hourly job, so "most viewed this week" is filled from the buckets at once.
  await app.services.views.roll();

  const video = await videoDone;
  const clips = seedDemoClips(app, db, { seconds: options.clipSeconds ?? 30, sample: video });
  app.log.info(
    { moviesAdded: missing.length, video, ms: Date.now() - started },
    missing.length ? 'demo content added' : 'demo content already there',
  );
  return { viewerPassword, moviesAdded: missing.length, video, clips };
}
