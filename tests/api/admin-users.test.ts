// The users manager's API: admins only (checked on the server), search without diacritics, filters, sort,
// pagination, detail, edit, ban (sessions end, sign-in refused with the reason), unban, verify, reset link, delete,
// and the rules that keep an admin from locking everyone out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/app-utils.ts';
import { readLatestMail } from '#tests/mail-utils.ts';
import { Client, PASSWORD, register } from './accounts-client.ts';

const ADMIN = { email: 'boss@example.com', password: 'admin-secret-2026' };
let t: TestApp;
let admin: Client;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const created = await t.app.services.auth.ensureFirstAdmin(ADMIN);
  expect(created.created).toBe(true);
  admin = new Client(t.app);
  const login = await admin.post('/api/auth/login', ADMIN);
  expect(login.statusCode, login.body).toBe(200);
  adminId = login.json().user.id;
});
afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  it('needs a signed-in admin on every route', async () => {
    const { client: viewer, user } = await register(t.app, 'plain@example.com', 'Plain');
    const anonymous = new Client(t.app);
    const routes: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string]> = [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${user.id}`],
      ['PATCH', `/api/admin/users/${user.id}`],
      ['POST', `/api/admin/users/${user.id}/ban`],
      ['POST', `/api/admin/users/${user.id}/unban`],
      ['POST', `/api/admin/users/${user.id}/verify`],
      ['POST', `/api/admin/users/${user.id}/send-reset-link`],
      ['DELETE', `/api/admin/users/${user.id}`],
    ];
    for (const [method, url] of routes) {
      expect(
        (await anonymous.request(method, url, method === 'GET' ? undefined : {})).statusCode,
        url,
      ).toBe(401);
      const forbidden = await viewer.request(method, url, method === 'GET' ? undefined : {});
      expect(forbidden.statusCode, url).toBe(403);
      expect(forbidden.json().error.code).toBe('forbidden');
    }
  });
});

describe('list', () => {
  it('searches without diacritics, filters, sorts and pages', async () => {
    await register(t.app, 'anh@example.com', 'Nguyễn Văn Ánh');
    await register(t.app, 'binh@example.com', 'Trần Bình');
    for (const query of ['nguyen van anh', 'NGUYỄN', 'anh@example']) {
      const response = await admin.get(`/api/admin/users?search=${encodeURIComponent(query)}`);
      expect(
        response.json().data.map((u: { email: string }) => u.email),
        query,
      ).toContain('anh@example.com');
    }
    const admins = (await admin.get('/api/admin/users?role=admin')).json();
    expect(admins.data.map((u: { email: string }) => u.email)).toEqual([ADMIN.email]);
    const unverified = (await admin.get('/api/admin/users?status=unverified')).json();
    expect(
      unverified.data.every(
        (u: { email_verified_at: string | null }) => u.email_verified_at === null,
      ),
    ).toBe(true);
    const byName = (
      await admin.get('/api/admin/users?sort=name&order=asc&per_page=2&page=1')
    ).json();
    expect(byName.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(byName.meta.total).toBeGreaterThanOrEqual(4);
    expect(byName.data).toHaveLength(2);
    const names = byName.data.map((u: { name: string }) => u.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    for (const bad of [
      'per_page=500',
      'sort=password',
      'status=gone',
      'page=0',
      'search=' + 'x'.repeat(101),
      'unknown=1',
    ]) {
      const response = await admin.get(`/api/admin/users?${bad}`);
      expect(response.statusCode, bad).toBe(422);
    }
  });
});

describe('actions', () => {
  it('shows the detail with sessions and sign-ins; unknown id is 404', async () => {
    const { user } = await register(t.app, 'detail@example.com', 'Detail');
    const response = await admin.get(`/api/admin/users/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { id: user.id, sessions_count: 1, banned: false },
      sessions: [expect.objectContaining({ browser: expect.stringMatching(/Chrome/) })],
      sign_ins: [expect.objectContaining({ ip_address: expect.any(String) })],
      counts: { follows: 0, histories: 0 },
    });
    expect((await admin.get('/api/admin/users/no-such-user')).statusCode).toBe(404);
    // The list knows their devices and when they were last seen.
    const listed = (await admin.get('/api/admin/users?search=detail%40example.com')).json();
    expect(listed.data[0]).toMatchObject({ sessions_count: 1, last_active_at: expect.any(String) });
    const sorted = (await admin.get('/api/admin/users?sort=last_active_at&order=desc')).json();
    expect(sorted.data[0].last_active_at).not.toBeNull();
  });

  it('edits name and roles, with checked input', async () => {
    const { user } = await register(t.app, 'editor@example.com', 'Editor');
    expect((await admin.patch(`/api/admin/users/${user.id}`, { roles: ['root'] })).statusCode).toBe(
      422,
    );
    expect((await admin.patch(`/api/admin/users/${user.id}`, { roles: [] })).statusCode).toBe(422);
    const response = await admin.patch(`/api/admin/users/${user.id}`, {
      name: 'Chief',
      roles: ['admin', 'user'],
    });
    expect(response.json().user).toMatchObject({ name: 'Chief', roles: ['admin', 'user'] });
    const demoted = await admin.patch(`/api/admin/users/${user.id}`, { roles: ['user'] });
    expect(demoted.json().user.roles).toEqual(['user']);
  });

  it('bans: the sessions end, sign-in is refused with the reason; unban lets them back', async () => {
    const { client, user } = await register(t.app, 'banned@example.com', 'Banned');
    expect(
      (await admin.post(`/api/admin/users/${user.id}/ban`, {})).json().error.fields,
    ).toHaveProperty('reason');
    const past = await admin.post(`/api/admin/users/${user.id}/ban`, {
      reason: 'x',
      expires_at: '2000-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(422);
    const ban = await admin.post(`/api/admin/users/${user.id}/ban`, {
      reason: 'Sharing the account',
    });
    expect(ban.json().user).toMatchObject({
      banned: true,
      ban_reason: 'Sharing the account',
      sessions_count: 0,
    });
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const refused = await new Client(t.app).post('/api/auth/login', {
      email: 'banned@example.com',
      password: PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'banned',
      message: expect.stringContaining('Sharing the account'),
    });
    // Without the right password nothing is revealed about the ban.
    const guess = await new Client(t.app).post('/api/auth/login', {
      email: 'banned@example.com',
      password: 'wrong-pass-11',
    });
    expect(guess.statusCode).toBe(422);

    expect((await admin.post(`/api/admin/users/${user.id}/unban`)).json().user.banned).toBe(false);
    expect(
      (
        await new Client(t.app).post('/api/auth/login', {
          email: 'banned@example.com',
          password: PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('marks verified, sends a reset link, deletes', async () => {
    const { user } = await register(t.app, 'helped@example.com', 'Helped');
    expect(
      (await admin.post(`/api/admin/users/${user.id}/verify`)).json().user.email_verified_at,
    ).not.toBeNull();
    expect((await admin.post(`/api/admin/users/${user.id}/send-reset-link`)).statusCode).toBe(202);
    expect(
      (await readLatestMail(t.dataDir, 'helped@example.com')).links.some((l) =>
        l.includes('/auth/reset/'),
      ),
    ).toBe(true);
    expect((await admin.delete(`/api/admin/users/${user.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/users/${user.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/admin/users/${user.id}`)).statusCode).toBe(404);
  });

  it('never lets an admin ban, demote or delete themselves, nor remove the last admin', async () => {
    for (const [method, url, body] of [
      ['POST', `/api/admin/users/${adminId}/ban`, { reason: 'oops' }],
      ['PATCH', `/api/admin/users/${adminId}`, { roles: ['user'] }],
      ['DELETE', `/api/admin/users/${adminId}`, undefined],
    ] as const) {
      const response = await admin.request(method, url, body);
      expect(response.statusCode, url).toBe(409);
    }
    // The last admin cannot delete their own account either.
    const self = await admin.delete('/api/user', { password: ADMIN.password });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('last_admin');
  });
});
