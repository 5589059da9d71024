// The movie manager's API: admins only, every field checked, unique slugs with 301s for old ones, search
// without diacritics and with a typo, filters, sort, bulk actions, image uploads.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEpisode } from '#tests/factories.ts';
import { solidImage } from '#tests/image-utils.ts';
import type { Client } from './accounts-client.ts';
import { BROKEN_FORMS, expectInvalid, signInFirstAdmin } from './accounts-client.ts';
import { expectAdminsOnly, withTestApp } from './helpers.ts';

const t = withTestApp();
let admin: Client;
let genre: { id: number };
let nation: { id: number };
let series: { id: number };

beforeAll(async () => {
  admin = await signInFirstAdmin(t.app);
  genre = (await admin.post('/api/admin/terms/genre', { name: 'Hành Động' })).json().term;
  nation = (await admin.post('/api/admin/terms/nation', { name: 'Hàn Quốc' })).json().term;
  series = (await admin.post('/api/admin/terms/type', { name: 'Phim Bộ' })).json().term;
});

const create = (body: Record<string, unknown>) => admin.post('/api/admin/movies', body);

describe('movies', () => {
  it('are for admins only', async () => {
    await expectAdminsOnly(t, '/api/admin/movies', { title: 'X' });
  });

  it('check every field', async () => {
    for (const [body, field] of [
      [{ title: '' }, 'title'],
      [{ title: 'A', year: 1500 }, 'year'],
      [{ title: 'A', status: 'paused' }, 'status'],
      [{ title: 'A', poster: 'https://evil.example/x.png' }, 'poster'],
      [{ title: 'A', poster: '/storage/../secrets.json' }, 'poster'],
      [{ title: 'A', trailer_url: 'javascript:alert(1)' }, 'trailer_url'],
      [{ title: 'A', genre_ids: [series.id] }, 'genre_ids'],
      [{ title: 'A', type_id: 999999 }, 'type_id'],
      [{ title: 'A', views_total: 5 }, 'views_total'],
      [{ title: 'A', current_episode: 'Tập 5', total_episodes: 3 }, 'current_episode'],
    ] as const) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().error.fields), JSON.stringify(body)).toContain(field);
    }
  });

  it('refuse an episode past the total, whichever of the two an edit changes', async () => {
    const made = await create({ title: 'Đếm tập', current_episode: 'Tập 3', total_episodes: 12 });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().movie.id;
    expectInvalid(
      await admin.patch(`/api/admin/movies/${id}`, { total_episodes: 2 }),
      'current_episode',
    );
    expectInvalid(
      await admin.patch(`/api/admin/movies/${id}`, { current_episode: '13/12' }),
      'current_episode',
    );
    const done = await admin.patch(`/api/admin/movies/${id}`, {
      current_episode: 'Hoàn tất (12/12)',
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('create with every field, sanitise the description, and keep slugs unique', async () => {
    const response = await create({
      title: 'Người Nhện: Không Còn Nhà',
      original_title: 'Spider-Man: No Way Home',
      description:
        '<p onclick="steal()">Peter <strong>Parker</strong><script>alert(1)</script></p>',
      type_id: series.id,
      genre_ids: [genre.id],
      nation_ids: [nation.id],
      status: 'completed',
      quality: 'FHD',
      languages: ['Vietsub', 'Thuyết minh'],
      year: 2021,
      episode_runtime: 148,
      current_episode: 'Full',
      total_episodes: 1,
      actors: ['Tom Holland', 'Zendaya'],
      directors: ['Jon Watts'],
      featured: true,
      published: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const movie = response.json().movie;
    expect(movie).toMatchObject({
      slug: 'nguoi-nhen-khong-con-nha',
      type: { id: series.id, name: 'Phim Bộ' },
      genres: [{ id: genre.id }],
      nations: [{ id: nation.id }],
      languages: ['Vietsub', 'Thuyết minh'],
      published: true,
      published_at: expect.any(String),
      episodes_count: 0,
    });
    expect(movie.description).toBe('<p>Peter <strong>Parker</strong></p>');
    const again = (await create({ title: 'Người nhện: không còn nhà' })).json().movie;
    expect(again.slug).toBe('nguoi-nhen-khong-con-nha-2');
  });

  it('find movies without diacritics, by original title, by part of a word and with a typo', async () => {
    await create({ title: 'Đất Rừng Phương Nam', original_title: 'Song of the South', year: 2023 });
    const titles = async (query: string) =>
      (await admin.get(`/api/admin/movies?search=${encodeURIComponent(query)}`))
        .json()
        .data.map((movie: { title: string }) => movie.title);
    expect(await titles('nguoi nhen')).toContain('Người Nhện: Không Còn Nhà');
    expect(await titles('no way home')).toContain('Người Nhện: Không Còn Nhà');
    expect(await titles('phuong na')).toContain('Đất Rừng Phương Nam');
    expect(await titles('dat rung phuong nma')).toContain('Đất Rừng Phương Nam');
    expect(await titles('zzzz qqqq')).toEqual([]);
  });

  it('filter and sort', async () => {
    const byGenre = (await admin.get(`/api/admin/movies?genre=${genre.id}&published=true`)).json();
    expect(byGenre.data.map((m: { slug: string }) => m.slug)).toEqual(['nguoi-nhen-khong-con-nha']);
    const byYear = (await admin.get('/api/admin/movies?sort=year&order=desc')).json();
    expect(byYear.data[0].year).toBe(2023);
    expect((await admin.get('/api/admin/movies?sort=price')).statusCode).toBe(422);
  });

  it("count a landing page's movies as they are published, unpublished, trashed and given other terms", async () => {
    // A genre's or a country's landing counts from `movie_terms.published`, which triggers keep (migration 0011);
    // a type's from its own index. Each count is the public listing's, beside the cards it shows.
    const drama = (await admin.post('/api/admin/terms/genre', { name: 'Tâm Lý' })).json().term;
    const landing = async (filter: { genre?: number; nation?: number; type?: number }) => {
      const { data, meta } = await t.app.services.movies.listCards({
        published: 'true',
        ...filter,
        per_page: 2,
      });
      return { shown: data.map((movie) => movie.title).sort(), total: meta.total };
    };
    const a = (await create({ title: 'Đếm A', genre_ids: [drama.id], published: true })).json()
      .movie;
    const b = (
      await create({ title: 'Đếm B', genre_ids: [drama.id], nation_ids: [nation.id] })
    ).json().movie;
    const c = (await create({ title: 'Đếm C', published: true, type_id: series.id })).json().movie;
    expect(await landing({ genre: drama.id })).toEqual({ shown: ['Đếm A'], total: 1 });

    await admin.post('/api/admin/movies/bulk', { action: 'publish', ids: [b.id] });
    expect(await landing({ genre: drama.id })).toEqual({ shown: ['Đếm A', 'Đếm B'], total: 2 });
    const withNation = await landing({ nation: nation.id });
    expect(withNation.shown).toContain('Đếm B');

    await admin.post('/api/admin/movies/bulk', {
      action: 'add_genre',
      ids: [c.id],
      genre_id: drama.id,
    });
    expect((await landing({ genre: drama.id })).total).toBe(3);

    await admin.delete(`/api/admin/movies/${a.id}`); // to the trash, which unpublishes
    await admin.patch(`/api/admin/movies/${b.id}`, { genre_ids: [] });
    expect(await landing({ genre: drama.id })).toEqual({ shown: ['Đếm C'], total: 1 });
    expect((await landing({ nation: nation.id })).total).toBe(withNation.total);

    await admin.patch(`/api/admin/movies/${c.id}`, { published: false });
    expect(await landing({ genre: drama.id })).toEqual({ shown: [], total: 0 });
    const seriesBefore = await landing({ type: series.id });
    await admin.patch(`/api/admin/movies/${c.id}`, { published: true });
    expect((await landing({ type: series.id })).total).toBe(seriesBefore.total + 1);
    // No statement can set the flag against its movie: B is published, A in the trash.
    await t.db.execute(sql`update movie_terms set published = false where movie_id = ${b.id}`);
    await t.db.execute(sql`update movie_terms set published = true where movie_id = ${a.id}`);
    const flags = await t.db.execute<{ movie_id: number; published: boolean }>(
      sql`select movie_id::int, published from movie_terms where movie_id in (${a.id}, ${b.id}) order by movie_id`,
    );
    expect(flags.rows).toEqual([
      { movie_id: a.id, published: false },
      { movie_id: b.id, published: true },
    ]);
  });

  it('list the movies of a genre and a nation as terms are given, taken, deleted, and added at once', async () => {
    // A listing with both finds them in `movies.term_ids`, which triggers keep from `movie_terms` (migration 0013).
    const thriller = (await admin.post('/api/admin/terms/genre', { name: 'Giật Gân' })).json().term;
    const thai = (await admin.post('/api/admin/terms/nation', { name: 'Thái Lan' })).json().term;
    const both = async () => {
      const { data, meta } = await t.app.services.movies.listCards({
        published: 'true',
        genre: thriller.id,
        nation: thai.id,
        sort: 'views',
        order: 'desc',
      });
      expect(meta.total).toBe(data.length);
      return data.map((movie) => movie.title).sort();
    };
    const a = (
      await create({
        title: 'Cặp A',
        genre_ids: [thriller.id],
        nation_ids: [thai.id],
        published: true,
      })
    ).json().movie;
    const b = (await create({ title: 'Cặp B', genre_ids: [thriller.id], published: true })).json()
      .movie;
    await create({ title: 'Cặp nháp', genre_ids: [thriller.id], nation_ids: [thai.id] });
    expect(await both()).toEqual(['Cặp A']);

    await admin.patch(`/api/admin/movies/${b.id}`, { nation_ids: [thai.id] });
    expect(await both()).toEqual(['Cặp A', 'Cặp B']);
    await admin.patch(`/api/admin/movies/${a.id}`, { genre_ids: [] });
    expect(await both()).toEqual(['Cặp B']);
    // The admin list with the same filters reads the same index.
    const listed = (
      await admin.get(
        `/api/admin/movies?genre=${thriller.id}&nation=${thai.id}&published=true&sort=title`,
      )
    ).json();
    expect(listed.data.map((movie: { title: string }) => movie.title)).toEqual(['Cặp B']);

    // Two transactions give one movie a term each at the same moment: the second waits for the first's row and
    // adds its term to the first's, rather than writing the array it read before the first committed.
    const c = (await create({ title: 'Cặp C', published: true })).json().movie;
    const first = await t.db.$client.connect();
    const second = await t.db.$client.connect();
    try {
      await first.query('begin');
      await first.query('insert into movie_terms (movie_id, term_id) values ($1, $2)', [
        c.id,
        thriller.id,
      ]);
      await second.query('begin');
      const waiting = second.query('insert into movie_terms (movie_id, term_id) values ($1, $2)', [
        c.id,
        thai.id,
      ]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query('commit');
      await waiting;
      await second.query('commit');
    } finally {
      first.release();
      second.release();
    }
    expect(await both()).toEqual(['Cặp B', 'Cặp C']);

    const termIdsOf = async (id: number) =>
      (
        await t.db.execute<{ term_ids: string[] }>(
          sql`select term_ids from movies where id = ${id}`,
        )
      ).rows[0]!.term_ids.map(Number);
    expect(await termIdsOf(c.id)).toEqual([thriller.id, thai.id].sort((x, y) => x - y));
    await admin.patch(`/api/admin/movies/${c.id}`, { genre_ids: [], nation_ids: [] });
    expect(await termIdsOf(c.id)).toEqual([]);
    expect(await both()).toEqual(['Cặp B']);
  });

  it('keep slugs unique when the same title is created at the same moment', async () => {
    // Each request read the same free slug and the unique index refused all but one insert: 500s.
    const created = await Promise.all(
      Array.from({ length: 6 }, () => create({ title: 'Song Song' })),
    );
    expect(created.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(created.map((response) => response.json().movie.slug)).size).toBe(6);
  });

  it('keep an old slug as a redirect after a rename, and 404 for unknown ids', async () => {
    const movie = (await create({ title: 'Tên Cũ' })).json().movie;
    const renamed = await admin.patch(`/api/admin/movies/${movie.id}`, { slug: 'ten-moi' });
    expect(renamed.json().movie.slug).toBe('ten-moi');
    expect(await t.app.services.movies.redirectFor('ten-cu')).toBe('ten-moi');
    // The old slug stays reserved for the redirect.
    expect((await create({ title: 'Tên cũ' })).json().movie.slug).toBe('ten-cu-2');
    expect((await admin.get('/api/admin/movies/999999')).statusCode).toBe(404);
    expect((await admin.patch('/api/admin/movies/999999', { title: 'X' })).statusCode).toBe(404);
  });

  it('apply bulk actions and delete', async () => {
    const a = (await create({ title: 'Bulk A' })).json().movie;
    const b = (await create({ title: 'Bulk B' })).json().movie;
    const ids = [a.id, b.id];
    expect((await admin.post('/api/admin/movies/bulk', { action: 'publish', ids })).json()).toEqual(
      { affected: 2 },
    );
    expect(
      (
        await admin.post('/api/admin/movies/bulk', { action: 'add_genre', ids, genre_id: genre.id })
      ).json(),
    ).toEqual({ affected: 2 });
    expect(
      (
        await admin.post('/api/admin/movies/bulk', { action: 'set_type', ids, type_id: series.id })
      ).json(),
    ).toEqual({ affected: 2 });
    const after = (await admin.get(`/api/admin/movies/${a.id}`)).json().movie;
    expect(after).toMatchObject({
      published: true,
      type: { id: series.id },
      genres: [{ id: genre.id }],
    });
    expect(
      (await admin.post('/api/admin/movies/bulk', { action: 'archive', ids })).statusCode,
    ).toBe(422);
    expect((await admin.post('/api/admin/movies/bulk', { action: 'delete', ids })).json()).toEqual({
      affected: 2,
    });
    expect((await admin.delete(`/api/admin/movies/${a.id}`)).statusCode).toBe(404);
    // Both went to the trash, not away.
    const trash = (await admin.get('/api/admin/movies/trash?per_page=100')).json();
    expect(trash.data.map((movie: { id: number }) => movie.id)).toEqual(
      expect.arrayContaining(ids),
    );
  });

  it('go to a trash first: off the site and the lists, restored as drafts, purged after the retention', async () => {
    const movie = (await create({ title: 'Vào thùng rác', published: true })).json().movie;
    const episode = await createEpisode(admin, movie, { name: 'Tập 1' });
    expect((await admin.delete(`/api/admin/movies/${movie.id}`)).statusCode).toBe(200);
    // Gone from the back office's list and pages, and from the site.
    expect((await admin.get(`/api/admin/movies/${movie.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/admin/movies/${movie.id}/episodes`)).statusCode).toBe(404);
    const listed = (await admin.get('/api/admin/movies?search=vao+thung+rac')).json();
    expect(listed.data).toEqual([]);
    expect(await t.app.services.watch.episodePage(movie.slug, episode.ep)).toBeNull();
    // A bulk action does not reach it.
    expect(
      (await admin.post('/api/admin/movies/bulk', { action: 'publish', ids: [movie.id] })).json(),
    ).toEqual({ affected: 0 });

    const [trashed] = (await admin.get('/api/admin/movies/trash?search=vao+thung+rac')).json().data;
    expect(trashed).toMatchObject({ id: movie.id, published: false });
    const days = (Date.parse(trashed.purge_at) - Date.parse(trashed.deleted_at)) / 86_400_000;
    expect(days).toBe(30);

    const restored = await admin.post(`/api/admin/movies/${movie.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().movie).toMatchObject({ id: movie.id, published: false });
    expect((await admin.get(`/api/admin/movies/${movie.id}/episodes`)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/movies/${movie.id}/restore`)).statusCode).toBe(404);

    // Deleted for good: from the trash, by hand or by the purge.
    await admin.delete(`/api/admin/movies/${movie.id}`);
    expect((await admin.delete(`/api/admin/movies/trash/${movie.id}`)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/movies/${movie.id}/restore`)).statusCode).toBe(404);
    const old = (await create({ title: 'Cũ trong thùng rác' })).json().movie;
    const fresh = (await create({ title: 'Mới trong thùng rác' })).json().movie;
    await admin.post('/api/admin/movies/bulk', { action: 'delete', ids: [old.id, fresh.id] });
    await t.db.execute(
      sql`update movies set deleted_at = now() - interval '31 days' where id = ${old.id}`,
    );
    expect(await t.app.services.movies.purgeTrash()).toBe(1);
    const left = (await admin.get('/api/admin/movies/trash?per_page=100')).json().data;
    expect(left.map((m: { id: number }) => m.id)).toContain(fresh.id);
    expect(left.map((m: { id: number }) => m.id)).not.toContain(old.id);
    expect((await admin.delete('/api/admin/movies/trash')).json().affected).toBeGreaterThan(0);
    expect((await admin.get('/api/admin/movies/trash')).json().meta.total).toBe(0);
  });

  it('take image uploads as webp and refuse what is not an image', async () => {
    const png = await solidImage('png', 2400, 1200, '#1e293b');
    const upload = await admin.multipart('POST', '/api/admin/uploads/image', {
      image: { data: png, name: 'b.png', type: 'image/png' },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { path, width } = upload.json();
    expect(path).toMatch(/^\/storage\/uploads\/\d{4}\/\d{2}\/[a-f0-9]+\.webp$/);
    expect(width).toBe(1920);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const fake = await admin.multipart('POST', '/api/admin/uploads/image', {
      image: { data: Buffer.from('<svg/>'), name: 'x.png', type: 'image/png' },
    });
    expect(fake.statusCode).toBe(422);
    // A form the parser cannot read is the client's to fix (these were 500s).
    for (const { body, ...headers } of BROKEN_FORMS)
      expectInvalid(
        await admin.request('POST', '/api/admin/uploads/image', body, { headers }),
        'image',
      );
    const movie = await create({ title: 'Có Poster', poster: path });
    expect(movie.json().movie.poster).toBe(path);
  });
});
