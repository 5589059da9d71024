// The access matrix of the pages, generated from the route table of the production build: every route's loader
// and action is asked for its data (`.data?_routes=<id>`, as React Router's client does) by a guest, a viewer and an
// admin, in cookie and token mode, and must answer as the route's declared access says (decision 022).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessGuards, type Access } from '#app/lib/access.server.ts';
import { AUTH_TOKEN_COOKIE } from '#app/lib/auth.tsx';
import { runGuards, type GuardUser } from '#app/lib/guards.ts';
import { createEpisode, createMovie, createUser } from '#tests/factories.ts';
import { type Client, signInWithToken } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

type RouteEntry = ServerBuild['routes'][string] & {};
type Actor = {
  name: string;
  user: GuardUser | null;
  headers: () => Record<string, string>;
};

const t = withTestApp({ web: true });
let build: ServerBuild;
let actors: Actor[];
let params: Record<string, string>;
/** Texts only an admin may see: a bystander's email (users manager) and a draft movie's title (movie manager). */
const secrets = {
  email: `bystander-${Date.now()}@example.com`,
  draft: `Bản nháp bí mật ${Date.now()}`,
};

const cookieHeaders = (client: Client) => () => ({ cookie: client.cookieHeader() });
const tokenHeaders = (token: string) => () => ({ cookie: `${AUTH_TOKEN_COOKIE}=${token}` });

beforeAll(async () => {
  build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild;
  const admin = await createUser(t.app, { role: 'admin' });
  const adminToken = await signInWithToken(t.app, admin.email, admin.password);
  const viewer = await createUser(t.app);
  const verified = await createUser(t.app, { verified: true });
  await createUser(t.app, { email: secrets.email, name: 'Bystander' });
  const verifiedToken = await signInWithToken(t.app, verified.email);

  const movie = await createMovie(admin.client, { title: 'Phim công khai', published: true });
  const episode = await createEpisode(admin.client, movie, { name: 'Tập 1' });
  await createMovie(admin.client, { title: secrets.draft, published: false });
  const genre = (await admin.client.post('/api/admin/terms/genre', { name: 'Hành động' })).json()
    .term as { slug: string };
  params = {
    movie: movie.slug,
    ep: episode.ep,
    episodes: `episodes-${movie.id}`,
    term: genre.slug,
  };

  const asGuardUser = (user: { id: string }, roles: string[], emailVerified: boolean) => ({
    id: user.id,
    roles,
    emailVerified,
  });
  const adminUser = admin.user;
  actors = [
    { name: 'a guest', user: null, headers: () => ({}) },
    {
      name: 'a viewer (cookie)',
      user: asGuardUser(viewer.user, ['user'], false),
      headers: cookieHeaders(viewer.client),
    },
    {
      name: 'a verified viewer (token)',
      user: asGuardUser(verified.user, ['user'], true),
      headers: tokenHeaders(verifiedToken.token),
    },
    {
      name: 'an admin (cookie)',
      user: asGuardUser(adminUser, ['admin', 'user'], true),
      headers: cookieHeaders(admin.client),
    },
    {
      name: 'an admin (token)',
      user: asGuardUser(adminUser, ['admin', 'user'], true),
      headers: tokenHeaders(adminToken.token),
    },
  ];
});

const routeList = () => Object.values(build.routes).filter((route): route is RouteEntry => !!route);
const ancestors = (route: RouteEntry) => {
  const chain: RouteEntry[] = [];
  for (let id = route.parentId; id; id = build.routes[id]?.parentId) chain.push(build.routes[id]!);
  return chain;
};
const accessOf = (handler: unknown) => (handler as { access?: Access } | undefined)?.access;

/** The page's URL with its parameters filled from the arranged rows, so that an allowed request finds data. A
 * layout is asked for on the URL of its first page (React Router runs only the loaders of matched routes). */
function urlOf(route: RouteEntry): string {
  if (route.path === undefined && !route.index) {
    const child = routeList().find((entry) => entry.parentId === route.id);
    return urlOf(child!);
  }
  const segments = [...ancestors(route).reverse(), route]
    .map((entry) => entry.path)
    .filter((segment): segment is string => Boolean(segment));
  const pattern = segments.join('/');
  const filled = pattern
    .replace(/^watch\/:slug/, `watch/${params.movie}`)
    .replace(/^:slug$/, params.term!)
    .replace(':episodes', params.episodes!)
    .replace(':ep', params.ep!)
    .replace(':token', 'no-such-reset-token')
    .replace('*', 'no-such-page');
  expect(filled, `a parameter of ${route.id} has no value in this test`).not.toContain(':');
  return `/${filled}`;
}

/** What the route's guards decide for this actor: pass, a redirect (sign-in, home) or a status (403). */
function decide(access: Access, url: string, user: GuardUser | null) {
  try {
    runGuards(accessGuards[access], { request: new Request(`http://localhost${url}`), user });
    return { pass: true as const };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get('location') ?? '' };
    return { status: (thrown as { init?: { status?: number } }).init?.status ?? 500 };
  }
}

/** A `.data` answer: its status, and the target of the redirect a single-fetch 202 carries (turbo-stream). */
function readDataAnswer(response: { statusCode: number; body: string }) {
  if (response.statusCode !== 202 || !response.body.includes('"SingleFetchRedirect"'))
    return { status: response.statusCode, redirect: undefined };
  // `[["SingleFetchRedirect",1],{"_2":3,…},"redirect","/target",…]`: keys and values are indexes into the array.
  const flat = JSON.parse(response.body) as unknown[];
  const fields = flat[1] as Record<string, number>;
  const key = Object.keys(fields).find((name) => flat[Number(name.slice(1))] === 'redirect');
  return { status: 202, redirect: key ? (flat[fields[key]!] as string) : undefined };
}

const dataUrl = (url: string) => (url === '/' ? '/_root.data' : `${url}.data`);
const signInPages = /^\/(vnwa\/login|auth\/login|auth\/unverified)/;

describe('every route module declares its access', () => {
  it('wraps each loader and action in withAccess, with a known access', () => {
    const undeclared = routeList().flatMap((route) =>
      (['loader', 'action'] as const)
        .filter((kind) => route.module[kind] && !(accessOf(route.module[kind])! in accessGuards))
        .map((kind) => `${route.id} (${kind})`),
    );
    expect(undeclared).toEqual([]);
    expect(routeList().filter((route) => route.module.loader).length).toBeGreaterThan(25);
  });

  it('asks at least what every layout above it asks', () => {
    const weaker = routeList().flatMap((route) => {
      const own = accessOf(route.module.loader);
      if (!own) return [];
      return ancestors(route)
        .map((parent) => accessOf(parent.module.loader))
        .filter((parentAccess): parentAccess is Access => Boolean(parentAccess))
        .filter((parentAccess) =>
          accessGuards[parentAccess].some(
            (name) => !(accessGuards[own] as readonly string[]).includes(name),
          ),
        )
        .map((parentAccess) => `${route.id}: ${own} under ${parentAccess}`);
    });
    expect(weaker).toEqual([]);
  });
});

describe('page data, as each actor', () => {
  it('answers every loader as its access decides, and leaks nothing to guests and viewers', async () => {
    const failures: string[] = [];
    let adminSawSecrets = { email: false, draft: false };
    for (const route of routeList().filter((entry) => entry.module.loader)) {
      const access = accessOf(route.module.loader)!;
      const url = urlOf(route);
      for (const actor of actors) {
        const response = await t.app.inject({
          method: 'GET',
          url: `${dataUrl(url)}?_routes=${encodeURIComponent(route.id)}`,
          headers: actor.headers(),
        });
        const answer = readDataAnswer(response);
        const label = `${actor.name} GET ${url} [${route.id}, ${access}] → ${answer.status}${answer.redirect ? ` ${answer.redirect}` : ''}`;
        const expected = decide(access, url, actor.user);
        if ('redirect' in expected && answer.redirect !== expected.redirect)
          failures.push(`${label}; expected a redirect to ${expected.redirect}`);
        if ('status' in expected && answer.status !== expected.status)
          failures.push(`${label}; expected ${expected.status}`);
        if ('pass' in expected) {
          if ([401, 403, 500].includes(answer.status)) failures.push(`${label}; expected to pass`);
          if (answer.redirect && signInPages.test(answer.redirect))
            failures.push(`${label}; sent to sign in though allowed`);
        }
        const isAdmin = actor.user?.roles.includes('admin');
        // The hard rules, whatever a route declares: the back office and accounts never answer data to outsiders.
        const backOffice = url.startsWith('/vnwa') && url !== '/vnwa/login';
        if (backOffice && !isAdmin && answer.status === 200)
          failures.push(`${label}; back-office data answered to a non-admin`);
        if (url.startsWith('/account') && !actor.user && answer.status === 200)
          failures.push(`${label}; account data answered to a guest`);
        if (
          !isAdmin &&
          (response.body.includes(secrets.email) || response.body.includes(secrets.draft))
        )
          failures.push(`${label}; admin-only data in the answer`);
        if (isAdmin && route.id === 'routes/vnwa/users' && response.body.includes(secrets.email))
          adminSawSecrets = { ...adminSawSecrets, email: true };
        if (isAdmin && route.id === 'routes/vnwa/movies' && response.body.includes(secrets.draft))
          adminSawSecrets = { ...adminSawSecrets, draft: true };
      }
    }
    expect(failures).toEqual([]);
    // The leak check can fail: the same texts do reach an admin.
    expect(adminSawSecrets).toEqual({ email: true, draft: true });
  });

  it('answers the spec example to a guest with a redirect to the admin sign-in, not with users', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/vnwa/users.data?_routes=routes%2Fvnwa%2Fusers',
    });
    expect(readDataAnswer(response)).toEqual({
      status: 202,
      redirect: '/vnwa/login?redirect=%2Fvnwa%2Fusers',
    });
    expect(response.body).not.toContain(secrets.email);
    const page = await t.app.inject({ method: 'GET', url: '/vnwa/users?user=x' });
    expect(page.statusCode).toBe(302);
  });

  it('answers a viewer 403 on back-office data, with no rows', async () => {
    const viewer = actors[1]!;
    const response = await t.app.inject({
      method: 'GET',
      url: '/vnwa/users.data?_routes=routes%2Fvnwa%2Fusers',
      headers: viewer.headers(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain(secrets.email);
  });
});

describe('page actions, as each actor', () => {
  it('runs an action only as its access decides; a route without one answers 405', async () => {
    const failures: string[] = [];
    const pages = routeList().filter((entry) => entry.path !== undefined || entry.index);
    for (const route of pages) {
      const url = urlOf(route);
      const access = accessOf(route.module.action);
      for (const actor of actors) {
        const response = await t.app.inject({
          method: 'POST',
          url: `${dataUrl(url)}${route.index ? '?index' : ''}`,
          headers: { ...actor.headers(), 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'intent=probe',
        });
        const answer = readDataAnswer(response);
        const label = `${actor.name} POST ${url} [${route.id}] → ${answer.status}`;
        if (!access) {
          if (answer.status !== 405) failures.push(`${label}; expected 405 (no action)`);
          continue;
        }
        const expected = decide(access, url, actor.user);
        if ('redirect' in expected && answer.redirect !== expected.redirect)
          failures.push(`${label}; expected a redirect to ${expected.redirect}`);
        if ('status' in expected && answer.status !== expected.status)
          failures.push(`${label}; expected ${expected.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
