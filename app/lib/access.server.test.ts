// withAccess: the guards run before the handler sees the services, and a cross-site write is refused.
import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { withAccess } from './access.server.ts';

type FakeUser = { id: string; roles: string[]; emailVerified: boolean } | null;
const contextFor = (user: FakeUser) =>
  ({ services: { auth: { getCurrentUser: async () => user } } }) as unknown as AppLoadContext;
const admin = { id: 'a', roles: ['admin', 'user'], emailVerified: true };
const viewer = { id: 'v', roles: ['user'], emailVerified: true };

async function outcome(promise: Promise<unknown>) {
  try {
    return { value: await promise };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get('location') };
    return { status: (thrown as { init?: { status?: number } }).init?.status };
  }
}

describe('withAccess', () => {
  it('tags the function with its access', () => {
    expect(withAccess('admin', () => null).access).toBe('admin');
  });

  it('runs the guards before the handler, which an outsider never reaches', async () => {
    const handler = vi.fn(() => 'rows');
    const loader = withAccess('admin', handler);
    const request = () => new Request('http://localhost/vnwa/users');
    expect(await outcome(loader({ request: request(), context: contextFor(null) }))).toEqual({
      redirect: '/vnwa/login?redirect=%2Fvnwa%2Fusers',
    });
    expect(await outcome(loader({ request: request(), context: contextFor(viewer) }))).toEqual({
      status: 403,
    });
    expect(handler).not.toHaveBeenCalled();
    expect(await outcome(loader({ request: request(), context: contextFor(admin) }))).toEqual({
      value: 'rows',
    });
    expect(handler).toHaveBeenCalledOnce();
  });

  it('refuses a write from another site, and lets the site’s own and origin-less ones through', async () => {
    const action = withAccess('public', () => 'done');
    const post = (origin?: string) =>
      new Request('http://phim.example/watch/x', {
        method: 'POST',
        headers: origin ? { origin } : {},
      });
    const context = contextFor(null);
    expect(await outcome(action({ request: post('https://evil.example'), context }))).toEqual({
      status: 403,
    });
    expect(await outcome(action({ request: post('https://phim.example'), context }))).toEqual({
      value: 'done',
    });
    expect(await outcome(action({ request: post(), context }))).toEqual({ value: 'done' });
  });
});
