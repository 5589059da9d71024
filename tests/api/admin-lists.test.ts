// Every admin list through the real server (production build): a page past the end (an old link, or the last row
// of a page deleted) redirects to the last page there is, keeping the rest of the query.
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/auth.ts';
import { movies, terms } from '#server/db/schema/catalog.ts';
import { videos } from '#server/db/schema/media.ts';
import { signInFirstAdmin, type Client } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp({ web: true });
let admin: Client;
/** Rows each list holds: two pages of ten, and one of twenty. */
const ROWS = 12;

beforeAll(async () => {
  admin = await signInFirstAdmin(t.app);
  const numbers = Array.from({ length: ROWS }, (_, i) => i + 1);
  // The signed-in admin is one of the users.
  await t.db
    .insert(users)
    .values(
      numbers
        .slice(1)
        .map((n) => ({ id: `list-user-${n}`, name: `User ${n}`, email: `u${n}@example.com` })),
    );
  await t.db
    .insert(movies)
    .values(
      numbers.map((n) => ({ title: `Movie ${n}`, slug: `movie-${n}`, searchText: `movie ${n}` })),
    );
  for (const kind of ['genre', 'type', 'nation'] as const)
    await t.db.insert(terms).values(
      numbers.map((n) => ({
        kind,
        name: `${kind} ${n}`,
        slug: `${kind}-${n}`,
        searchText: `${kind} ${n}`,
      })),
    );
  for (const deletedAt of [null, new Date()])
    await t.db.insert(videos).values(
      numbers.map((n) => ({
        name: `Video ${n}`,
        originalFilename: `v${n}.mp4`,
        status: 'ready' as const,
        deletedAt,
      })),
    );
});

const screens = [
  '/vnwa/users',
  '/vnwa/movie/film/list',
  '/vnwa/movie/genre',
  '/vnwa/movie/types',
  '/vnwa/movie/nation',
  '/vnwa/vmedia/video-manager/list',
  '/vnwa/vmedia/video-manager/trash',
];

describe('an admin list past its last page', () => {
  it.each(screens)('%s?page=999 redirects to the last page, keeping the query', async (path) => {
    const response = await admin.get(`${path}?per_page=10&sort=name&page=999`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(302);
    expect(response.headers.location).toBe(`${path}?per_page=10&sort=name&page=2`);
    expect((await admin.get(response.headers.location as string)).statusCode).toBe(200);
  });

  it.each(screens)('%s?page=999 drops `page` when the last page is the first', async (path) => {
    const response = await admin.get(`${path}?page=999`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(path);
  });

  it.each(screens)('%s serves a page that exists', async (path) => {
    expect((await admin.get(`${path}?per_page=10&page=2`)).statusCode).toBe(200);
  });
});
