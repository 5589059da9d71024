// Factories for the API tests: a user, a movie, a server, an episode or a video in one call, with unique data.
// They go through the HTTP API where one exists, so that arranging a test obeys the same rules as the app's
// clients; the database is written only for states no API makes (a video transcoded without ffmpeg).
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { foldForSearch } from '#shared/text.ts';
import { videos } from '#server/db/schema/index.ts';
import type { User } from '#shared/resources/user.ts';
import type { TestApp } from './app-utils.ts';
import { Client, PASSWORD } from './api/accounts-client.ts';
import { episodeServerId, episodeSource } from './episode-defaults.ts';

/** Six hex digits: enough that two calls in one test database never meet. */
export const uniqueSuffix = () => crypto.randomBytes(3).toString('hex');

const pick = <T>(items: readonly T[]) => items[crypto.randomInt(items.length)]!;

// Real Vietnamese titles and names, so that diacritics (slugs, search folding) are exercised by every test.
const TITLES = [
  'Mắt Biếc',
  'Bố Già',
  'Hai Phượng',
  'Lật Mặt',
  'Tháng Năm Rực Rỡ',
  'Cô Ba Sài Gòn',
  'Đất Rừng Phương Nam',
  'Nhà Bà Nữ',
] as const;
const NAMES = ['Nguyễn Thị Lan', 'Trần Văn Bình', 'Lê Hoàng Yến', 'Phạm Đức Anh'] as const;

export type CreatedUser = {
  /** Signed in, cookie mode. */
  client: Client;
  user: User;
  email: string;
  password: string;
};

/**
 * A signed-in user. A viewer registers through `POST /api/auth/register` (unverified, as a new account is); an
 * admin is made the way the server makes its first admin (no HTTP route makes an admin without one) and is
 * verified as that one is, then signs in through `POST /api/auth/login`. `verified` goes through the service behind
 * the admin's "mark verified" (a viewer's own way is the emailed link).
 */
export async function createUser(
  app: FastifyInstance,
  overrides: {
    role?: 'viewer' | 'admin';
    name?: string;
    email?: string;
    password?: string;
    verified?: boolean;
  } = {},
): Promise<CreatedUser> {
  const role = overrides.role ?? 'viewer';
  const email = overrides.email ?? `${role}-${uniqueSuffix()}@example.com`;
  const password = overrides.password ?? PASSWORD;
  const name = overrides.name ?? pick(NAMES);
  const client = new Client(app);
  let user: User;
  if (role === 'admin') {
    await app.services.auth.createUser({ email, password, name, roles: ['admin', 'user'] });
    const login = await client.post('/api/auth/login', { email, password });
    expect(login.statusCode, login.body).toBe(200);
    user = login.json().user;
  } else {
    const registered = await client.post('/api/auth/register', {
      name,
      email,
      password,
      password_confirmation: password,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    user = registered.json().user;
  }
  if (overrides.verified ?? role === 'admin') {
    await app.services.auth.markVerified(user.id);
    user = (await client.get('/api/user')).json().user;
  }
  return { client, user, email, password };
}

export type Movie = { id: number; slug: string; title: string } & Record<string, unknown>;
export type Server = { id: number; name: string };
export type Episode = { id: number; ep: string; name: string; server_id: number } & Record<
  string,
  unknown
>;

/** A movie through `POST /api/admin/movies`: a Vietnamese title with a unique suffix, unless given. */
export async function createMovie(admin: Client, overrides: Record<string, unknown> = {}) {
  const response = await admin.post('/api/admin/movies', {
    title: `${pick(TITLES)} ${uniqueSuffix()}`,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().movie as Movie;
}

/** A server of the movie ("Vietsub #1" unless named). */
export async function createServer(
  admin: Client,
  movie: { id: number },
  overrides: { name?: string } = {},
) {
  const response = await admin.post(`/api/admin/movies/${movie.id}/servers`, {
    name: 'Vietsub #1',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().server as Server;
}

let episodeCount = 0;

/**
 * An episode of the movie through the episode API. Without `server_id` it goes on the movie's first server, made
 * when the movie has none. An HLS address on a CDN unless told otherwise; `embed` gets a player address.
 */
export async function createEpisode(
  admin: Client,
  movie: { id: number },
  overrides: Record<string, unknown> = {},
) {
  const serverId = await episodeServerId(
    overrides,
    async () => {
      const overview = await admin.get(`/api/admin/movies/${movie.id}/episodes`);
      expect(overview.statusCode, overview.body).toBe(200);
      return (overview.json().servers as Server[])[0];
    },
    () => createServer(admin, movie),
  );
  episodeCount += 1;
  const response = await admin.post(`/api/admin/movies/${movie.id}/episodes`, {
    name: `Tập ${episodeCount}`,
    ...episodeSource(overrides, uniqueSuffix()),
    ...overrides,
    server_id: serverId,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().episode as Episode;
}

/**
 * A row of the video manager as the transcoder leaves it, without transcoding (the files are not there: what the
 * API answers about a video needs only its row). Ready by default; another `status` has no output yet.
 */
export async function createVideo(
  t: Pick<TestApp, 'db'>,
  overrides: Partial<typeof videos.$inferInsert> = {},
) {
  const suffix = uniqueSuffix();
  const name = overrides.name ?? `Đoạn phim ${suffix}`;
  const ready = (overrides.status ?? 'ready') === 'ready';
  const [row] = await t.db
    .insert(videos)
    .values({
      name,
      searchText: foldForSearch(name),
      originalFilename: `${name}.mp4`,
      status: 'ready',
      progress: ready ? 100 : 0,
      duration: 6,
      width: 854,
      height: 480,
      storagePrefix: ready ? `videos/${suffix}/r1` : null,
      posterPath: ready ? 'poster.jpg' : null,
      storyboardPath: ready ? 'storyboard.vtt' : null,
      ...overrides,
    })
    .returning();
  return row!;
}
