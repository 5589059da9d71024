// The Report Manager's API (decision 042): admins only; list with filters, search, sort and pages; counts by state;
// state changes one by one or in bulk (closed_at / closed_by, all or nothing, `report.updated` once after the
// commit); deletes one by one or in bulk (`report.deleted`).
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reports, type ReportReason } from '#server/db/schema/index.ts';
import type { DomainEvents } from '#server/events.ts';
import { createEpisode, createMovie, createUser, type CreatedUser } from '#tests/factories.ts';
import { Client, expectInvalid, signInFirstAdmin } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp();
let admin: Client;
let adminId = '';
let viewer: CreatedUser;
const movie = { a: { id: 0, slug: '' }, b: { id: 0, slug: '' } };
const episode = { a: 0, b: 0 };
const updated: Array<DomainEvents['report.updated']> = [];
const deleted: Array<DomainEvents['report.deleted']> = [];

beforeAll(async () => {
  admin = await signInFirstAdmin(t.app);
  adminId = (await admin.get('/api/user')).json().user.id;
  viewer = await createUser(t.app, { name: 'Trần Thị Bích' });
  const a = await createMovie(admin, { title: 'Hoa Thiên Cốt', published: true });
  const b = await createMovie(admin, { title: 'Tam Sinh Tam Thế', published: true });
  movie.a = a;
  movie.b = b;
  episode.a = (await createEpisode(admin, a, { name: 'Tập 1' })).id;
  episode.b = (await createEpisode(admin, b, { name: 'Tập 7' })).id;
  t.app.services.events.on('report.updated', (payload) => updated.push(payload));
  t.app.services.events.on('report.deleted', (payload) => deleted.push(payload));
});

/** Three reports, oldest first: a's "won't play" by the viewer, a's subtitles note, b's wrong episode. */
async function seed() {
  await t.db.delete(reports);
  updated.length = 0;
  deleted.length = 0;
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 8, minutes));
  const row = (
    movieId: number,
    episodeId: number,
    reason: ReportReason,
    message: string,
    minutes: number,
    userId: string | null = null,
  ) => ({ movieId, episodeId, reason, message, userId, createdAt: at(minutes) });
  const rows = await t.db
    .insert(reports)
    .values([
      row(movie.a.id, episode.a, 'wont_play', '', 1, viewer.user.id),
      row(movie.a.id, episode.a, 'subtitles', 'Phụ đề lệch 2 giây', 2),
      row(movie.b.id, episode.b, 'wrong_episode', 'Đây là tập 8', 3),
    ])
    .returning({ id: reports.id });
  return rows.map((r) => r.id) as [number, number, number];
}

const stored = async (ids: number[]) =>
  t.db.select().from(reports).where(inArray(reports.id, ids)).orderBy(reports.id);

describe('access', () => {
  it('keeps guests (401) and viewers (403) out of every route', async () => {
    const [id] = await seed();
    const routes: Array<[Parameters<Client['request']>[0], string, unknown]> = [
      ['GET', '/api/admin/reports', undefined],
      ['GET', '/api/admin/reports/counts', undefined],
      ['PATCH', '/api/admin/reports', { ids: [id], status: 'resolved' }],
      ['PATCH', `/api/admin/reports/${id}`, { status: 'resolved' }],
      ['DELETE', '/api/admin/reports', { ids: [id] }],
      ['DELETE', `/api/admin/reports/${id}`, undefined],
    ];
    const guest = new Client(t.app);
    await guest.csrf();
    for (const [method, url, body] of routes) {
      expect((await guest.request(method, url, body)).statusCode, `guest ${method} ${url}`).toBe(
        401,
      );
      expect(
        (await viewer.client.request(method, url, body)).statusCode,
        `viewer ${method} ${url}`,
      ).toBe(403);
    }
    expect((await stored([id]))[0]!.status).toBe('open');
    expect(updated).toEqual([]);
    expect(deleted).toEqual([]);
  });
});

describe('GET /api/admin/reports', () => {
  let ids: [number, number, number];
  beforeEach(async () => {
    ids = await seed();
  });

  it('lists the newest first with what the manager shows', async () => {
    const response = await admin.get('/api/admin/reports');
    expect(response.statusCode, response.body).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toEqual({ page: 1, per_page: 20, total: 3, last_page: 1 });
    expect(data.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(data[2]).toMatchObject({
      id: ids[0],
      movie: { id: movie.a.id, title: 'Hoa Thiên Cốt', slug: movie.a.slug },
      episode: { id: episode.a, name: 'Tập 1', published: true },
      server: { name: 'Vietsub #1' },
      reason: 'wont_play',
      message: '',
      status: 'open',
      reporter: { id: viewer.user.id, name: 'Trần Thị Bích', email: viewer.email },
      closed_at: null,
      closed_by: null,
      created_at: '2026-11-20T08:01:00.000Z',
    });
    expect(data[2].episode.ep).toMatch(/^tap-1/);
    expect(data[1].reporter).toBeNull();
  });

  it('filters by state, reason and movie, and searches titles and notes without diacritics', async () => {
    const list = async (query: string) =>
      (await admin.get(`/api/admin/reports?${query}`)).json().data.map((r: { id: number }) => r.id);
    expect(await list(`movie=${movie.a.id}`)).toEqual([ids[1], ids[0]]);
    expect(await list('reason=wrong_episode')).toEqual([ids[2]]);
    expect(await list('status=resolved')).toEqual([]);
    expect(await list('status=open&reason=wont_play')).toEqual([ids[0]]);
    expect(await list('search=tam%20sinh')).toEqual([ids[2]]);
    expect(await list('search=phu%20de%20lech')).toEqual([ids[1]]);
    expect(await list('search=nothing-like-it')).toEqual([]);
  });

  it('sorts and pages', async () => {
    const list = async (query: string) => (await admin.get(`/api/admin/reports?${query}`)).json();
    expect((await list('sort=created_at&order=asc')).data.map((r: { id: number }) => r.id)).toEqual(
      ids,
    );
    expect((await list('sort=movie&order=desc')).data[0].movie.id).toBe(movie.b.id);
    expect((await list('sort=reason&order=asc')).data[0].reason).toBe('subtitles');
    const page = await list('per_page=2&page=2');
    expect(page.meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(page.data.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
  });

  it('refuses bad filters and sorts (422)', async () => {
    expectInvalid(await admin.get('/api/admin/reports?status=closed'), 'status');
    expectInvalid(await admin.get('/api/admin/reports?reason=boring'), 'reason');
    expectInvalid(await admin.get('/api/admin/reports?movie=abc'), 'movie');
    expectInvalid(await admin.get('/api/admin/reports?sort=views'), 'sort');
    expectInvalid(await admin.get('/api/admin/reports?colour=red'), 'colour');
  });
});

describe('state changes', () => {
  it('moves one report, records who and when, and announces it once', async () => {
    const [id] = await seed();
    const before = Date.now();
    const response = await admin.patch(`/api/admin/reports/${id}`, { status: 'in_progress' });
    expect(response.statusCode, response.body).toBe(200);
    const { report } = response.json();
    expect(report).toMatchObject({ id, status: 'in_progress', closed_by: { id: adminId } });
    expect(Date.parse(report.closed_at)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await stored([id]);
    expect(row).toMatchObject({ status: 'in_progress', closedBy: adminId });
    expect(updated).toEqual([{ reportIds: [id], status: 'in_progress', byUserId: adminId }]);

    // The same state again changes nothing and announces nothing.
    expect(
      (await admin.patch(`/api/admin/reports/${id}`, { status: 'in_progress' })).statusCode,
    ).toBe(200);
    expect(updated).toHaveLength(1);

    // Back to open: no longer closed by anyone.
    const reopened = (await admin.patch(`/api/admin/reports/${id}`, { status: 'open' })).json();
    expect(reopened.report).toMatchObject({ status: 'open', closed_at: null, closed_by: null });
    expect(updated.at(-1)).toEqual({ reportIds: [id], status: 'open', byUserId: adminId });
  });

  it('moves many at once, with one event naming those that moved', async () => {
    const ids = await seed();
    await admin.patch(`/api/admin/reports/${ids[0]}`, { status: 'resolved' });
    updated.length = 0;
    const response = await admin.patch('/api/admin/reports', {
      ids: [ids[2], ids[0], ids[1], ids[2]],
      status: 'resolved',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ affected: 2 });
    expect(updated).toEqual([
      { reportIds: [ids[1], ids[2]].sort((x, y) => x - y), status: 'resolved', byUserId: adminId },
    ]);
    const rows = await stored(ids);
    expect(rows.map((r) => r.status)).toEqual(['resolved', 'resolved', 'resolved']);
    expect(rows.every((r) => r.closedBy === adminId && r.closedAt)).toBe(true);
    const counts = (await admin.get('/api/admin/reports/counts')).json();
    expect(counts).toEqual({ open: 0, in_progress: 0, resolved: 3, dismissed: 0 });
  });

  it('changes nothing when an id is unknown (404)', async () => {
    const ids = await seed();
    const bulk = await admin.patch('/api/admin/reports', {
      ids: [ids[0], 999_999],
      status: 'dismissed',
    });
    expect(bulk.statusCode).toBe(404);
    expect(bulk.json().error.code).toBe('not_found');
    expect(
      (await admin.patch('/api/admin/reports/999999', { status: 'dismissed' })).statusCode,
    ).toBe(404);
    expect((await stored(ids)).map((r) => r.status)).toEqual(['open', 'open', 'open']);
    expect(updated).toEqual([]);
  });

  it('checks the body and the id (422)', async () => {
    const [id] = await seed();
    expectInvalid(await admin.patch(`/api/admin/reports/${id}`, { status: 'closed' }), 'status');
    expectInvalid(await admin.patch(`/api/admin/reports/${id}`, {}), 'status');
    expectInvalid(await admin.patch('/api/admin/reports/abc', { status: 'resolved' }), 'id');
    expectInvalid(await admin.patch('/api/admin/reports', { ids: [], status: 'resolved' }), 'ids');
    expectInvalid(
      await admin.patch('/api/admin/reports', { ids: ['x'], status: 'resolved' }),
      'ids.0',
    );
    expectInvalid(await admin.patch('/api/admin/reports', { ids: [id] }), 'status');
    expectInvalid(
      await admin.patch('/api/admin/reports', { ids: [id], status: 'resolved', extra: 1 }),
      'extra',
    );
    expect(updated).toEqual([]);
  });
});

describe('deletes', () => {
  it('deletes one, then many, and announces each call once', async () => {
    const ids = await seed();
    const one = await admin.delete(`/api/admin/reports/${ids[0]}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(deleted).toEqual([{ reportIds: [ids[0]] }]);
    expect((await admin.delete(`/api/admin/reports/${ids[0]}`)).statusCode).toBe(404);

    const many = await admin.delete('/api/admin/reports', { ids: [ids[1], ids[2]] });
    expect(many.statusCode, many.body).toBe(200);
    expect(many.json()).toEqual({ affected: 2 });
    expect(deleted.at(-1)).toEqual({ reportIds: [ids[1], ids[2]] });
    expect(await stored(ids)).toEqual([]);
  });

  it('deletes nothing when an id is unknown (404), and checks the body (422)', async () => {
    const ids = await seed();
    const response = await admin.delete('/api/admin/reports', { ids: [ids[0], 999_999] });
    expect(response.statusCode).toBe(404);
    expect(await stored(ids)).toHaveLength(3);
    expectInvalid(await admin.delete('/api/admin/reports', { ids: [] }), 'ids');
    expectInvalid(await admin.delete('/api/admin/reports/0'), 'id');
    expect(deleted).toEqual([]);
  });

  it('leaves the movie and the episode alone', async () => {
    const [id] = await seed();
    await admin.delete(`/api/admin/reports/${id}`);
    expect((await admin.get(`/api/admin/movies/${movie.a.id}`)).statusCode).toBe(200);
    expect((await t.db.select().from(reports).where(eq(reports.episodeId, episode.a))).length).toBe(
      1,
    );
  });
});

describe('reports of what is deleted', () => {
  it('go with their episode, and the Report Manager hears which', async () => {
    const film = await createMovie(admin, { title: 'Tập bị xóa', published: true });
    const gone = await createEpisode(admin, film, { name: 'Tập 1' });
    const [report] = await t.db
      .insert(reports)
      .values({ movieId: film.id, episodeId: gone.id, reason: 'wont_play' })
      .returning({ id: reports.id });
    deleted.length = 0;
    const response = await admin.delete(`/api/admin/movies/${film.id}/episodes/${gone.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored([report!.id])).toEqual([]);
    expect(deleted).toEqual([{ reportIds: [report!.id] }]);
  });

  it('go with a movie deleted for good, and the Report Manager hears which', async () => {
    const film = await createMovie(admin, { title: 'Phim bị xóa hẳn', published: true });
    const gone = await createEpisode(admin, film, { name: 'Tập 1' });
    const [report] = await t.db
      .insert(reports)
      .values({ movieId: film.id, episodeId: gone.id, reason: 'other' })
      .returning({ id: reports.id });
    await admin.delete(`/api/admin/movies/${film.id}`);
    // In the trash the report waits with its movie.
    expect(await stored([report!.id])).toHaveLength(1);
    deleted.length = 0;
    expect((await admin.delete(`/api/admin/movies/trash/${film.id}`)).statusCode).toBe(200);
    expect(deleted).toEqual([{ reportIds: [report!.id] }]);
  });
});
