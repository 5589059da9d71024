// The guests' page cache (decision 058): who may use it, the nonce put back in each answer, its age and memory.
import { describe, expect, it } from 'vitest';
import { createPageCache } from './page-cache.ts';

const NONCE = 'QUJDREVGR0hJSktMTU5PUA==';
const html = (nonce: string) =>
  Buffer.from(
    `<script nonce="${nonce}">a</script><p>Phim ơi</p><script nonce="${nonce}">b</script>`,
  );
const guest = (url = '/', headers: Record<string, string> = {}) => ({
  method: 'GET',
  url,
  headers: { 'user-agent': 'Mozilla/5.0 Chrome/140', ...headers },
});

function cacheAt(clock: { now: number }, maxAgeMs = 10_000, maxBytes = 1024 * 1024) {
  return createPageCache({ maxAgeMs: () => maxAgeMs, maxBytes, now: () => clock.now });
}

describe('page cache', () => {
  it('keys a guest’s page by language, kind of agent and address', () => {
    const cache = cacheAt({ now: 0 });
    expect(cache.keyOf(guest('/movies?page=2'), 'vi')).toBe('vi browser /movies?page=2');
    expect(cache.keyOf(guest('/', { 'accept-language': 'en-GB,en;q=0.8' }), 'vi')).toBe(
      'en browser /',
    );
    expect(cache.keyOf(guest('/', { cookie: 'XSRF-TOKEN=x; i18n_redirected=en' }), 'vi')).toBe(
      'en browser /',
    );
    expect(cache.keyOf(guest('/', { 'user-agent': 'Googlebot/2.1' }), 'vi')).toBe('vi bot /');
  });

  it('is not for anyone with a credential, valid or not, nor for anything but GET', () => {
    const cache = cacheAt({ now: 0 });
    expect(cache.keyOf(guest('/', { cookie: 'better-auth.session_token=abc' }), 'vi')).toBeNull();
    expect(
      cache.keyOf(guest('/', { cookie: '__Secure-better-auth.session_token=abc' }), 'vi'),
    ).toBeNull();
    expect(cache.keyOf(guest('/', { cookie: 'a=1; phim_token=t' }), 'vi')).toBeNull();
    expect(cache.keyOf(guest('/', { authorization: 'Bearer t' }), 'vi')).toBeNull();
    expect(cache.keyOf({ ...guest('/'), method: 'POST' }, 'vi')).toBeNull();
    expect(cache.keyOf({ ...guest('/'), method: 'HEAD' }, 'vi')).toBeNull();
  });

  it('is off when the public reads keep nothing', () => {
    expect(cacheAt({ now: 0 }, 0).keyOf(guest('/'), 'vi')).toBeNull();
  });

  it('answers each request with its own nonce where the render had its', () => {
    const cache = cacheAt({ now: 0 });
    cache.keep('k', {
      status: 200,
      headers: [
        ['content-type', 'text/html; charset=utf-8'],
        ['content-length', '99'],
        ['set-cookie', 'a=1'],
        ['x-phim-page-cache', 'guests'],
      ],
      html: html(NONCE),
      nonce: NONCE,
    });
    const kept = cache.get('k')!;
    const other = 'WllYV1ZVVFNSUVBPTk1MSw==';
    expect(cache.htmlOf(kept, other).toString()).toBe(html(other).toString());
    expect(cache.htmlOf(kept, other).toString()).not.toContain(NONCE);
    expect(kept.headers).toEqual([['content-type', 'text/html; charset=utf-8']]);
  });

  it('forgets a page once it is as old as the public reads keep theirs, and on clear', () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    cache.keep('k', { status: 200, headers: [], html: html(NONCE), nonce: NONCE });
    clock.now = 9_999;
    expect(cache.get('k')).toBeDefined();
    clock.now = 10_000;
    expect(cache.get('k')).toBeUndefined();
    cache.keep('k', { status: 200, headers: [], html: html(NONCE), nonce: NONCE });
    cache.clear();
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toEqual({ pages: 0, bytes: 0 });
  });

  it('stays within its memory, dropping the least recently used page first', () => {
    const page = html(NONCE);
    const cache = cacheAt({ now: 0 }, 10_000, page.length * 8);
    for (let i = 0; i < 8; i++)
      cache.keep(`p${i}`, { status: 200, headers: [], html: page, nonce: NONCE });
    expect(cache.get('p0')).toBeDefined();
    cache.keep('p8', { status: 200, headers: [], html: page, nonce: NONCE });
    expect(cache.size.pages).toBe(8);
    expect(cache.get('p1')).toBeUndefined();
    expect(cache.get('p0')).toBeDefined();
    // A page larger than an eighth of the memory is not kept at all.
    cache.keep('big', {
      status: 200,
      headers: [],
      html: Buffer.alloc(page.length * 2),
      nonce: NONCE,
    });
    expect(cache.get('big')).toBeUndefined();
  });
});
