// Accounts through the real HTTP stack and database: CSRF, register, verify, sign-in in both modes, reset,
// profile, avatar, devices. Each endpoint: bad input 422, no credentials 401, then success.
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '#tests/app-utils.ts';
import { readLatestMail } from '#tests/mail-utils.ts';
import { Client, register, PASSWORD } from './accounts-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const unique = (() => {
  let n = 0;
  return (prefix: string) => `${prefix}-${++n}-${Date.now().toString(36)}@example.com`;
})();

describe('CSRF', () => {
  it('sets a script-readable XSRF-TOKEN cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/csrf-cookie' });
    expect(response.statusCode).toBe(204);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]+\.[\w-]+; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('refuses unsafe cookie-mode requests without the header, with a forged token, or with a mismatch', async () => {
    const body = { email: 'a@example.com', password: 'whatever-123' };
    const bare = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body });
    expect(bare.statusCode).toBe(419);
    expect(bare.json().error.code).toBe('csrf_mismatch');
    const forged = 'abc.def';
    const withForged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: body,
      headers: { cookie: `XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged },
    });
    expect(withForged.statusCode).toBe(419);
    const client = new Client(t.app);
    await client.csrf();
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: body,
      headers: { cookie: client.cookieHeader(), 'x-xsrf-token': 'other.value' },
    });
    expect(mismatch.statusCode).toBe(419);
    // With the echo, the request reaches the route (and fails on the credentials instead).
    const echoed = await client.post('/api/auth/login', body);
    expect(echoed.statusCode).toBe(422);
  });
});

describe('registration and verification', () => {
  it('checks every field', async () => {
    const client = new Client(t.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { name: '', email: 'x@example.com', password: PASSWORD, password_confirmation: PASSWORD },
        'name',
      ],
      [
        { name: 'A', email: 'not-an-email', password: PASSWORD, password_confirmation: PASSWORD },
        'email',
      ],
      [
        { name: 'A', email: 'x@example.com', password: 'short', password_confirmation: 'short' },
        'password',
      ],
      [
        {
          name: 'A',
          email: 'x@example.com',
          password: 'password123',
          password_confirmation: 'password123',
        },
        'password',
      ],
      [
        {
          name: 'A',
          email: 'x@example.com',
          password: PASSWORD,
          password_confirmation: 'other-pass-1',
        },
        'password_confirmation',
      ],
      [
        {
          name: 'x'.repeat(101),
          email: 'x@example.com',
          password: PASSWORD,
          password_confirmation: PASSWORD,
        },
        'name',
      ],
      [
        {
          name: 'A',
          email: 'x@example.com',
          password: PASSWORD,
          password_confirmation: PASSWORD,
          admin: true,
        },
        'admin',
      ],
      [
        { name: 42, email: 'x@example.com', password: PASSWORD, password_confirmation: PASSWORD },
        'name',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await client.post('/api/auth/register', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().error.fields), JSON.stringify(body)).toContain(field);
    }
    expect(
      (
        await client.post('/api/auth/register', {
          name: 'A',
          email: 'x@example.com',
          password: 'password123',
          password_confirmation: 'password123',
        })
      ).json().error.fields.password,
    ).toBe('This password is too common.');
  });

  it('signs in at once in cookie mode, mails a link that verifies once, and refuses a second account on the email', async () => {
    const email = unique('lan');
    const client = new Client(t.app);
    const response = await client.post('/api/auth/register', {
      name: 'Trần Thị Lan',
      email: email.toUpperCase(),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      locale: 'vi',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({
      name: 'Trần Thị Lan',
      email,
      roles: ['user'],
      email_verified_at: null,
      locale: 'vi',
    });
    expect(response.json().token).toBeUndefined();
    expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect((await client.get('/api/user')).json().user.id).toBe(user.id);

    const mail = await readLatestMail(t.dataDir, email);
    expect(mail.subject).toContain('Xác minh email');
    const link = new URL(mail.links.find((href) => href.includes('/auth/verify?verify_url='))!);
    const verifyUrl = new URL(link.searchParams.get('verify_url')!);
    expect(verifyUrl.pathname).toBe('/api/auth/verify-email');

    const first = await t.app.inject({ method: 'GET', url: verifyUrl.pathname + verifyUrl.search });
    expect(first.json()).toEqual({ status: 'verified' });
    const again = await t.app.inject({ method: 'GET', url: verifyUrl.pathname + verifyUrl.search });
    expect(again.json()).toEqual({ status: 'already_verified' });
    expect((await client.get('/api/user')).json().user.email_verified_at).not.toBeNull();

    // A link past its 24 hours: 410, and the page says it expired.
    const stale = await new SignJWT({ email })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 2 * 86_400)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 86_400)
      .sign(new TextEncoder().encode(`email-verification:${TEST_AUTH_SECRET}`));
    const expired = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${stale}`,
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('expired');

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=not-a-real-token',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe('invalid_token');

    const duplicate = await new Client(t.app).post('/api/auth/register', {
      name: 'Lan 2',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().error.fields.email).toMatch(/already registered/);
  });

  it('resends the verification email only to a signed-in, unverified account', async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.post('/api/auth/email/verification-notification')).statusCode).toBe(
      401,
    );
    const { client } = await register(t.app, unique('resend'));
    const response = await client.post('/api/auth/email/verification-notification');
    expect(response.statusCode).toBe(202);
  });
});

describe('sign-in', () => {
  it('checks the input and answers one message for a wrong email or password', async () => {
    const client = new Client(t.app);
    const email = unique('wrong');
    await register(t.app, email);
    for (const [body, field] of [
      [{ email: 'nope', password: 'x' }, 'email'],
      [{ email, password: '' }, 'password'],
      [{ email, password: PASSWORD, remember: 'yes' }, 'remember'],
      [{ email, password: PASSWORD, extra: 1 }, 'extra'],
    ] as const) {
      const response = await client.post('/api/auth/login', body);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().error.fields)).toContain(field);
    }
    const wrongPassword = await client.post('/api/auth/login', {
      email,
      password: 'not-the-password',
    });
    const unknownEmail = await client.post('/api/auth/login', {
      email: unique('ghost'),
      password: PASSWORD,
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().error.code).toBe('invalid_credentials');
    expect(unknownEmail.json().error).toEqual(wrongPassword.json().error);
  });

  it('cookie mode: "remember me" off gives a browser-session cookie', async () => {
    const email = unique('remember');
    await register(t.app, email);
    const client = new Client(t.app);
    const kept = await client.post('/api/auth/login', {
      email,
      password: PASSWORD,
      remember: true,
    });
    expect(String(kept.headers['set-cookie'])).toMatch(/Max-Age=\d+/);
    const once = await new Client(t.app).post('/api/auth/login', {
      email,
      password: PASSWORD,
      remember: false,
    });
    expect(once.statusCode).toBe(200);
    const sessionCookie = ([] as string[])
      .concat(once.headers['set-cookie'] ?? [])
      .find((c) => c.includes('session_token'));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).not.toMatch(/Max-Age/i);
  });

  it('token mode: a token without cookies, accepted on every route, ended by logout', async () => {
    const email = unique('token');
    await register(t.app, email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD, device_name: 'Lan’s iPhone' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const { token, user } = response.json();
    expect(token).toEqual(expect.any(String));
    const bearer = { authorization: `Bearer ${token}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer })).json().user.id,
    ).toBe(user.id);
    // Unsafe requests with a Bearer token need no CSRF cookie.
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: bearer,
      payload: { name: 'Lan' },
    });
    expect(renamed.json().user.name).toBe('Lan');
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/user/sessions',
      headers: bearer,
    });
    expect(sessions.json().sessions.find((s: { current: boolean }) => s.current)).toMatchObject({
      device_name: 'Lan’s iPhone',
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer })).statusCode,
    ).toBe(401);
  });

  it('answers 401 without credentials, in the API error shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['GET', '/api/user/sessions'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'unauthenticated', message: 'Unauthenticated.' },
      });
    }
    const client = new Client(t.app);
    await client.csrf();
    for (const [method, url] of [
      ['POST', '/api/logout'],
      ['PATCH', '/api/user'],
      ['PUT', '/api/user/password'],
      ['DELETE', '/api/user/sessions'],
    ] as const) {
      expect((await client.request(method, url, {})).statusCode, url).toBe(401);
    }
  });

  it('limits attempts to 5 a minute per email, with Retry-After', async () => {
    const email = unique('limited');
    await register(t.app, email);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i += 1) {
      // Different clients (same IP in tests): the email's own budget runs out.
      last = await new Client(t.app).post('/api/auth/login', {
        email,
        password: 'wrong-password-1',
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().error.message).toMatch(/Too many attempts. Try again in \d+ seconds\./);
    // Even the right password waits.
    expect(
      (await new Client(t.app).post('/api/auth/login', { email, password: PASSWORD })).statusCode,
    ).toBe(429);
  });
});

describe('forgot and reset', () => {
  it('answers the same for a known and an unknown address, mails a one-time link, and ends every session', async () => {
    const email = unique('reset');
    const { client: oldSession } = await register(t.app, email);
    const anonymous = new Client(t.app);
    const known = await anonymous.post('/api/auth/forgot-password', { email });
    const unknown = await anonymous.post('/api/auth/forgot-password', { email: unique('nobody') });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect((await anonymous.post('/api/auth/forgot-password', { email: 'bad' })).statusCode).toBe(
      422,
    );

    const mail = await readLatestMail(t.dataDir, email);
    const link = new URL(mail.links.find((href) => href.includes('/auth/reset/'))!);
    const token = decodeURIComponent(link.pathname.split('/').at(-1)!);

    const mismatch = await anonymous.post('/api/auth/reset-password', {
      token,
      password: 'new-secret-pass-1',
      password_confirmation: 'nope',
    });
    expect(mismatch.json().error.fields).toHaveProperty('password_confirmation');
    const reset = await anonymous.post('/api/auth/reset-password', {
      token,
      password: 'new-secret-pass-1',
      password_confirmation: 'new-secret-pass-1',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await oldSession.get('/api/user')).statusCode).toBe(401);
    const reuse = await anonymous.post('/api/auth/reset-password', {
      token,
      password: 'another-pass-22',
      password_confirmation: 'another-pass-22',
    });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().error.code).toBe('invalid_token');

    expect(
      (await new Client(t.app).post('/api/auth/login', { email, password: PASSWORD })).statusCode,
    ).toBe(422);
    expect(
      (await new Client(t.app).post('/api/auth/login', { email, password: 'new-secret-pass-1' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('the signed-in user', () => {
  it('changes name and language', async () => {
    const { client } = await register(t.app, unique('profile'));
    expect((await client.patch('/api/user', { locale: 'fr' })).statusCode).toBe(422);
    expect((await client.patch('/api/user', { name: 'x'.repeat(101) })).statusCode).toBe(422);
    const response = await client.patch('/api/user', { name: '  Nguyễn Văn Ánh ', locale: 'en' });
    expect(response.json().user).toMatchObject({ name: 'Nguyễn Văn Ánh', locale: 'en' });
  });

  it('stores an uploaded picture as webp, by PUT or by POST with _method=PUT, and refuses what is not an image', async () => {
    const { client } = await register(t.app, unique('avatar'));
    const png = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#16a34a' },
    })
      .png()
      .toBuffer();

    const put = await client.multipart('PUT', '/api/user/avatar', {
      avatar: { data: png, name: 'me.png', type: 'image/png' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const first = put.json().user.avatar as string;
    expect(first).toMatch(/^\/storage\/avatars\/[\w-]+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: first });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const jpeg = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#0284c7' },
    })
      .jpeg()
      .toBuffer();
    const post = await client.multipart('POST', '/api/user/avatar', {
      avatar: { data: jpeg, name: 'me.jpg', type: 'image/jpeg' },
      _method: 'PUT',
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json().user.avatar).not.toBe(first);
    // The old picture is gone.
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);

    const plainPost = await client.multipart('POST', '/api/user/avatar', {
      avatar: { data: jpeg, name: 'me.jpg', type: 'image/jpeg' },
    });
    expect(plainPost.statusCode).toBe(405);
    const fake = await client.multipart('PUT', '/api/user/avatar', {
      avatar: { data: Buffer.from('just text'), name: 'fake.png', type: 'image/png' },
    });
    expect(fake.statusCode).toBe(422);
    expect(fake.json().error.fields.avatar).toMatch(/JPEG, PNG, WebP or GIF/);

    const removed = await client.delete('/api/user/avatar');
    expect(removed.json().user.avatar).toBeNull();
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const email = unique('password');
    const { client } = await register(t.app, email);
    const other = new Client(t.app);
    await other.post('/api/auth/login', { email, password: PASSWORD });
    const wrong = await client.put('/api/user/password', {
      current_password: 'wrong-one-123',
      password: 'fresh-secret-99',
      password_confirmation: 'fresh-secret-99',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields).toHaveProperty('current_password');
    const ok = await client.put('/api/user/password', {
      current_password: PASSWORD,
      password: 'fresh-secret-99',
      password_confirmation: 'fresh-secret-99',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
  });

  it('changes the email only once the new address is verified', async () => {
    const email = unique('old');
    const next = unique('new');
    const { client } = await register(t.app, email);
    expect(
      (await client.put('/api/user/email', { email: next, current_password: 'wrong-pass-1' }))
        .statusCode,
    ).toBe(422);
    const response = await client.put('/api/user/email', {
      email: next,
      current_password: PASSWORD,
    });
    expect(response.statusCode).toBe(202);
    expect((await client.get('/api/user')).json().user.email).toBe(email);
    const mail = await readLatestMail(t.dataDir, next);
    const verify = new URL(
      new URL(mail.links.find((href) => href.includes('verify_url'))!).searchParams.get(
        'verify_url',
      )!,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: verify.pathname + verify.search })).json().status,
    ).toBe('verified');
    expect((await client.get('/api/user')).json().user).toMatchObject({
      email: next,
      email_verified_at: expect.any(String),
    });
  });

  it('lists devices and revokes one or all others; a revoked session gets 401', async () => {
    const email = unique('devices');
    const { client: laptop } = await register(t.app, email);
    const phone = new Client(
      t.app,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    );
    await phone.post('/api/auth/login', { email, password: PASSWORD });
    const tablet = new Client(t.app);
    await tablet.post('/api/auth/login', { email, password: PASSWORD });

    const { sessions } = (await laptop.get('/api/user/sessions')).json();
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const phoneSession = (await phone.get('/api/user/sessions'))
      .json()
      .sessions.find((s: { current: boolean }) => s.current);
    expect(phoneSession).toMatchObject({
      os: expect.stringMatching(/^iOS/),
      device_type: 'mobile',
      ip_address: phone.ip,
    });

    expect((await laptop.delete('/api/user/sessions/not-a-session')).statusCode).toBe(404);
    expect((await laptop.delete(`/api/user/sessions/${phoneSession.id}`)).statusCode).toBe(200);
    expect((await phone.get('/api/user')).statusCode).toBe(401);

    const others = await laptop.delete('/api/user/sessions');
    expect(others.json()).toEqual({ revoked: 1 });
    expect((await tablet.get('/api/user')).statusCode).toBe(401);
    expect((await laptop.get('/api/user')).statusCode).toBe(200);
  });

  it('deletes the account with the password, and signs out', async () => {
    const email = unique('delete');
    const { client } = await register(t.app, email);
    expect((await client.delete('/api/user', { password: 'wrong-pass-1' })).statusCode).toBe(422);
    expect((await client.delete('/api/user', { password: PASSWORD })).statusCode).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect(
      (await new Client(t.app).post('/api/auth/login', { email, password: PASSWORD })).statusCode,
    ).toBe(422);
  });
});
