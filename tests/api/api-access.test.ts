// The access matrix of the API, generated from the OpenAPI document: every operation is called by a guest, a viewer
// and an admin, in cookie mode and in token mode, and must answer as the operation's declared `security` says
// (decision 022). A new operation is covered the day it is added.
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#tests/factories.ts';
import { Client, signInWithToken } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

type Access = 'public' | 'user' | 'admin';
type Operation = { method: string; path: string; access: Access };
type Actor = { name: string; role: 'guest' | 'user' | 'admin'; client: Client };

const t = withTestApp();
let operations: Operation[];
let adminCount = 0;

/** Each actor is its own account, so that no call of one can end another's session. */
async function makeActor(kind: string): Promise<Actor> {
  const app = t.app;
  switch (kind) {
    case 'guest (cookie)':
      return { name: kind, role: 'guest', client: new Client(app) };
    case 'guest (bad token)':
      return { name: kind, role: 'guest', client: Client.withToken(app, 'not-a-real-token') };
    case 'viewer (cookie)':
      return { name: kind, role: 'user', client: (await createUser(app)).client };
    case 'viewer (token)': {
      const { email } = await createUser(app);
      return { name: kind, role: 'user', client: (await signInWithToken(app, email)).client };
    }
    default: {
      // Unverified, as the viewers: the access check is about the role alone.
      const admin = await createUser(app, { role: 'admin', verified: false });
      adminCount += 1;
      if (kind === 'admin (token)') {
        const { client } = await signInWithToken(app, admin.email, admin.password);
        return { name: kind, role: 'admin', client };
      }
      return { name: kind, role: 'admin', client: admin.client };
    }
  }
}
const ACTORS = [
  'guest (cookie)',
  'guest (bad token)',
  'viewer (cookie)',
  'viewer (token)',
  'admin (cookie)',
  'admin (token)',
];

/** The declared access of an operation: no requirement is public; a requirement naming `admin` is admins only. */
function accessOf(security: Array<Record<string, string[]>> | undefined): Access {
  if (!security?.length) return 'public';
  return security.some((requirement) => Object.values(requirement).flat().includes('admin'))
    ? 'admin'
    : 'user';
}

/** What each role must get: a guest 401, a viewer 403 on admin operations; otherwise past the access check. */
function expected(access: Access, role: Actor['role']) {
  if (access === 'public') return 'allowed';
  if (role === 'guest') return 401;
  if (access === 'admin' && role === 'user') return 403;
  return 'allowed';
}

const fill = (path: string) =>
  path
    .replace('{kind}', 'genre')
    .replace(/\{(id|movieId|serverId|subtitleId)\}/g, '1')
    .replace(/\{[^}]+\}/g, 'x');

beforeAll(async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      access: accessOf(operation.security),
    })),
  );
});

describe('the API access matrix', () => {
  it('declares security on every operation, with user and admin operations among them', () => {
    const counts = { public: 0, user: 0, admin: 0 };
    for (const operation of operations) counts[operation.access] += 1;
    expect(counts.public).toBeGreaterThan(5);
    expect(counts.user).toBeGreaterThan(10);
    expect(counts.admin).toBeGreaterThan(30);
    // Whatever a route declares, the back office's operations are admins' and the account's are the account's.
    const misdeclared = operations.filter(
      ({ path, access }) =>
        (path.startsWith('/api/admin/') && access !== 'admin') ||
        ((path === '/api/user' || path.startsWith('/api/user/')) && access === 'public'),
    );
    expect(misdeclared).toEqual([]);
  });

  it('answers every operation to each actor as its declared security says', async () => {
    const failures: string[] = [];
    const actors = new Map<string, Actor>();
    for (const operation of operations) {
      for (const kind of ACTORS) {
        if (!actors.has(kind)) actors.set(kind, await makeActor(kind));
        const actor = actors.get(kind)!;
        // Signing out ends the session the next operation would need: that actor starts afresh.
        if (`${operation.method} ${operation.path}` === 'POST /api/logout') actors.delete(kind);
        const response = await actor.client.request(
          operation.method as 'GET',
          fill(operation.path),
          operation.method === 'GET' ? undefined : {},
        );
        const want = expected(operation.access, actor.role);
        const label = `${actor.name} ${operation.method} ${operation.path} [${operation.access}] → ${response.statusCode}`;
        if (want === 'allowed') {
          if ([401, 403].includes(response.statusCode) || response.statusCode >= 500)
            failures.push(`${label}; expected past the access check`);
        } else if (response.statusCode !== want) {
          failures.push(`${label}; expected ${want}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(adminCount).toBeGreaterThan(1);
  }, 120_000);

  it('guards the upload routes that the document hides (tus) as admin operations', async () => {
    const guest = new Client(t.app);
    const viewer = (await createUser(t.app)).client;
    const tus = { 'tus-resumable': '1.0.0', 'upload-offset': '0' };
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      const asGuest = await guest.request(
        method as 'GET',
        '/api/admin/videos/uploads/x',
        undefined,
        {
          headers: tus,
        },
      );
      expect(asGuest.statusCode, `guest ${method}`).toBe(401);
      const asViewer = await viewer.request(
        method as 'GET',
        '/api/admin/videos/uploads/x',
        undefined,
        { headers: tus },
      );
      expect(asViewer.statusCode, `viewer ${method}`).toBe(403);
    }
  });
});
