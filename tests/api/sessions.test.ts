// Signed-in devices through the real HTTP stack and database: the list (browser, OS, device type, IP, activity,
// the current mark), revoking one or all others, last activity written at most once a minute, the client IP
// behind a trusted proxy, and the services the React pages call in-process.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, signIns } from '#server/db/schema/index.ts';
import { createTestApp } from '#tests/app-utils.ts';
import { Client, expectInvalid, PASSWORD, register, signInWithToken } from './accounts-client.ts';
import { expectSignedInOnly, uniqueEmail, withTestApp } from './helpers.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const t = withTestApp();

type Session = {
  id: string;
  current: boolean;
  ip_address: string | null;
  last_active_at: string | null;
};
const currentOf = async (client: Client) =>
  ((await client.get('/api/user/sessions')).json().sessions as Session[]).find((s) => s.current)!;

describe('the devices list', () => {
  it('needs a session: 401 on every route without one', async () => {
    await expectSignedInOnly(t, [
      ['GET', '/api/user/sessions'],
      ['DELETE', '/api/user/sessions'],
      ['DELETE', '/api/user/sessions/some-id'],
    ]);
  });

  it('checks the id: too long is 422, unknown or someone else’s is 404', async () => {
    const { client } = await register(t.app, uniqueEmail('params'));
    const { client: stranger } = await register(t.app, uniqueEmail('stranger'));
    expectInvalid(await client.delete(`/api/user/sessions/${'x'.repeat(129)}`), 'id');
    // A NUL cannot be compared in PostgreSQL text (it was a 500).
    expectInvalid(await client.delete('/api/user/sessions/a%00b'), 'id');
    expect((await client.delete('/api/user/sessions/not-a-session')).statusCode).toBe(404);
    const theirs = await currentOf(stranger);
    const response = await client.delete(`/api/user/sessions/${theirs.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
    expect((await stranger.get('/api/user')).statusCode).toBe(200);
  });

  it('describes each device, marks the current one, and revokes one or all others; a revoked session gets 401', async () => {
    const email = uniqueEmail('devices');
    const { client: laptop } = await register(t.app, email);
    const phone = new Client(t.app, IPHONE);
    expect((await phone.post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(
      200,
    );
    const { client: app } = await signInWithToken(t.app, email, PASSWORD, 'Lan’s Android');

    const { sessions: list } = (await laptop.get('/api/user/sessions')).json();
    expect(list).toHaveLength(3);
    expect(list.filter((s: Session) => s.current)).toHaveLength(1);
    expect(list.find((s: Session) => s.current)).toMatchObject({
      browser: 'Chrome 156',
      os: 'Linux',
      device_type: 'desktop',
      ip_address: laptop.ip,
      device_name: null,
      created_at: expect.any(String),
      last_active_at: expect.any(String),
    });
    const phoneSession = await currentOf(phone);
    expect(phoneSession).toMatchObject({
      browser: expect.stringMatching(/Safari/),
      os: expect.stringMatching(/^iOS 17/),
      device_type: 'mobile',
      ip_address: phone.ip,
    });
    expect(await currentOf(app)).toMatchObject({ device_name: 'Lan’s Android' });

    // One device, by id: it is signed out at once.
    expect((await laptop.delete(`/api/user/sessions/${phoneSession.id}`)).json()).toEqual({
      ok: true,
    });
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    expect((await laptop.delete(`/api/user/sessions/${phoneSession.id}`)).statusCode).toBe(404);

    // Every other device: the token-mode app too.
    expect((await laptop.delete('/api/user/sessions')).json()).toEqual({ revoked: 1 });
    expect((await app.get('/api/user')).statusCode).toBe(401);
    expect((await laptop.get('/api/user')).statusCode).toBe(200);
    expect((await laptop.get('/api/user/sessions')).json().sessions).toHaveLength(1);
  });

  it('works in token mode: list, revoke one, revoke the others', async () => {
    const email = uniqueEmail('token-devices');
    const { client: browser } = await register(t.app, email);
    const { client: first } = await signInWithToken(t.app, email, PASSWORD, 'Tablet');
    const { client: second } = await signInWithToken(t.app, email, PASSWORD, 'TV');
    const list = (await first.get('/api/user/sessions')).json().sessions as Session[];
    expect(list).toHaveLength(3);
    const tv = await currentOf(second);
    expect((await first.delete(`/api/user/sessions/${tv.id}`)).statusCode).toBe(200);
    expect((await second.get('/api/user')).statusCode).toBe(401);
    expect((await first.delete('/api/user/sessions')).json()).toEqual({ revoked: 1 });
    expect((await browser.get('/api/user')).statusCode).toBe(401);
    expect((await first.get('/api/user')).statusCode).toBe(200);
  });

  it('writes the last activity at most once a minute', async () => {
    const { client } = await register(t.app, uniqueEmail('active'));
    const { id } = await currentOf(client);
    const read = async () =>
      (await t.db.select().from(sessions).where(eq(sessions.id, id)))[0]!.lastActiveAt!;
    const first = await read();
    await client.get('/api/user');
    await client.get('/api/user');
    expect((await read()).getTime()).toBe(first.getTime());

    const stale = new Date(Date.now() - 2 * 60_000);
    await t.db.update(sessions).set({ lastActiveAt: stale }).where(eq(sessions.id, id));
    const before = Date.now();
    await client.get('/api/user');
    const refreshed = await read();
    expect(refreshed.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await currentOf(client)).last_active_at).toBe(refreshed.toISOString());
  });
});

describe('services for the pages', () => {
  it('answer what the API answers, from the same headers a loader has', async () => {
    const email = uniqueEmail('loader');
    const { client, user } = await register(t.app, email, 'Loader User');
    const headers = new Headers({ cookie: client.cookieHeader() });
    const current = await t.app.services.auth.getCurrentUser(headers);
    expect(current).toEqual({
      id: user.id,
      name: 'Loader User',
      email,
      avatar: null,
      roles: ['user'],
      emailVerified: false,
      locale: 'vi',
      historyPaused: false,
      createdAt: expect.any(String),
      sessionId: (await currentOf(client)).id,
    });
    expect(await t.app.services.auth.listSessions(headers)).toEqual(
      (await client.get('/api/user/sessions')).json().sessions,
    );
    const resource = t.app.services.auth.toUserResource(
      (await t.app.services.auth.findUserByEmail(email))!,
    );
    expect(resource).toEqual((await client.get('/api/user')).json().user);

    const { token } = await signInWithToken(t.app, email);
    const byToken = new Headers({ authorization: `Bearer ${token}` });
    expect((await t.app.services.auth.getCurrentUser(byToken))?.id).toBe(user.id);
    expect(await t.app.services.auth.getCurrentUser(new Headers())).toBeNull();
    expect(await t.app.services.auth.listSessions(new Headers())).toEqual([]);
  });
});

describe('the client address', () => {
  it('is the socket’s without TRUST_PROXY: a forwarded header is ignored', async () => {
    const email = uniqueEmail('direct');
    const client = new Client(t.app);
    const response = await client.request(
      'POST',
      '/api/auth/register',
      { name: 'Direct', email, password: PASSWORD, password_confirmation: PASSWORD },
      { headers: { 'x-forwarded-for': '203.0.113.50' } },
    );
    expect(response.statusCode).toBe(201);
    expect((await currentOf(client)).ip_address).toBe(client.ip);
  });

  it('comes from X-Forwarded-For behind a trusted proxy: sessions, sign-ins and rate limits use it', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: true } });
    try {
      const email = uniqueEmail('proxied');
      const client = new Client(proxied.app);
      const forwarded = { headers: { 'x-forwarded-for': '198.51.100.7' } };
      const response = await client.request(
        'POST',
        '/api/auth/register',
        { name: 'Proxied', email, password: PASSWORD, password_confirmation: PASSWORD },
        forwarded,
      );
      expect(response.statusCode, response.body).toBe(201);
      expect((await currentOf(client)).ip_address).toBe('198.51.100.7');
      const rows = await proxied.db
        .select()
        .from(signIns)
        .where(eq(signIns.userId, response.json().user.id));
      expect(rows.map((row) => row.ipAddress)).toEqual(['198.51.100.7']);

      // Five more sign-ins from that address with other emails spend its budget (the sixth attempt).
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const attempt = await client.request(
          'POST',
          '/api/auth/login',
          { email: uniqueEmail(`spray${i}`), password: 'wrong-password-1' },
          forwarded,
        );
        statuses.push(attempt.statusCode);
      }
      expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
      // Another address behind the same proxy still gets through.
      const other = await client.request(
        'POST',
        '/api/auth/login',
        { email, password: PASSWORD },
        { headers: { 'x-forwarded-for': '198.51.100.8' } },
      );
      expect(other.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
