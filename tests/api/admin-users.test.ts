// The users manager's API: admins only (checked on the server), search without diacritics, filters, sort,
// pagination, detail, edit, ban (sessions end, sign-in refused with the reason), unban, verify, reset link, delete,
// and the rules that keep an admin from locking everyone out.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/index.ts';
import { readLatestMail } from '#tests/mail-utils.ts';
import { Client, expectInvalid, PASSWORD, register, signInWithToken } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

const ADMIN = { email: 'boss@example.com', password: 'admin-secret-2026' };
const t = withTestApp();
let admin: Client;
let adminId: string;

beforeAll(async () => {
  const created = await t.app.services.auth.ensureFirstAdmin(ADMIN);
  expect(created.created).toBe(true);
  admin = new Client(t.app);
  const login = await admin.post('/api/auth/login', ADMIN);
  expect(login.statusCode, login.body).toBe(200);
  adminId = login.json().user.id;
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
    // The sessions went with the ban; when the account was last active did not.
    expect(ban.json().user.last_active_at).not.toBeNull();
    const listed = (await admin.get('/api/admin/users?search=banned%40example.com')).json();
    expect(listed.data[0].last_active_at).not.toBeNull();
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

describe('input, unknown ids and token mode', () => {
  it('names the field on unknown fields, overlong strings and wrong types', async () => {
    const { user } = await register(t.app, 'checked@example.com', 'Checked');
    const long = 'x'.repeat(129);
    const cases: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown, string]> = [
      ['GET', '/api/admin/users?page=abc', undefined, 'page'],
      ['GET', '/api/admin/users?role=root', undefined, 'role'],
      ['GET', '/api/admin/users?order=up', undefined, 'order'],
      ['GET', `/api/admin/users/${long}`, undefined, 'id'],
      ['PATCH', `/api/admin/users/${user.id}`, { name: 'A', x: 1 }, 'x'],
      ['PATCH', `/api/admin/users/${user.id}`, { name: 'x'.repeat(101) }, 'name'],
      ['PATCH', `/api/admin/users/${user.id}`, { roles: 'admin' }, 'roles'],
      ['PATCH', `/api/admin/users/${long}`, { name: 'A' }, 'id'],
      ['POST', `/api/admin/users/${user.id}/ban`, { reason: 'r', x: 1 }, 'x'],
      ['POST', `/api/admin/users/${user.id}/ban`, { reason: 'x'.repeat(501) }, 'reason'],
      ['POST', `/api/admin/users/${user.id}/ban`, { reason: 'r', expires_at: 5 }, 'expires_at'],
      [
        'POST',
        `/api/admin/users/${user.id}/ban`,
        { reason: 'r', expires_at: 'soon' },
        'expires_at',
      ],
      ['POST', `/api/admin/users/${long}/ban`, { reason: 'r' }, 'id'],
      ['POST', `/api/admin/users/${long}/unban`, {}, 'id'],
      ['POST', `/api/admin/users/${long}/verify`, {}, 'id'],
      ['POST', `/api/admin/users/${long}/send-reset-link`, {}, 'id'],
      ['DELETE', `/api/admin/users/${long}`, undefined, 'id'],
      // A NUL cannot be stored or compared in PostgreSQL text: these were 500s.
      ['GET', '/api/admin/users/a%00b', undefined, 'id'],
      ['POST', '/api/admin/users/%00/verify', {}, 'id'],
      ['POST', `/api/admin/users/${user.id}/ban`, { reason: 'spam\u0000' }, 'reason'],
    ];
    for (const [method, url, body, field] of cases) {
      expectInvalid(await admin.request(method, url, body), field, `${method} ${url.slice(0, 60)}`);
    }
    expect((await admin.get(`/api/admin/users/${user.id}`)).json().user).toMatchObject({
      name: 'Checked',
      banned: false,
    });
  });

  it('answers 404 for an unknown id on every route', async () => {
    const routes: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown]> = [
      ['GET', '/api/admin/users/nobody', undefined],
      ['PATCH', '/api/admin/users/nobody', { name: 'A' }],
      ['POST', '/api/admin/users/nobody/ban', { reason: 'r' }],
      ['POST', '/api/admin/users/nobody/unban', {}],
      ['POST', '/api/admin/users/nobody/verify', {}],
      ['POST', '/api/admin/users/nobody/send-reset-link', {}],
      ['DELETE', '/api/admin/users/nobody', undefined],
    ];
    for (const [method, url, body] of routes) {
      const response = await admin.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });

  it('works in token mode, and a banned user’s token stops working at once', async () => {
    const { client: boss } = await signInWithToken(t.app, ADMIN.email, ADMIN.password, 'Admin CLI');
    await register(t.app, 'mobile@example.com', 'Mobile');
    const { client: phone, user } = await signInWithToken(t.app, 'mobile@example.com');
    expect((await boss.get('/api/admin/users?search=mobile')).json().data).toHaveLength(1);
    expect((await boss.get(`/api/admin/users/${user.id}`)).statusCode).toBe(200);
    expect((await boss.patch(`/api/admin/users/${user.id}`, { name: 'Mobi' })).statusCode).toBe(
      200,
    );
    expect((await boss.post(`/api/admin/users/${user.id}/verify`)).statusCode).toBe(200);
    expect((await boss.post(`/api/admin/users/${user.id}/send-reset-link`)).statusCode).toBe(202);
    expect((await phone.get('/api/user')).statusCode).toBe(200);

    const ban = await boss.post(`/api/admin/users/${user.id}/ban`, { reason: 'Spam' });
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'mobile@example.com', password: PASSWORD, device_name: 'Phone' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'banned',
      message: 'This account is banned: Spam',
    });
    expect((await boss.post(`/api/admin/users/${user.id}/unban`)).statusCode).toBe(200);
    expect((await boss.delete(`/api/admin/users/${user.id}`)).statusCode).toBe(200);
  });
});

describe('bans with an end', () => {
  it('says until when, lists the user as banned, and lets them in once the end has passed', async () => {
    const { user } = await register(t.app, 'timeout@example.com', 'Timeout');
    const until = new Date(Date.now() + 7 * 86_400_000);
    until.setUTCMilliseconds(0);
    const ban = await admin.post(`/api/admin/users/${user.id}/ban`, {
      reason: 'Cool down',
      expires_at: until.toISOString(),
    });
    expect(ban.json().user).toMatchObject({
      banned: true,
      ban_reason: 'Cool down',
      ban_expires_at: until.toISOString(),
    });
    const listed = (await admin.get('/api/admin/users?status=banned')).json();
    expect(listed.data.map((u: { email: string }) => u.email)).toContain('timeout@example.com');
    const refused = await new Client(t.app).post('/api/auth/login', {
      email: 'timeout@example.com',
      password: PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      `This account is banned until ${until.toISOString().slice(0, 10)}: Cool down`,
    );

    // The end passes (moved into the past here): the ban shows as lifted and sign-in works again.
    await t.db
      .update(users)
      .set({ banExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    expect((await admin.get(`/api/admin/users/${user.id}`)).json().user.banned).toBe(false);
    expect(
      (await admin.get('/api/admin/users?status=banned'))
        .json()
        .data.map((u: { email: string }) => u.email),
    ).not.toContain('timeout@example.com');
    const back = await new Client(t.app).post('/api/auth/login', {
      email: 'timeout@example.com',
      password: PASSWORD,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await admin.get(`/api/admin/users/${user.id}`)).json().user).toMatchObject({
      banned: false,
      ban_reason: null,
    });
  });
});

describe('services for the pages', () => {
  it('listUsers and getUserDetail answer what the API answers', async () => {
    await register(t.app, 'service@example.com', 'Service Đức');
    const query = { search: 'duc', sort: 'name', order: 'asc', per_page: 5 } as const;
    const api = (
      await admin.get('/api/admin/users?search=duc&sort=name&order=asc&per_page=5')
    ).json();
    expect(api.data.map((u: { email: string }) => u.email)).toEqual(['service@example.com']);
    expect(await t.app.services.auth.listUsers(query)).toEqual(api);
    const id = api.data[0].id as string;
    expect(await t.app.services.auth.getUserDetail(id)).toEqual(
      (await admin.get(`/api/admin/users/${id}`)).json(),
    );
    expect(await t.app.services.auth.getUserDetail('nobody')).toBeNull();
  });
});
