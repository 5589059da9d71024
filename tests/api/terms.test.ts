// Genres, types and nations: admins only, unique slugs across the kinds (they share /{slug}) and none of the
// site's own paths, search without diacritics, counts, and a delete that asks before detaching a term from its
// movies. The visible terms that every public page reads are kept in memory, and forgotten on every node after a
// write.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { movies } from '#server/db/schema/index.ts';
import { TEST_AUTH_SECRET } from '#tests/app-utils.ts';
import { createMovie, createUser } from '#tests/factories.ts';
import { waitFor } from '#tests/wait-utils.ts';
import { Client } from './accounts-client.ts';
import { expectAdminsOnly, withTestApp } from './helpers.ts';

const t = withTestApp();
let admin: Client;
beforeAll(async () => {
  admin = (await createUser(t.app, { role: 'admin' })).client;
});

describe('terms', () => {
  it('are for admins only, and the kind must be known', async () => {
    await expectAdminsOnly(t, '/api/admin/terms/genre', { name: 'X' });
    expect((await admin.get('/api/admin/terms/colour')).statusCode).toBe(422);
  });

  it('checks the input', async () => {
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'A', order: 'first' }, 'order'],
      [{ name: 'A', colour: 'red' }, 'colour'],
      // Text PostgreSQL cannot store as sent (a NUL was a 500).
      [{ name: 'Hài\u0000' }, 'name'],
      [{ name: 'A', description: 'x\ud800' }, 'description'],
    ] as const) {
      const response = await admin.post('/api/admin/terms/genre', body);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().error.fields)).toContain(field);
    }
  });

  it('keeps slugs unique when the same name is created at the same moment', async () => {
    // Each request read the same free slug and the unique index refused all but one insert: 500s.
    const created = await Promise.all(
      Array.from({ length: 6 }, () => admin.post('/api/admin/terms/type', { name: 'Song song' })),
    );
    expect(created.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    const slugs = created.map((response) => response.json().term.slug);
    expect(new Set(slugs).size).toBe(6);
    // The other tests count the types.
    for (const response of created)
      await admin.delete(`/api/admin/terms/type/${response.json().term.id}`);
  });

  it('makes unique slugs from Vietnamese names, across the three kinds that share /{slug}', async () => {
    const first = (await admin.post('/api/admin/terms/genre', { name: 'Hành Động' })).json().term;
    expect(first).toMatchObject({
      slug: 'hanh-dong',
      kind: 'genre',
      visible: true,
      movies_count: 0,
    });
    const second = (await admin.post('/api/admin/terms/genre', { name: 'Hành động' })).json().term;
    expect(second.slug).toBe('hanh-dong-2');
    // Another kind may not: both would answer at /hanh-dong.
    const nation = (await admin.post('/api/admin/terms/nation', { name: 'Hành Động' })).json().term;
    expect(nation.slug).toBe('hanh-dong-3');
    const renamed = await admin.patch(`/api/admin/terms/genre/${second.id}`, {
      name: 'Võ Thuật',
      slug: 'vo-thuat',
    });
    expect(renamed.json().term).toMatchObject({ name: 'Võ Thuật', slug: 'vo-thuat' });
    expect((await admin.patch('/api/admin/terms/genre/999999', { name: 'X' })).statusCode).toBe(
      404,
    );
    // A genre id is not a nation.
    expect(
      (await admin.patch(`/api/admin/terms/nation/${second.id}`, { name: 'X' })).statusCode,
    ).toBe(404);
  });

  it('searches without diacritics and sorts', async () => {
    await admin.post('/api/admin/terms/type', { name: 'Phim Bộ', order: 2 });
    await admin.post('/api/admin/terms/type', { name: 'Phim Lẻ', order: 1 });
    const found = (await admin.get('/api/admin/terms/type?search=phim%20le')).json();
    expect(found.data.map((term: { name: string }) => term.name)).toEqual(['Phim Lẻ']);
    const ordered = (await admin.get('/api/admin/terms/type?sort=order&order=asc')).json();
    expect(ordered.data.map((term: { name: string }) => term.name)).toEqual(['Phim Lẻ', 'Phim Bộ']);
    expect((await admin.get('/api/admin/terms/type?sort=colour')).statusCode).toBe(422);
  });

  it('counts movies, refuses to delete a term in use, and detaches it when asked', async () => {
    const genre = (await admin.post('/api/admin/terms/genre', { name: 'Kinh Dị' })).json().term;
    const type = (await admin.post('/api/admin/terms/type', { name: 'Phim Chiếu Rạp' })).json()
      .term;
    await createMovie(admin, { title: 'Ma Da', type_id: type.id, genre_ids: [genre.id] });

    const listed = (await admin.get('/api/admin/terms/genre?search=kinh%20di')).json().data[0];
    expect(listed.movies_count).toBe(1);
    const refused = await admin.delete(`/api/admin/terms/genre/${genre.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'in_use',
      message: expect.stringContaining('1 movie'),
    });
    expect((await admin.delete(`/api/admin/terms/genre/${genre.id}?detach=true`)).json()).toEqual({
      detached: 1,
    });
    expect((await admin.delete(`/api/admin/terms/type/${type.id}?detach=true`)).json()).toEqual({
      detached: 1,
    });
    const [still] = await t.db.select().from(movies);
    expect(still).toMatchObject({ slug: 'ma-da', typeId: null });
  });

  it("refuses a slug that is one of the site's own pages, given or made from the name", async () => {
    for (const body of [{ name: 'Movies' }, { name: 'Phim lẻ', slug: 'watch' }]) {
      const refused = await admin.post('/api/admin/terms/genre', body);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error.fields.slug).toMatch(/is a page of the site itself/);
    }
    const term = (await admin.post('/api/admin/terms/type', { name: 'Phim bộ mới' })).json().term;
    const renamed = await admin.patch(`/api/admin/terms/type/${term.id}`, { slug: 'vnwa' });
    expect(renamed.statusCode).toBe(422);
    expect((await admin.post('/api/admin/terms/genre', { name: 'Movies 2' })).statusCode).toBe(201);
  });

  it('lists visible terms publicly, in order', async () => {
    const hidden = (
      await admin.post('/api/admin/terms/nation', { name: 'Ẩn', visible: false })
    ).json().term;
    const publicList = (await new Client(t.app).get('/api/terms/nation')).json().data;
    expect(publicList.map((term: { id: number }) => term.id)).not.toContain(hidden.id);
    expect(publicList.length).toBeGreaterThan(0);
  });

  it('leaves hidden terms off a public movie page, which would link to their 404, but not off the admin’s', async () => {
    const make = async (kind: string, name: string, visible: boolean) =>
      (await admin.post(`/api/admin/terms/${kind}`, { name, visible })).json().term as {
        id: number;
      };
    const shown = await make('genre', `Hài Hước ${Date.now()}`, true);
    const hiddenGenre = await make('genre', `Ẩn Thể Loại ${Date.now()}`, false);
    const hiddenType = await make('type', `Ẩn Loại ${Date.now()}`, false);
    const movie = await createMovie(admin, {
      published: true,
      genre_ids: [shown.id, hiddenGenre.id],
      type_id: hiddenType.id,
    });
    const page = await t.app.services.movies.getPublicBySlug(movie.slug);
    expect(page!.movie.genres.map((term) => term.id)).toEqual([shown.id]);
    expect(page!.movie.type).toBeNull();
    const edited = (await admin.get(`/api/admin/movies/${movie.id}`)).json().movie;
    expect(edited.genres.map((term: { id: number }) => term.id).sort()).toEqual(
      [shown.id, hiddenGenre.id].sort(),
    );
    expect(edited.type.id).toBe(hiddenType.id);
  });

  it('are kept in memory for the public pages, and every node reads them again after a write', async () => {
    const { terms } = t.app.services;
    const config = loadConfig({}, { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' });
    const other = await buildApp({ config, db: t.db, authSecret: TEST_AUTH_SECRET, web: false });
    await other.ready();
    try {
      const kept = await terms.listOptions();
      expect(await terms.listOptions()).toBe(kept);
      await other.services.terms.listOptions();
      const name = `Kinh Dị Giữ ${Date.now()}`;
      const genre = (await admin.post('/api/admin/terms/genre', { name })).json().term as {
        id: number;
        slug: string;
      };
      // This node at once (before the answer left), the other through the change feed.
      expect((await terms.listOptions()).genre.map((term) => term.id)).toContain(genre.id);
      expect(await terms.findBySlug(genre.slug)).toMatchObject({
        id: genre.id,
        name,
        kind: 'genre',
      });
      await waitFor(async () => {
        const { genre: genres } = await other.services.terms.listOptions();
        return genres.some((term) => term.id === genre.id) ? true : undefined;
      }, 5000);
      // Hidden, its landing page is gone at once here, and soon on the other node.
      await admin.patch(`/api/admin/terms/genre/${genre.id}`, { visible: false });
      expect(await terms.findBySlug(genre.slug)).toBeNull();
      await waitFor(async () => {
        const { genre: genres } = await other.services.terms.listOptions();
        return genres.some((term) => term.id === genre.id) ? undefined : true;
      }, 5000);
      // The service's own writes (the demo's seed) forget them too.
      await terms.update('genre', genre.id, { visible: true, name: `${name} 2` });
      expect(await terms.findBySlug(genre.slug)).toMatchObject({ name: `${name} 2` });
    } finally {
      await other.close();
    }
  });
});
