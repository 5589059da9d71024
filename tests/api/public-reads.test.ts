// Public pages reuse their catalogue reads for PUBLIC_CACHE_SECONDS (docs/decisions/019-public-reads-cache.md):
// a change made outside the admin API shows only once they age out, while an admin's change shows at once. The
// listing, a movie's page and an episode's watch page are checked. Guests are answered with a page another guest
// had rendered (decision 058): each answer with its own CSP nonce, never to anyone signed in, forgotten with the
// reads.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { episodes, movies } from '#server/db/schema/index.ts';
import { createEpisode, createMovie, createUser } from '#tests/factories.ts';
import type { Client } from './accounts-client.ts';
import { signInFirstAdmin } from './accounts-client.ts';
import { browserGet, withTestApp } from './helpers.ts';

const t = withTestApp({ web: true, env: { PUBLIC_CACHE_SECONDS: 3600 } });
let admin: Client;
let film: { id: number; slug: string };

const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

beforeAll(async () => {
  admin = await signInFirstAdmin(t.app);
  const genre = (await admin.post('/api/admin/terms/genre', { name: 'Hành Động' })).json().term;
  film = await createMovie(admin, { title: 'Bão Ngầm', genre_ids: [genre.id], published: true });
});

it('serves a movie page and the listing from the kept read until an admin changes something', async () => {
  expect(await page(`/watch/${film.slug}`)).toContain('Bão Ngầm');
  expect(await page('/movies?genre=hanh-dong')).toContain('Bão Ngầm');
  // Behind the admin API's back (another node, a script): the kept reads still answer.
  await t.db.update(movies).set({ title: 'Bão Ngầm (bản cũ)' }).where(eq(movies.id, film.id));
  expect(await page(`/watch/${film.slug}`)).not.toContain('bản cũ');
  expect(await page('/movies?genre=hanh-dong')).not.toContain('bản cũ');

  const renamed = await admin.patch(`/api/admin/movies/${film.id}`, { title: 'Bão Ngầm 2' });
  expect(renamed.statusCode).toBe(200);
  expect(await page(`/watch/${film.slug}`)).toContain('Bão Ngầm 2');
  expect(await page('/movies?genre=hanh-dong')).toContain('Bão Ngầm 2');
});

it('serves an episode’s watch page from the kept read until an admin changes something', async () => {
  const episode = await createEpisode(admin, film, {
    name: 'Tập Mở Màn',
    source_type: 'embed',
    source_url: 'https://player.example/embed/1',
  });
  const watch = `/watch/${film.slug}/${episode.ep}`;
  expect(await page(watch)).toContain('Tập Mở Màn');
  await t.db.update(episodes).set({ name: 'Tập Cũ' }).where(eq(episodes.id, episode.id));
  expect(await page(watch)).not.toContain('Tập Cũ');

  const renamed = await admin.patch(`/api/admin/movies/${film.id}/episodes/${episode.id}`, {
    name: 'Tập Khai Màn',
  });
  expect(renamed.statusCode).toBe(200);
  expect(await page(watch)).toContain('Tập Khai Màn');
});

it('does not start afresh on a refused admin write', async () => {
  await page('/');
  const kept = t.app.services.publicReads.size;
  expect(kept).toBeGreaterThan(0);
  const refused = await admin.patch(`/api/admin/movies/${film.id}`, { year: 'soon' });
  expect(refused.statusCode).toBe(422);
  expect(t.app.services.publicReads.size).toBe(kept);
});

describe('guests’ pages', () => {
  const nonceOf = (response: { headers: Record<string, unknown> }) =>
    /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];

  it('answers a guest with the page another guest had rendered, with a nonce of its own', async () => {
    const url = `/watch/${film.slug}`;
    await admin.patch(`/api/admin/movies/${film.id}`, { title: 'Bão Ngầm 3' }); // starts afresh
    const first = await browserGet(t, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-phim-cache']).toBeUndefined();
    const second = await browserGet(t, url);
    expect(second.headers['x-phim-cache']).toBe('hit');
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['set-cookie']).toBeUndefined();
    const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)];
    expect(firstNonce).toBeTruthy();
    expect(secondNonce).not.toBe(firstNonce);
    // The same page, but every script carries the nonce its own policy names.
    expect(second.body).not.toContain(firstNonce);
    expect(second.body.split(`nonce="${secondNonce}"`).length).toBe(
      first.body.split(`nonce="${firstNonce}"`).length,
    );
    expect(second.body.replaceAll(secondNonce!, 'N')).toBe(first.body.replaceAll(firstNonce!, 'N'));
    expect(second.body).toContain('Bão Ngầm 3');
    // Each language is a page of its own.
    const english = await browserGet(t, url, { 'accept-language': 'en' });
    expect(english.headers['x-phim-cache']).toBeUndefined();
    expect(english.body).toContain('<html lang="en"');
  });

  it('never answers anyone signed in from it, nor keeps their page', async () => {
    const viewer = await createUser(t.app);
    await admin.patch(`/api/admin/movies/${film.id}`, { title: 'Bão Ngầm 4' });
    for (let i = 0; i < 2; i++) {
      const mine = await browserGet(t, '/', { cookie: viewer.client.cookieHeader() });
      expect(mine.headers['x-phim-cache']).toBeUndefined();
      expect(mine.body).toContain(viewer.user.name);
    }
    // The viewer's page was not kept for guests either.
    const guest = await browserGet(t, '/');
    expect(guest.headers['x-phim-cache']).toBeUndefined();
    expect(guest.body).not.toContain(viewer.user.name);
    // A cookie that is not a valid session still keeps the request out of it.
    const stale = await browserGet(t, '/', { cookie: 'better-auth.session_token=gone' });
    expect(stale.headers['x-phim-cache']).toBeUndefined();
  });

  it('keeps only the catalogue’s pages, and only when they are found', async () => {
    for (const url of ['/auth/login', '/watch/no-such-film']) {
      await browserGet(t, url);
      expect((await browserGet(t, url)).headers['x-phim-cache'], url).toBeUndefined();
    }
    await browserGet(t, '/movies?genre=hanh-dong');
    expect((await browserGet(t, '/movies?genre=hanh-dong')).headers['x-phim-cache']).toBe('hit');
  });

  it('starts afresh with the public reads after an admin’s change', async () => {
    const url = `/watch/${film.slug}`;
    await browserGet(t, url);
    expect((await browserGet(t, url)).headers['x-phim-cache']).toBe('hit');
    await admin.patch(`/api/admin/movies/${film.id}`, { title: 'Bão Ngầm 5' });
    const after = await browserGet(t, url);
    expect(after.headers['x-phim-cache']).toBeUndefined();
    expect(after.body).toContain('Bão Ngầm 5');
  });
});
