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

  it('auth-admin sends guests to the admin sign-in and refuses non-admins', () => {
    expect(outcome(['auth-admin'], null)).toBe(
      'redirect /vnwa/login?redirect=%2Fvnwa%2Fusers%3Fpage%3D2',
    );
    expect(outcome(['auth-admin'], viewer)).toBe('status 403');
    expect(outcome(['auth-admin'], admin)).toBe('pass');
  });

  it('guest-admin sends a signed-in admin to /vnwa', () => {
    expect(outcome(['guest-admin'], admin)).toBe('redirect /vnwa');
    expect(outcome(['guest-admin'], viewer)).toBe('pass');
    expect(outcome(['guest-admin'], null)).toBe('pass');
  });

  it('auth and guest', () => {
    expect(outcome(['auth'], null)).toBe(
      'redirect /auth/login?redirect=%2Fvnwa%2Fusers%3Fpage%3D2',
    );
    expect(outcome(['auth'], viewer)).toBe('pass');
    expect(outcome(['guest'], viewer)).toBe('redirect /');
    expect(outcome(['guest'], null)).toBe('pass');
  });

  it('role guards test membership', () => {
    expect(outcome(['role-admin'], viewer)).toBe('status 403');
    expect(outcome(['role-admin'], admin)).toBe('pass');
    expect(outcome(['role-user'], viewer)).toBe('pass');
    expect(outcome(['role-user'], null)).toBe('status 403');
  });

  it('verified needs a verified email', () => {
    expect(outcome(['verified'], viewer)).toMatch(/^redirect \/auth\/unverified\?redirect=/);
    expect(outcome(['verified'], admin)).toBe('pass');
  });
});
