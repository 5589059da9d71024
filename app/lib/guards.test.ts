import { describe, expect, it } from 'vitest';
import { getGuard, guardNames, runGuards, type GuardUser } from './guards.ts';

const request = new Request('http://site.test/vnwa/users?page=2');
const admin: GuardUser = { id: '1', roles: ['admin', 'user'], emailVerified: true };
const viewer: GuardUser = { id: '2', roles: ['user'], emailVerified: false };

function outcome(names: string[], user: GuardUser | null) {
  try {
    runGuards(names, { request, user });
    return 'pass';
  } catch (error) {
    if (error instanceof Response) return `redirect ${error.headers.get('Location')}`;
    const status = (error as { init?: { status?: number } }).init?.status;
    return status ? `status ${status}` : `error ${(error as Error).message}`;
  }
}

describe('route guards', () => {
  it('defines exactly the guards of the spec', () => {
    expect(guardNames.sort()).toEqual(
      ['auth', 'auth-admin', 'guest', 'guest-admin', 'role-admin', 'role-user', 'verified'].sort(),
    );
  });

  it('throws for an unknown guard name', () => {
    expect(() => getGuard('admin-auth')).toThrow('Unknown route guard: admin-auth');
    expect(() => getGuard('toString')).toThrow('Unknown route guard: toString');
    expect(outcome(['auth', 'nope'], admin)).toBe('error Unknown route guard: nope');
  });

  const users = { guest: null, viewer, admin };
  const back = 'redirect=%2Fvnwa%2Fusers%3Fpage%3D2';
  it.each<[string, Partial<Record<keyof typeof users, string>>]>([
    // auth-admin sends guests to the admin sign-in and refuses non-admins.
    ['auth-admin', { guest: `redirect /vnwa/login?${back}`, viewer: 'status 403', admin: 'pass' }],
    // guest-admin sends a signed-in admin to /vnwa.
    ['guest-admin', { guest: 'pass', viewer: 'pass', admin: 'redirect /vnwa' }],
    ['auth', { guest: `redirect /auth/login?${back}`, viewer: 'pass' }],
    ['guest', { guest: 'pass', viewer: 'redirect /' }],
    // Role guards test membership.
    ['role-admin', { viewer: 'status 403', admin: 'pass' }],
    ['role-user', { guest: 'status 403', viewer: 'pass' }],
    // verified needs a verified email.
    ['verified', { viewer: `redirect /auth/unverified?${back}`, admin: 'pass' }],
  ])('%s', (guard, expected) => {
    for (const [user, result] of Object.entries(expected))
      expect(outcome([guard], users[user as keyof typeof users]), user).toBe(result);
  });
});
