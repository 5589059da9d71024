// The audit log (decision 051): every admin write through the API is recorded with who, what, which row, from
// which IP and screen and how it ended; settings keep their value before and after; secrets never reach the log;
// only admins read it, with filters; a viewer's refused attempt is not an admin write; old rows are purged.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { redactBody } from '#server/domain/ops/audit.service.ts';
import { auditTarget } from '#server/http/audit.ts';
import { auditLog } from '#server/db/schema/index.ts';
import { createMovie, createUser, type CreatedUser } from '#tests/factories.ts';
import { expectAdminsOnly, withTestApp } from './helpers.ts';

const t = withTestApp();
let admin: CreatedUser;

type Entry = {
  action: string;
  actor: { id: string | null; email: string };
  target_type: string;
  target_id: string;
  status: number;
  ip: string;
  screen: string;
  method: string;
  before: unknown;
  after: unknown;
};

const list = async (query = '') => {
  const response = await admin.client.get(`/api/admin/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Entry[]; meta: { total: number } }).data;
};

beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin' });
});

describe('the audit log', () => {
  it('is read by admins only', async () => {
    await expectAdminsOnly(t, '/api/admin/audit');
    await expectAdminsOnly(t, '/api/admin/audit/facets');
  });

  it('records an admin write with who, what, which row, IP and screen', async () => {
    const movie = await createMovie(admin.client, { title: 'Nhật ký Hà Nội' });
    const response = await admin.client.request(
      'PATCH',
      `/api/admin/movies/${movie.id}`,
      { title: 'Nhật ký Sài Gòn' },
      { headers: { 'x-phim-screen': '/vnwa/movie/film/list' } },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = await list('?area=movies');
    expect(entry).toMatchObject({
      action: 'Edit a movie',
      actor: { id: admin.user.id, email: admin.user.email },
      target_type: 'movies',
      target_id: String(movie.id),
      method: 'PATCH',
      status: 200,
      screen: '/vnwa/movie/film/list',
      after: { title: 'Nhật ký Sài Gòn' },
    });
    expect(entry!.ip).not.toBe('');
  });

  it('keeps a setting before and after, and records a refused write as refused', async () => {
    const info = (await admin.client.get('/api/admin/settings/web_info')).json() as Record<
      string,
      unknown
    >;
    await admin.client.put('/api/admin/settings/web_info', {
      ...info,
      tagline: 'Phim hay mỗi ngày',
    });
    const refused = await admin.client.put('/api/admin/settings/web_info', {
      ...info,
      site_name: '',
    });
    expect(refused.statusCode).toBe(422);
    const [failed, saved] = await list('?area=settings');
    expect(failed).toMatchObject({ status: 422, target_id: 'web_info' });
    expect(saved).toMatchObject({
      status: 200,
      target_id: 'web_info',
      action: 'Web Info: replace',
    });
    expect(saved!.before).toMatchObject({ tagline: '' });
    expect(saved!.after).toMatchObject({ tagline: 'Phim hay mỗi ngày' });
    expect((await list('?area=settings&outcome=refused')).every((e) => e.status >= 400)).toBe(true);
  });

  it('does not record a viewer refused by the access check', async () => {
    const viewer = await createUser(t.app);
    const before = (await list('?per_page=100')).length;
    expect(
      (await viewer.client.post('/api/admin/movies', { title: 'Không được' })).statusCode,
    ).toBe(403);
    expect((await list('?per_page=100')).length).toBe(before);
  });

  it('offers its admins and areas as filters, and purges old rows', async () => {
    const facets = (await admin.client.get('/api/admin/audit/facets')).json();
    expect(facets.actors).toContainEqual({ id: admin.user.id, email: admin.user.email });
    expect(facets.areas).toEqual(expect.arrayContaining(['movies', 'settings']));
    await t.db.update(auditLog).set({ createdAt: sql`now() - interval '400 days'` });
    await createMovie(admin.client, { title: 'Sau khi dọn' });
    expect(await t.app.services.audit.purge(365)).toBeGreaterThan(0);
    const kept = await list('?per_page=100');
    expect(kept.map((entry) => entry.action)).toEqual(['Create a movie']);
  });
});

describe('what a write is about', () => {
  it.each([
    ['/api/admin/movies/:id', { id: 12 }, 'movies', '12'],
    ['/api/admin/movies', {}, 'movies', ''],
    ['/api/admin/users/:id/ban', { id: 'u1' }, 'users', 'u1'],
    ['/api/admin/movies/:movieId/episodes/:id', { movieId: 1, id: 9 }, 'episodes', '9'],
    [
      '/api/admin/movies/:movieId/servers/:serverId/order',
      { movieId: 1, serverId: 3 },
      'servers',
      '3',
    ],
    ['/api/admin/videos/trash/:id', { id: 5 }, 'videos', '5'],
    ['/api/admin/backups/:name/restore', { name: 'b.phim-backup' }, 'backups', 'b.phim-backup'],
    ['/api/admin/settings/web_info', {}, 'settings', 'web_info'],
  ] as const)('%s', (route, params, area, id) => {
    expect(auditTarget(route, params, undefined)).toEqual({ area, id });
  });

  it('takes bulk ids from the body', () => {
    expect(auditTarget('/api/admin/reports', {}, { ids: [1, 2, 3] })).toEqual({
      area: 'reports',
      id: '1,2,3',
    });
  });

  it('hides secrets and shortens what is long', () => {
    expect(
      redactBody({
        email: 'a@b.c',
        password: 'hunter22',
        nested: { new_password: 'x' },
        long: 'x'.repeat(600),
      }),
    ).toEqual({
      email: 'a@b.c',
      password: '[redacted]',
      nested: { new_password: '[redacted]' },
      long: `${'x'.repeat(500)}…`,
    });
  });
});
