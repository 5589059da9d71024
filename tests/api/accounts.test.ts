// Accounts through the real HTTP stack and database: CSRF, register, verify, sign-in in both modes, reset,
// profile, avatar, devices. Each endpoint: bad input 422, no credentials 401, then success.
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { verifications } from '#server/db/schema/index.ts';
import { TEST_AUTH_SECRET } from '#tests/app-utils.ts';
import { solidImage } from '#tests/image-utils.ts';
import { readLatestMail, waitForMail } from '#tests/mail-utils.ts';
import {
  BROKEN_FORMS,
  Client,
  expectInvalid,
  PASSWORD,
  register,
  signInWithToken,
} from './accounts-client.ts';
import { expectSignedInOnly, expectUnauthenticated, uniqueEmail, withTestApp } from './helpers.ts';

const t = withTestApp();

/** POST /api/auth/login straight to the app: no cookie and no CSRF header but the headers given. */
const bareLogin = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers });

type Answer = Awaited<ReturnType<Client['post']>>;
/** Sends six times in a row (one more than a limit of five a minute): the statuses, and the last answer. */
async function sixTimes(send: (i: number) => Promise<Answer>) {
  const statuses: number[] = [];
  let last: Answer | undefined;
  for (let i = 0; i < 6; i += 1) {
    last = await send(i);
    statuses.push(last.statusCode);
  }
  return { statuses, last: last! };
}

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
    const bare = await bareLogin(body);
    expect(bare.statusCode).toBe(419);
    expect(bare.json().error.code).toBe('csrf_mismatch');
    const forged = 'abc.def';
    const withForged = await bareLogin(body, {
      cookie: `XSRF-TOKEN=${forged}`,
      'x-xsrf-token': forged,
    });
    expect(withForged.statusCode).toBe(419);
    const client = new Client(t.app);
    await client.csrf();
    const mismatch = await bareLogin(body, {
      cookie: client.cookieHeader(),
      'x-xsrf-token': 'other.value',
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
    const email = uniqueEmail('lan');
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
    const { client } = await register(t.app, uniqueEmail('resend'));
    const response = await client.post('/api/auth/email/verification-notification');
    expect(response.statusCode).toBe(202);
  });
});

describe('sign-in', () => {
  it('checks the input and answers one message for a wrong email or password', async () => {
    const client = new Client(t.app);
    const email = uniqueEmail('wrong');
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
      email: uniqueEmail('ghost'),
      password: PASSWORD,
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().error.code).toBe('invalid_credentials');
    expect(unknownEmail.json().error).toEqual(wrongPassword.json().error);
  });

  it('cookie mode: "remember me" off gives a browser-session cookie', async () => {
    const email = uniqueEmail('remember');
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
    const email = uniqueEmail('token');
    await register(t.app, email);
    const response = await bareLogin({ email, password: PASSWORD, device_name: 'Lan’s iPhone' });
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
    // No cookie at all; with the CSRF cookie, every signed-in route is checked below.
    for (const url of ['/api/user', '/api/user/sessions'])
      expectUnauthenticated(await t.app.inject({ method: 'GET', url }), `GET ${url}`);
  });

  it('limits attempts to 5 a minute per email, with Retry-After', async () => {
    const email = uniqueEmail('limited');
    await register(t.app, email);
    // Different clients (same IP in tests): the email's own budget runs out.
    const { statuses, last } = await sixTimes(() =>
      new Client(t.app).post('/api/auth/login', { email, password: 'wrong-password-1' }),
    );
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().error.message).toMatch(/Too many attempts. Try again in \d+ seconds\./);
    // Even the right password waits.
    expect(
      (await new Client(t.app).post('/api/auth/login', { email, password: PASSWORD })).statusCode,
    ).toBe(429);
  });
});

describe('forgot and reset', () => {
  it('answers the same for a known and an unknown address, mails a one-time link, and ends every session', async () => {
    const email = uniqueEmail('reset');
    const { client: oldSession } = await register(t.app, email);
    const anonymous = new Client(t.app);
    const known = await anonymous.post('/api/auth/forgot-password', { email });
    const unknown = await anonymous.post('/api/auth/forgot-password', {
      email: uniqueEmail('nobody'),
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect((await anonymous.post('/api/auth/forgot-password', { email: 'bad' })).statusCode).toBe(
      422,
    );

    // The answer does not wait for the mail (that would tell known addresses apart by time).
    const mail = await waitForMail(t.dataDir, email, /Đặt lại mật khẩu/);
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
    const { client } = await register(t.app, uniqueEmail('profile'));
    expect((await client.patch('/api/user', { locale: 'fr' })).statusCode).toBe(422);
    expect((await client.patch('/api/user', { name: 'x'.repeat(101) })).statusCode).toBe(422);
    const response = await client.patch('/api/user', { name: '  Nguyễn Văn Ánh ', locale: 'en' });
    expect(response.json().user).toMatchObject({ name: 'Nguyễn Văn Ánh', locale: 'en' });
  });

  it('stores an uploaded picture as webp, by PUT or by POST with _method=PUT, and refuses what is not an image', async () => {
    const { client } = await register(t.app, uniqueEmail('avatar'));
    const png = await solidImage('png', 600, 400, '#16a34a');

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

    const jpeg = await solidImage('jpeg', 300, 300, '#0284c7');
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

    const renamedText = await client.multipart('POST', '/api/user/avatar', {
      avatar: { data: Buffer.from('hello, not a picture\n'), name: 'notes.png', type: 'image/png' },
      _method: 'PUT',
    });
    expectInvalid(renamedText, 'avatar');
    const tooBig = await client.multipart('PUT', '/api/user/avatar', {
      avatar: { data: Buffer.alloc(5 * 1024 * 1024 + 1, 1), name: 'big.png', type: 'image/png' },
    });
    expectInvalid(tooBig, 'avatar');
    expect(tooBig.json().error.fields.avatar).toBe('The file must be 5 MB or smaller.');
    expectInvalid(await client.put('/api/user/avatar', { avatar: 'data:image/png' }), 'avatar');
    expectInvalid(await client.multipart('PUT', '/api/user/avatar', { other: 'x' }), 'avatar');
    // A form the parser cannot read (no boundary, cut short) is the client's to fix: these were 500s.
    for (const { body, ...headers } of BROKEN_FORMS)
      for (const method of ['PUT', 'POST'] as const)
        expectInvalid(
          await client.request(method, '/api/user/avatar', body, { headers }),
          'avatar',
        );
    // Still the last good picture.
    expect((await client.get('/api/user')).json().user.avatar).toBe(post.json().user.avatar);

    const removed = await client.delete('/api/user/avatar');
    expect(removed.json().user.avatar).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: post.json().user.avatar })).statusCode).toBe(
      404,
    );
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const email = uniqueEmail('password');
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
    const email = uniqueEmail('old');
    const next = uniqueEmail('new');
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

  it('deletes the account with the password, and signs out', async () => {
    const email = uniqueEmail('delete');
    const { client } = await register(t.app, email);
    expect((await client.delete('/api/user', { password: 'wrong-pass-1' })).statusCode).toBe(422);
    expect((await client.delete('/api/user', { password: PASSWORD })).statusCode).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect(
      (await new Client(t.app).post('/api/auth/login', { email, password: PASSWORD })).statusCode,
    ).toBe(422);
  });
});

describe('every endpoint checks its input and its caller', () => {
  it('answers 401 without credentials on every signed-in route (CSRF cookie or not)', async () => {
    // A token that is not a session is no better.
    await expectSignedInOnly(t, [
      ['GET', '/api/user'],
      ['PATCH', '/api/user'],
      ['DELETE', '/api/user'],
      ['GET', '/api/user/sessions'],
      ['DELETE', '/api/user/sessions'],
      ['PUT', '/api/user/avatar'],
      ['POST', '/api/user/avatar'],
      ['DELETE', '/api/user/avatar'],
      ['PUT', '/api/user/password'],
      ['PUT', '/api/user/email'],
      ['POST', '/api/auth/email/verification-notification'],
      ['POST', '/api/logout'],
    ]);
  });

  it('names the field on unknown fields, overlong strings and wrong types', async () => {
    const email = uniqueEmail('params');
    const { client } = await register(t.app, email);
    const anonymous = new Client(t.app);
    const long = (n: number) => 'x'.repeat(n);
    const longEmail = `${long(250)}@example.com`;
    const cases: Array<
      [Client, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown, string]
    > = [
      [anonymous, 'POST', '/api/auth/login', { email, password: PASSWORD, x: 1 }, 'x'],
      [anonymous, 'POST', '/api/auth/login', { email: longEmail, password: PASSWORD }, 'email'],
      [anonymous, 'POST', '/api/auth/login', { email, password: long(129) }, 'password'],
      [anonymous, 'POST', '/api/auth/login', { email: 42, password: PASSWORD }, 'email'],
      [
        anonymous,
        'POST',
        '/api/auth/login',
        { email, password: PASSWORD, device_name: long(256) },
        'device_name',
      ],
      [anonymous, 'POST', '/api/auth/register', { email, x: 1 }, 'x'],
      [anonymous, 'POST', '/api/auth/forgot-password', { email, x: 1 }, 'x'],
      [anonymous, 'POST', '/api/auth/forgot-password', { email: longEmail }, 'email'],
      [anonymous, 'POST', '/api/auth/forgot-password', { email: ['a@b.c'] }, 'email'],
      [
        anonymous,
        'POST',
        '/api/auth/reset-password',
        { token: 'abcdefghij', password: PASSWORD, password_confirmation: PASSWORD, x: 1 },
        'x',
      ],
      [
        anonymous,
        'POST',
        '/api/auth/reset-password',
        { token: long(513), password: PASSWORD, password_confirmation: PASSWORD },
        'token',
      ],
      [
        anonymous,
        'POST',
        '/api/auth/reset-password',
        { token: 'abcdefghij', password: 12345678, password_confirmation: PASSWORD },
        'password',
      ],
      [anonymous, 'GET', '/api/auth/verify-email', undefined, 'token'],
      [anonymous, 'GET', `/api/auth/verify-email?token=${long(2049)}`, undefined, 'token'],
      [anonymous, 'GET', '/api/auth/verify-email?token=abcdefghijkl&x=1', undefined, 'x'],
      [client, 'PATCH', '/api/user', { name: 'A', x: 1 }, 'x'],
      [client, 'PATCH', '/api/user', { name: long(101) }, 'name'],
      [client, 'PATCH', '/api/user', { locale: 1 }, 'locale'],
      [client, 'PATCH', '/api/user', { name: '   ' }, 'name'],
      [
        client,
        'PUT',
        '/api/user/password',
        { current_password: PASSWORD, password: 'p', password_confirmation: 'p', x: 1 },
        'x',
      ],
      [
        client,
        'PUT',
        '/api/user/password',
        { current_password: PASSWORD, password: long(129), password_confirmation: long(129) },
        'password',
      ],
      [
        client,
        'PUT',
        '/api/user/password',
        { current_password: true, password: 'fresh-pass-123', password_confirmation: 'x' },
        'current_password',
      ],
      [
        client,
        'PUT',
        '/api/user/password',
        {
          current_password: PASSWORD,
          password: 'fresh-pass-123',
          password_confirmation: 'fresh-pass-124',
        },
        'password_confirmation',
      ],
      [
        client,
        'PUT',
        '/api/user/password',
        { current_password: PASSWORD, password: 'iloveyou', password_confirmation: 'iloveyou' },
        'password',
      ],
      [client, 'PUT', '/api/user/email', { email, current_password: PASSWORD, x: 1 }, 'x'],
      [client, 'PUT', '/api/user/email', { email: longEmail, current_password: PASSWORD }, 'email'],
      [
        client,
        'PUT',
        '/api/user/email',
        { email: 'a@b.co', current_password: 7 },
        'current_password',
      ],
      [client, 'PUT', '/api/user/email', { email, current_password: PASSWORD }, 'email'],
      [client, 'DELETE', '/api/user', { password: PASSWORD, x: 1 }, 'x'],
      [client, 'DELETE', '/api/user', { password: long(129) }, 'password'],
      [client, 'DELETE', '/api/user', { password: null }, 'password'],
    ];
    for (const [who, method, url, body, field] of cases) {
      expectInvalid(
        await who.request(method, url, body),
        field,
        `${method} ${url} ${JSON.stringify(body)?.slice(0, 80)}`,
      );
    }
    // None of it changed anything.
    expect((await client.get('/api/user')).json().user).toMatchObject({ email, name: 'Viewer' });
  });

  it('token mode: every signed-in route answers to a Bearer token, with no cookie and no CSRF header', async () => {
    const email = uniqueEmail('bearer');
    const { client: browser } = await register(t.app, email);
    const { client: app, token } = await signInWithToken(t.app, email);
    const { client: spare } = await signInWithToken(t.app, email, PASSWORD, 'Spare');
    const png = await solidImage('png', 64, 64);
    const expectStatus = async (
      response: Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>,
      status: number,
      label: string,
    ) => {
      const answer = await response;
      expect(answer.statusCode, `${label}: ${answer.body}`).toBe(status);
      return answer;
    };

    await expectStatus(app.get('/api/user'), 200, 'GET /api/user');
    await expectStatus(app.patch('/api/user', { name: 'Bearer' }), 200, 'PATCH /api/user');
    await expectStatus(
      app.multipart('PUT', '/api/user/avatar', {
        avatar: { data: png, name: 'a.png', type: 'image/png' },
      }),
      200,
      'PUT /api/user/avatar',
    );
    await expectStatus(
      app.multipart('POST', '/api/user/avatar', {
        avatar: { data: png, name: 'a.png', type: 'image/png' },
        _method: 'PUT',
      }),
      200,
      'POST /api/user/avatar',
    );
    await expectStatus(app.delete('/api/user/avatar'), 200, 'DELETE /api/user/avatar');
    await expectStatus(
      app.post('/api/auth/email/verification-notification'),
      202,
      'POST verification-notification',
    );
    await expectStatus(
      app.put('/api/user/email', { email: uniqueEmail('bearer-new'), current_password: PASSWORD }),
      202,
      'PUT /api/user/email',
    );
    const sessions = (await expectStatus(app.get('/api/user/sessions'), 200, 'GET sessions')).body;
    const spareId = (
      JSON.parse(sessions).sessions as Array<{ id: string; device_name: string }>
    ).find((s) => s.device_name === 'Spare')!.id;
    await expectStatus(app.delete(`/api/user/sessions/${spareId}`), 200, 'DELETE one session');
    expect((await spare.get('/api/user')).statusCode).toBe(401);
    await expectStatus(
      app.put('/api/user/password', {
        current_password: PASSWORD,
        password: 'bearer-pass-2026',
        password_confirmation: 'bearer-pass-2026',
      }),
      200,
      'PUT /api/user/password',
    );
    // The password change ended the browser's session but kept this token.
    expect((await browser.get('/api/user')).statusCode).toBe(401);
    expect((await app.get('/api/user')).statusCode).toBe(200);
    await expectStatus(app.delete('/api/user/sessions'), 200, 'DELETE other sessions');
    await expectStatus(app.post('/api/logout'), 200, 'POST /api/logout');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/user',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(401);

    const { client: again } = await signInWithToken(t.app, email, 'bearer-pass-2026');
    await expectStatus(
      again.delete('/api/user', { password: 'bearer-pass-2026' }),
      200,
      'DELETE /api/user',
    );
    expect((await again.get('/api/user')).statusCode).toBe(401);
  });

  it('needs no CSRF header with a Bearer token or for a token-mode sign-in, but does for the same sign-in in cookie mode', async () => {
    const email = uniqueEmail('csrf-modes');
    await register(t.app, email);
    const cookieMode = await bareLogin({ email, password: PASSWORD });
    expect(cookieMode.statusCode).toBe(419);
    expect(cookieMode.json().error.message).toMatch(/X-XSRF-TOKEN/);
    const tokenMode = await bareLogin({ email, password: PASSWORD, device_name: 'CLI' });
    expect(tokenMode.statusCode).toBe(200);
    // A cookie session does not count as a Bearer token: still 419 without the echo.
    const sessionCookie = ([] as string[])
      .concat(
        (await new Client(t.app).post('/api/auth/login', { email, password: PASSWORD })).headers[
          'set-cookie'
        ] ?? [],
      )
      .map((c) => c.split(';')[0])
      .join('; ');
    const noEcho = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      payload: { name: 'Forged' },
      headers: { cookie: sessionCookie },
    });
    expect(noEcho.statusCode).toBe(419);
    // A made-up Bearer skips the CSRF check, so it must not fall back to the session cookie beside it.
    const forgedBearer = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      payload: { name: 'Forged' },
      headers: { cookie: sessionCookie, authorization: 'Bearer x.y' },
    });
    expect(forgedBearer.statusCode).toBe(401);
    // Safe methods never need it.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('the whole sign-up journey', () => {
  it('register → mail file → verify-email → sign in again, verified', async () => {
    const email = uniqueEmail('journey');
    const client = new Client(t.app);
    const created = await client.post('/api/auth/register', {
      name: 'Journey',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      locale: 'en',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().user).toMatchObject({ email_verified_at: null, locale: 'en' });

    const mail = await readLatestMail(t.dataDir, email);
    expect(mail.file).toMatch(/[/\\]mail[/\\]\d{4}-\d{2}-\d{2}T[\d-]+Z-.*\.eml$/);
    expect(mail.subject).toBe('Verify your email for Phim');
    const link = mail.links.find((href) => href.includes('/auth/verify?verify_url='))!;
    expect(link).toBeDefined();
    expect(mail.html).toContain(link);
    const verifyUrl = new URL(new URL(link).searchParams.get('verify_url')!);
    expect(verifyUrl.origin).toBe(new URL(link).origin);
    expect(link).toBe(
      `http://localhost:3000/auth/verify?verify_url=${encodeURIComponent(verifyUrl.href)}`,
    );

    const verified = await t.app.inject({
      method: 'GET',
      url: verifyUrl.pathname + verifyUrl.search,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ status: 'verified' });

    const later = new Client(t.app);
    const login = await later.post('/api/auth/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.email_verified_at).toEqual(expect.any(String));
    expect(Date.parse(login.json().user.email_verified_at)).toBeGreaterThan(Date.now() - 60_000);
    // Verified: no second verification mail.
    expect((await later.post('/api/auth/email/verification-notification')).statusCode).toBe(409);
  });

  it('token mode registration: 201 with a token and no cookie, no CSRF needed, the mail still goes out', async () => {
    const email = uniqueEmail('token-register');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'App User',
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        device_name: 'Android',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['set-cookie']).toBeUndefined();
    const { token, user } = response.json();
    expect(token).toEqual(expect.any(String));
    expect(user).toMatchObject({ email, locale: 'vi', roles: ['user'] });
    const me = await Client.withToken(t.app, token).get('/api/user');
    expect(me.json().user.id).toBe(user.id);
    expect((await readLatestMail(t.dataDir, email)).subject).toContain('Xác minh email');
  });
});

describe('rate limits', () => {
  it('per IP: the sixth sign-in from one address within a minute is refused, whatever the email', async () => {
    const client = new Client(t.app);
    const { statuses, last } = await sixTimes((i) =>
      client.post('/api/auth/login', {
        email: uniqueEmail(`spray-${i}`),
        password: 'wrong-password-1',
      }),
    );
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(last.json().error).toEqual({
      code: 'too_many_requests',
      message: `Too many attempts. Try again in ${last.headers['retry-after']} seconds.`,
    });
  });

  it('registration: 5 a minute per IP', async () => {
    const client = new Client(t.app);
    const { statuses } = await sixTimes(async (i) => {
      const response = await client.post('/api/auth/register', {
        name: 'Many',
        email: uniqueEmail(`many-${i}`),
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      client.jar.clear();
      return response;
    });
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('forgot-password: 5 a minute per email, from any address', async () => {
    const email = uniqueEmail('forgetful');
    await register(t.app, email);
    const { statuses, last } = await sixTimes(() =>
      new Client(t.app).post('/api/auth/forgot-password', { email }),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last.headers['retry-after']).toBeDefined();
  });
});

describe('reset links', () => {
  it('refuses an expired reset link with invalid_token', async () => {
    const email = uniqueEmail('late');
    const { user } = await register(t.app, email);
    await new Client(t.app).post('/api/auth/forgot-password', { email });
    const mail = await waitForMail(t.dataDir, email, /Đặt lại mật khẩu/);
    expect(mail.text).toContain('60');
    const token = decodeURIComponent(
      new URL(mail.links.find((href) => href.includes('/auth/reset/'))!).pathname
        .split('/')
        .at(-1)!,
    );
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, user.id));
    const response = await new Client(t.app).post('/api/auth/reset-password', {
      token,
      password: 'late-password-9',
      password_confirmation: 'late-password-9',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('invalid_token');
  });
});

describe('the OpenAPI document', () => {
  it('lists every accounts route with a tag and a summary', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const routes: Array<[string, string]> = [
      ['/api/csrf-cookie', 'get'],
      ['/api/auth/register', 'post'],
      ['/api/auth/login', 'post'],
      ['/api/logout', 'post'],
      ['/api/user', 'get'],
      ['/api/user', 'patch'],
      ['/api/user', 'delete'],
      ['/api/user/avatar', 'put'],
      ['/api/user/avatar', 'post'],
      ['/api/user/avatar', 'delete'],
      ['/api/user/password', 'put'],
      ['/api/user/email', 'put'],
      ['/api/auth/email/verification-notification', 'post'],
      ['/api/auth/verify-email', 'get'],
      ['/api/auth/forgot-password', 'post'],
      ['/api/auth/reset-password', 'post'],
      ['/api/user/sessions', 'get'],
      ['/api/user/sessions', 'delete'],
      ['/api/user/sessions/{id}', 'delete'],
      ['/api/admin/users', 'get'],
      ['/api/admin/users/{id}', 'get'],
      ['/api/admin/users/{id}', 'patch'],
      ['/api/admin/users/{id}', 'delete'],
      ['/api/admin/users/{id}/ban', 'post'],
      ['/api/admin/users/{id}/unban', 'post'],
      ['/api/admin/users/{id}/verify', 'post'],
      ['/api/admin/users/{id}/send-reset-link', 'post'],
    ];
    for (const [path, method] of routes) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(operation.summary, `${method} ${path}`).toEqual(expect.any(String));
    }
    expect(doc.paths['/api/user/avatar'].post.summary).toMatch(/_method=PUT/);
    expect(doc.components.schemas).toHaveProperty('User');
    expect(doc.components.schemas).toHaveProperty('Session');
    expect(doc.components.schemas).toHaveProperty('AdminUser');
  });
});
