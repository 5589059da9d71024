// The API client's request rules (spec section 7), checked on the requests it builds.
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, RETRY_STATUSES, type ApiClientOptions } from './api.ts';
import { AUTH_FLAG_COOKIE, AUTH_TOKEN_COOKIE, authCookie, createAuthStore } from './auth.tsx';

type Sent = { url: string; method: string; headers: Record<string, string>; body: unknown };

/** A fetch that records each request and answers from a list (the last answer repeats). */
function recorder(
  answers: Array<{ status: number; body?: unknown; headers?: Record<string, string> }>,
) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
    });
    expect(init.credentials).toBe('include');
    const answer = answers[Math.min(sent.length - 1, answers.length - 1)]!;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

function client(answers: Parameters<typeof recorder>[0], options: Partial<ApiClientOptions> = {}) {
  const record = recorder(answers);
  const api = createApiClient({ fetch: record.fetch, retryDelayMs: 0, ...options });
  return { api, sent: record.sent };
}

describe('API client', () => {
  it('sends relative paths to the API prefix with JSON accepted', async () => {
    const { api, sent } = client([{ status: 200, body: { user: { id: '1' } } }]);
    await expect(api.get('/user', { query: { page: 2, q: '' } })).resolves.toEqual({
      user: { id: '1' },
    });
    expect(sent[0]).toMatchObject({ url: '/api/user?page=2', method: 'GET' });
    expect(sent[0]!.headers.Accept).toBe('application/json');
  });

  it('joins an API base for another host', async () => {
    const { api, sent } = client([{ status: 204 }], { baseUrl: 'https://api.example.com' });
    await api.get('/user');
    expect(sent[0]!.url).toBe('https://api.example.com/api/user');
  });

  it('echoes the XSRF cookie on unsafe requests in cookie mode, fetching it first when missing', async () => {
    let cookie: string | undefined;
    // The csrf-cookie call "sets" the cookie.
    const record = recorder([{ status: 204 }, { status: 200, body: { ok: true } }]);
    const withCookie = createApiClient({
      fetch: async (input, init) => {
        if (String(input).endsWith('/csrf-cookie')) cookie = 'abc%3D';
        return record.fetch(input, init);
      },
      getXsrfToken: () => cookie,
      retryDelayMs: 0,
    });
    await withCookie.post('/logout');
    expect(record.sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/csrf-cookie',
      'POST /api/logout',
    ]);
    expect(record.sent[1]!.headers['X-XSRF-TOKEN']).toBe('abc%3D');
    expect(record.sent[1]!.headers.Authorization).toBeUndefined();
    // GETs never need it.
    await withCookie.get('/user');
    expect(record.sent.at(-1)!.headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('sends a Bearer token in token mode and no XSRF header', async () => {
    const { api, sent } = client([{ status: 200, body: {} }], {
      mode: 'token',
      getToken: () => 'tok-123',
      getXsrfToken: () => 'xsrf',
    });
    await api.post('/logout');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.Authorization).toBe('Bearer tok-123');
    expect(sent[0]!.headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it.each([...RETRY_STATUSES])('retries a GET once on %i', async (status) => {
    const { api, sent } = client([{ status }, { status: 200, body: { ok: 1 } }]);
    await expect(api.get('/movies')).resolves.toEqual({ ok: 1 });
    expect(sent).toHaveLength(2);
  });

  it('retries a GET at most once', async () => {
    const { api, sent } = client([
      { status: 503, body: { error: { code: 'down', message: 'Down' } } },
    ]);
    await expect(api.get('/movies')).rejects.toMatchObject({ status: 503, code: 'down' });
    expect(sent).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 422])('does not retry a GET on %i', async (status) => {
    const { api, sent } = client([{ status }]);
    await expect(api.get('/movies')).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(1);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries a %s', async (method) => {
    const { api, sent } = client([{ status: 503 }], { getXsrfToken: () => 'x' });
    await expect(api.request('/thing', { method, body: {} })).rejects.toMatchObject({
      status: 503,
    });
    expect(sent).toHaveLength(1);
  });

  it('sends a form-data PUT as POST with _method=PUT', async () => {
    const { api, sent } = client([{ status: 200, body: {} }], { getXsrfToken: () => 'x' });
    const form = new FormData();
    form.set('avatar', new Blob(['x']), 'a.png');
    await api.put('/user/avatar', form);
    expect(sent[0]!.method).toBe('POST');
    expect((sent[0]!.body as FormData).get('_method')).toBe('PUT');
    expect(sent[0]!.headers['Content-Type']).toBeUndefined();
    // A JSON PUT stays a PUT.
    await api.put('/user/password', { password: 'x' });
    expect(sent[1]).toMatchObject({ method: 'PUT', body: '{"password":"x"}' });
    expect(sent[1]!.headers['Content-Type']).toBe('application/json');
  });

  it('reports every 401 and reads the error body, fields and Retry-After', async () => {
    let unauthorized = 0;
    const { api } = client(
      [{ status: 401, body: { error: { code: 'unauthenticated', message: 'Unauthenticated.' } } }],
      { onUnauthorized: () => unauthorized++ },
    );
    await expect(api.get('/user')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(unauthorized).toBe(1);

    const limited = client(
      [
        {
          status: 422,
          body: {
            error: { code: 'validation_failed', message: 'Bad', fields: { email: 'Taken' } },
          },
        },
        {
          status: 429,
          headers: { 'retry-after': '42' },
          body: { error: { code: 'too_many', message: 'Slow' } },
        },
      ],
      { getXsrfToken: () => 'x' },
    );
    await expect(limited.api.post('/auth/register', {})).rejects.toMatchObject({
      status: 422,
      fields: { email: 'Taken' },
    });
    await expect(limited.api.post('/auth/login', {})).rejects.toMatchObject({
      status: 429,
      retryAfter: 42,
    });
  });

  it('fetches a fresh CSRF cookie and replays once after a 419', async () => {
    const { api, sent } = client(
      [{ status: 419 }, { status: 204 }, { status: 200, body: { ok: true } }],
      { getXsrfToken: () => 'old' },
    );
    await expect(api.post('/logout')).resolves.toEqual({ ok: true });
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/logout',
      'GET /api/csrf-cookie',
      'POST /api/logout',
    ]);
  });
});

describe('auth state', () => {
  function store(mode: 'cookie' | 'token', answers: Parameters<typeof recorder>[0]) {
    const jar = new Map<string, string>();
    const written: string[] = [];
    const changes: unknown[] = [];
    const record = recorder(answers);
    const auth = createAuthStore({
      mode,
      secure: false,
      readCookies: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      writeCookie: (cookie) => {
        written.push(cookie);
        const [pair] = cookie.split(';');
        const [name, value] = pair!.split('=');
        if (/Max-Age=0(;|$)/.test(cookie)) jar.delete(name!);
        else jar.set(name!, value!);
      },
      api: ({ getToken, onUnauthorized }) =>
        createApiClient({
          mode,
          getToken,
          onUnauthorized,
          fetch: record.fetch,
          getXsrfToken: () => 'x',
          retryDelayMs: 0,
        }),
      onChange: (user) => changes.push(user),
    });
    return { auth, jar, written, changes, sent: record.sent };
  }
  const apiUser = {
    id: 'u1',
    name: 'Lan',
    email: 'lan@example.com',
    avatar: null,
    roles: ['user'],
    email_verified_at: null,
    locale: 'vi',
    created_at: '2026-01-01T00:00:00.000Z',
  };

  it('cookie attributes: site root, SameSite Strict, 365 days, Secure only over https', () => {
    expect(authCookie(AUTH_FLAG_COOKIE, '1', false)).toBe(
      `${AUTH_FLAG_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Strict`,
    );
    expect(authCookie(AUTH_FLAG_COOKIE, '1', true)).toMatch(/; Secure$/);
  });

  it('token mode: sign-in stores the token, sets the flag, fetches the user; requests carry the token', async () => {
    const { auth, jar, changes, sent } = store('token', [
      { status: 200, body: { token: 'tok', user: apiUser } },
      { status: 200, body: { user: apiUser } },
    ]);
    const user = await auth.login({ email: 'lan@example.com', password: 'secret-123' });
    expect(user).toMatchObject({ id: 'u1', emailVerified: false, roles: ['user'] });
    expect(jar.get(AUTH_TOKEN_COOKIE)).toBe('tok');
    expect(jar.get(AUTH_FLAG_COOKIE)).toBe('1');
    expect(JSON.parse(sent[0]!.body as string)).toHaveProperty('device_name');
    expect(sent[1]).toMatchObject({ url: '/api/user' });
    expect(sent[1]!.headers.Authorization).toBe('Bearer tok');
    expect(changes.at(-1)).toMatchObject({ id: 'u1' });
  });

  it('cookie mode: no token cookie, the flag only', async () => {
    const { auth, jar, sent } = store('cookie', [
      { status: 200, body: { user: apiUser } },
      { status: 200, body: { user: apiUser } },
    ]);
    await auth.login({ email: 'lan@example.com', password: 'secret-123', remember: false });
    expect(jar.has(AUTH_TOKEN_COOKIE)).toBe(false);
    expect(jar.get(AUTH_FLAG_COOKIE)).toBe('1');
    expect(JSON.parse(sent[0]!.body as string)).toEqual({
      email: 'lan@example.com',
      password: 'secret-123',
      remember: false,
    });
  });

  it('any 401 resets: token, flag and user are cleared', async () => {
    const { auth, jar, changes } = store('token', [
      { status: 200, body: { token: 'tok', user: apiUser } },
      { status: 200, body: { user: apiUser } },
      { status: 401 },
    ]);
    let told = 0;
    auth.onUnauthorized(() => told++);
    await auth.login({ email: 'lan@example.com', password: 'secret-123' });
    await expect(auth.api.get('/user/sessions')).rejects.toMatchObject({ status: 401 });
    expect(jar.size).toBe(0);
    expect(changes.at(-1)).toBeNull();
    expect(told).toBe(1);
  });

  it('logout answering 200 resets', async () => {
    const { auth, jar, sent } = store('token', [
      { status: 200, body: { token: 'tok', user: apiUser } },
      { status: 200, body: { user: apiUser } },
      { status: 200, body: { ok: true } },
    ]);
    await auth.login({ email: 'lan@example.com', password: 'secret-123' });
    await auth.logout();
    expect(sent.at(-1)).toMatchObject({ method: 'POST', url: '/api/logout' });
    expect(jar.size).toBe(0);
  });
});
