// Public pages reuse their catalogue reads for PUBLIC_CACHE_SECONDS (docs/decisions/019-public-reads-cache.md):
// a change made outside the admin API shows only once they age out, while an admin's change shows at once. The
// listing, a movie's page and an episode's watch page are checked.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { episodes, movies } from '#server/db/schema/index.ts';
import { createEpisode, createMovie } from '#tests/factories.ts';
import type { Client } from './accounts-client.ts';
import { signInFirstAdmin } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

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
