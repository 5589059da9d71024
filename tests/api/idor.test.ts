// Per-user resources belong to their owner: viewer A, knowing viewer B's ids, can neither read nor change B's
// sessions (devices) or profile, through the API in either mode or through the pages' data.
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_COOKIE } from '#app/lib/auth.tsx';
import { createUser } from '#tests/factories.ts';
import { type Client, signInWithToken } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp({ web: true });
type Viewer = {
  client: Client;
  token: Client;
  tokenValue: string;
  id: string;
  sessionIds: string[];
};
let a: Viewer;
let b: Viewer;

async function viewer(name: string): Promise<Viewer> {
  const { client, user, email } = await createUser(t.app, { name });
  const signed = await signInWithToken(t.app, email, undefined, `${name}'s phone`);
  const sessions = (await client.get('/api/user/sessions')).json().sessions as Array<{
    id: string;
  }>;
  return {
    client,
    token: signed.client,
    tokenValue: signed.token,
    id: user.id,
    sessionIds: sessions.map((session) => session.id),
  };
}

beforeAll(async () => {
  a = await viewer('Alice');
  b = await viewer('Bao');
  expect(b.sessionIds).toHaveLength(2);
});

describe('sessions (devices)', () => {
  it('lists only the caller’s own sessions, in both modes', async () => {
    for (const client of [a.client, a.token]) {
      const ids = (
        (await client.get('/api/user/sessions')).json().sessions as Array<{ id: string }>
      ).map((session) => session.id);
      expect(ids.sort()).toEqual([...a.sessionIds].sort());
      for (const id of b.sessionIds) expect(ids).not.toContain(id);
    }
  });

  it('answers 404 to revoking someone else’s session, which goes on working', async () => {
    for (const client of [a.client, a.token]) {
      for (const id of b.sessionIds) {
        const response = await client.delete(`/api/user/sessions/${encodeURIComponent(id)}`);
        expect(response.statusCode).toBe(404);
      }
    }
    expect((await b.client.get('/api/user')).statusCode).toBe(200);
    expect((await b.token.get('/api/user')).statusCode).toBe(200);
    const left = (await b.client.get('/api/user/sessions')).json().sessions as unknown[];
    expect(left).toHaveLength(2);
  });

  it('revoking "all others" ends only the caller’s other sessions', async () => {
    const extra = await signInWithToken(
      t.app,
      ((await a.client.get('/api/user')).json().user as { email: string }).email,
    );
    expect((await a.client.delete('/api/user/sessions')).statusCode).toBe(200);
    expect((await extra.client.get('/api/user')).statusCode).toBe(401);
    expect((await b.client.get('/api/user')).statusCode).toBe(200);
    expect((await b.token.get('/api/user')).statusCode).toBe(200);
  });

  it('shows only the caller’s own devices on the devices page, in cookie and token mode', async () => {
    for (const cookie of [b.client.cookieHeader(), `${AUTH_TOKEN_COOKIE}=${b.tokenValue}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/account/devices.data?_routes=routes%2Faccount%2Fdevices',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      for (const id of b.sessionIds) expect(response.body).toContain(id);
      for (const id of a.sessionIds) expect(response.body).not.toContain(id);
    }
  });
});

describe('the profile', () => {
  it('cannot be pointed at another account by an id in the body or the query', async () => {
    const byBody = await a.client.patch('/api/user', { id: b.id, name: 'Hijacked' });
    expect(byBody.statusCode).toBe(422);
    const byQuery = await a.client.request('PATCH', `/api/user?id=${b.id}`, { name: 'Alice Two' });
    expect(byQuery.statusCode).toBe(200);
    expect((byQuery.json().user as { id: string }).id).toBe(a.id);
    const bao = (await b.client.get('/api/user')).json().user as { name: string };
    expect(bao.name).toBe('Bao');
    const read = await a.client.get(`/api/user?id=${b.id}`);
    expect((read.json().user as { id: string }).id).toBe(a.id);
  });

  it('removes only the caller’s own avatar and deletes only the caller’s own account', async () => {
    expect((await a.client.delete('/api/user/avatar')).statusCode).toBe(200);
    const wrongPassword = await a.client.request('DELETE', '/api/user', {
      password: 'not-bao-password',
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect((await b.client.get('/api/user')).statusCode).toBe(200);
  });
});
