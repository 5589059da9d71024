// A cookie-mode API client for tests: keeps the cookies a browser would and echoes XSRF-TOKEN.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';

export const PASSWORD = 'quiet-river-2026';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let lastIp = 0;
/** Each client comes from its own address, as people do: the per-IP rate limit then counts per person. */
const nextIp = () => {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
};

export const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

export class Client {
  readonly jar = new Map<string, string>();
  readonly ip = nextIp();
  /** Token mode: every request carries `Authorization: Bearer`, no cookies and no CSRF header. */
  token?: string;
  constructor(
    private readonly app: FastifyInstance,
    private readonly userAgent = CHROME_LINUX,
  ) {}

  /** A token-mode client (what a mobile app would be). */
  static withToken(app: FastifyInstance, token: string) {
    const client = new Client(app);
    client.token = token;
    return client;
  }

  cookieHeader() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(setCookie: string | string[] | undefined) {
    for (const cookie of ([] as string[]).concat(setCookie ?? [])) {
      const [pair = '', ...attributes] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async csrf() {
    const response = await this.app.inject({
      method: 'GET',
      url: '/api/csrf-cookie',
      remoteAddress: this.ip,
    });
    this.keep(response.headers['set-cookie']);
  }

  async request(
    method: Method,
    url: string,
    payload?: unknown,
    extra: Partial<InjectOptions> = {},
  ) {
    const cookieMode = !this.token;
    if (cookieMode && method !== 'GET' && !this.jar.has('XSRF-TOKEN')) await this.csrf();
    const headers: Record<string, string> = {
      'user-agent': this.userAgent,
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...(cookieMode && this.jar.size ? { cookie: this.cookieHeader() } : {}),
      ...(cookieMode && method !== 'GET'
        ? { 'x-xsrf-token': decodeURIComponent(this.jar.get('XSRF-TOKEN') ?? '') }
        : {}),
      ...(extra.headers as Record<string, string> | undefined),
    };
    const response = await this.app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
      ...extra,
      remoteAddress: this.ip,
      headers,
    });
    this.keep(response.headers['set-cookie']);
    return response;
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, payload?: unknown) {
    return this.request('POST', url, payload ?? {});
  }
  put(url: string, payload?: unknown) {
    return this.request('PUT', url, payload ?? {});
  }
  patch(url: string, payload?: unknown) {
    return this.request('PATCH', url, payload ?? {});
  }
  delete(url: string, payload?: unknown) {
    return this.request('DELETE', url, payload);
  }

  /** A multipart/form-data request; files are `{ data, name, type }`, other values plain fields. */
  multipart(
    method: Method,
    url: string,
    fields: Record<string, string | { data: Buffer; name: string; type: string }>,
  ) {
    const boundary = `----phim${Math.random().toString(16).slice(2)}`;
    const chunks: Buffer[] = [];
    for (const [key, value] of Object.entries(fields)) {
      chunks.push(Buffer.from(`--${boundary}\r\n`));
      if (typeof value === 'string') {
        chunks.push(
          Buffer.from(`Content-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
        );
      } else {
        chunks.push(
          Buffer.from(
            `Content-Disposition: form-data; name="${key}"; filename="${value.name}"\r\nContent-Type: ${value.type}\r\n\r\n`,
          ),
          value.data,
          Buffer.from('\r\n'),
        );
      }
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return this.request(method, url, Buffer.concat(chunks), {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }
}

/** Multipart bodies a form parser cannot read, for the routes that take a file: a missing boundary, a form cut short. */
export const BROKEN_FORMS: Array<{ 'content-type': string; body: string }> = [
  {
    'content-type': 'multipart/form-data',
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
  },
  {
    'content-type': 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
  },
  {
    'content-type': 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-da',
  },
];

/** Registers a verified-or-not viewer in cookie mode; returns its signed-in client and user. */
export async function register(app: FastifyInstance, email: string, name = 'Viewer') {
  const client = new Client(app);
  const response = await client.post('/api/auth/register', {
    name,
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { client, user: response.json().user as { id: string; email: string } };
}

/** Signs in in token mode (`device_name`, no cookie, no CSRF); returns the Bearer client. */
export async function signInWithToken(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  deviceName = 'Test phone',
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, device_name: deviceName },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['set-cookie']).toBeUndefined();
  const { token, user } = response.json() as { token: string; user: { id: string } };
  return { client: Client.withToken(app, token), token, user };
}

/** A 422 naming the field. */
export function expectInvalid(
  response: { statusCode: number; body: string; json: () => unknown },
  field: string,
  label = field,
) {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(422);
  const body = response.json() as { error: { code: string; fields?: Record<string, string> } };
  expect(Object.keys(body.error.fields ?? {}), `${label}: ${response.body}`).toContain(field);
}

/** Creates the first admin on the test database and signs it in (cookie mode). */
export async function signInFirstAdmin(
  app: FastifyInstance,
  credentials = { email: 'boss@example.com', password: 'admin-secret-2026' },
) {
  await app.services.auth.ensureFirstAdmin(credentials);
  const admin = new Client(app);
  const response = await admin.post('/api/auth/login', credentials);
  expect(response.statusCode, response.body).toBe(200);
  return admin;
}
