// What many API test files need: the app for the file, unique emails, a GET sent as a browser sends it, and the
// checks several files make (admin routes and signed-in routes keep others out, robots.txt).
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from '#tests/app-utils.ts';
import { createUser } from '#tests/factories.ts';
import { Client } from './accounts-client.ts';

/**
 * The app of one test file: built before the file's first hook or test (the hooks the file adds after this call run
 * after it) and closed after its last. The fields read the app of the moment, so that the returned object can be a
 * module constant that the file's helpers use.
 */
export function withTestApp(options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const now = () => {
    if (!current)
      throw new Error('The test app is built in beforeAll: use it in a hook or a test.');
    return current;
  };
  return {
    get app() {
      return now().app;
    },
    get db() {
      return now().db;
    },
    get databaseUrl() {
      return now().databaseUrl;
    },
    get dataDir() {
      return now().dataDir;
    },
    close: () => now().close(),
  };
}

let emails = 0;
/** An address no other call of the run gives: `prefix-<n>-<time>@example.com`. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${++emails}-${Date.now().toString(36)}@example.com`;

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

/** A page request as a Vietnamese desktop browser sends it; the headers given are added or win. */
export const browserGet = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-language': 'vi', 'user-agent': BROWSER_UA, ...headers },
  });

/** An admin route refuses a guest (401) and a viewer (403) reading `url`, and a viewer posting `body` to it. */
export async function expectAdminsOnly(t: TestApp, url: string, body?: Record<string, unknown>) {
  const { client: viewer } = await createUser(t.app);
  expect((await new Client(t.app).get(url)).statusCode, `a guest reading ${url}`).toBe(401);
  expect((await viewer.get(url)).statusCode, `a viewer reading ${url}`).toBe(403);
  if (body)
    expect((await viewer.post(url, body)).statusCode, `a viewer posting to ${url}`).toBe(403);
}

/** The answer to a request without (valid) credentials: a 401 in the API error shape. */
export function expectUnauthenticated(
  response: { statusCode: number; json: () => unknown },
  label: string,
) {
  expect(response.statusCode, label).toBe(401);
  expect(response.json(), label).toEqual({
    error: { code: 'unauthenticated', message: 'Unauthenticated.' },
  });
}

/**
 * Each route answers a guest (with the CSRF cookie, so that it is the session that is missing) 401 in the API error
 * shape, and a token that is not a session 401 too.
 */
export async function expectSignedInOnly(
  t: TestApp,
  routes: ReadonlyArray<readonly [Parameters<Client['request']>[0], string]>,
) {
  const guest = new Client(t.app);
  await guest.csrf();
  const forged = Client.withToken(t.app, 'not-a-real-token');
  for (const [method, url] of routes) {
    const payload = method === 'GET' ? undefined : {};
    expectUnauthenticated(await guest.request(method, url, payload), `${method} ${url}`);
    expect(
      (await forged.request(method, url, payload)).statusCode,
      `${method} ${url} with a forged token`,
    ).toBe(401);
  }
}

/** robots.txt: plain text that keeps crawlers out of the back office, the API and accounts. */
export function expectRobotsTxt(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  for (const path of ['/vnwa', '/api', '/account'])
    expect(response.body).toContain(`Disallow: ${path}\n`);
}
