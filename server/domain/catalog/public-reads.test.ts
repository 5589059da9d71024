import { describe, expect, it } from 'vitest';
import type { SubtitlesService } from '../media/subtitles.service.ts';
import type { HomeService } from '../site/home.service.ts';
import type { MoviesService } from './movies.service.ts';
import { createPublicReads } from './public-reads.ts';
import type { WatchService } from './watch.service.ts';

/** Services that count their reads and answer with the read's number (the database is the API tests' part). */
function setUp(options: { maxAgeMs?: number; maxEntries?: number; fail?: boolean } = {}) {
  let clock = 0;
  const reads: string[] = [];
  const answer = (name: string) => {
    reads.push(name);
    return options.fail && reads.length === 1
      ? Promise.reject(new Error('database down'))
      : Promise.resolve({ read: reads.length, name });
  };
  const publicReads = createPublicReads({
    maxAgeMs: options.maxAgeMs ?? 10_000,
    maxEntries: options.maxEntries ?? 100,
    movies: {
      listCards: (query: object) => answer(`cards ${JSON.stringify(query)}`),
      getPublicBySlug: (slug: string) => answer(`movie ${slug}`),
      get: (id: number) => answer(`details ${id}`),
      moreLikeThis: (id: number) => answer(`like ${id}`),
    } as unknown as MoviesService,
    home: { getPage: () => answer('home') } as unknown as HomeService,
    watch: {
      episodePage: async (slug: string, ep: string, server?: number) => {
        await answer(`episode ${slug}/${ep}/${server ?? ''}`);
        return slug === 'none' ? null : { movie: { id: 7 }, episode: { id: 70 } };
      },
    } as unknown as WatchService,
    subtitles: {
      listOf: (ids: number[]) => answer(`subtitles ${ids.join(',')}`),
    } as unknown as SubtitlesService,
    now: () => clock,
  });
  return { publicReads, reads, tick: (ms: number) => (clock += ms) };
}

describe('public reads', () => {
  it('reads once for concurrent and repeated visitors within the age, then again', async () => {
    const { publicReads, reads, tick } = setUp();
    const [a, b] = await Promise.all([publicReads.homePage(), publicReads.homePage()]);
    expect(a).toBe(b);
    tick(9_999);
    expect(await publicReads.homePage()).toBe(a);
    expect(reads).toEqual(['home']);
    tick(1);
    expect(await publicReads.homePage()).toEqual({ read: 2, name: 'home' });
  });

  it('keeps each query, slug and kind apart', async () => {
    const { publicReads, reads } = setUp();
    await publicReads.listCards({ genre: 1, sort: 'views' });
    await publicReads.listCards({ genre: 2, sort: 'views' });
    await publicReads.listCards({ genre: 1, sort: 'views' });
    await publicReads.movieBySlug('mai');
    await publicReads.movieBySlug('mai');
    expect(reads).toEqual([
      'cards {"genre":1,"sort":"views"}',
      'cards {"genre":2,"sort":"views"}',
      'movie mai',
    ]);
  });

  it('keeps a watch page whole, per episode and server, and an episode that is not there', async () => {
    const { publicReads, reads } = setUp();
    const page = await publicReads.watchPage('mai', 'tap-1');
    expect(page).toMatchObject({
      movie: { id: 7 },
      episode: { id: 70 },
      subtitles: { name: 'subtitles 70' },
      details: { name: 'details 7' },
      more_like_this: { name: 'like 7' },
    });
    expect(await publicReads.watchPage('mai', 'tap-1')).toBe(page);
    await publicReads.watchPage('mai', 'tap-1', 3);
    expect(await publicReads.watchPage('none', 'tap-1')).toBeNull();
    expect(await publicReads.watchPage('none', 'tap-1')).toBeNull();
    expect(reads).toEqual([
      'episode mai/tap-1/',
      'subtitles 70',
      'details 7',
      'like 7',
      'episode mai/tap-1/3',
      'subtitles 70',
      'details 7',
      'like 7',
      'episode none/tap-1/',
    ]);
  });

  it('starts afresh after clear', async () => {
    const { publicReads, reads } = setUp();
    await publicReads.movieBySlug('mai');
    publicReads.clear();
    expect(publicReads.size).toBe(0);
    expect(await publicReads.movieBySlug('mai')).toEqual({ read: 2, name: 'movie mai' });
    expect(reads).toHaveLength(2);
  });

  it('does not keep a failed read', async () => {
    const { publicReads } = setUp({ fail: true });
    await expect(publicReads.homePage()).rejects.toThrow('database down');
    expect(await publicReads.homePage()).toEqual({ read: 2, name: 'home' });
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const { publicReads, reads } = setUp({ maxEntries: 2 });
    await publicReads.movieBySlug('a');
    await publicReads.movieBySlug('b');
    await publicReads.movieBySlug('c');
    expect(publicReads.size).toBe(2);
    await publicReads.movieBySlug('c');
    await publicReads.movieBySlug('a');
    expect(reads).toEqual(['movie a', 'movie b', 'movie c', 'movie a']);
  });

  it('reads every time when the age is 0, sharing only a read still in flight', async () => {
    const { publicReads, reads } = setUp({ maxAgeMs: 0 });
    await publicReads.homePage();
    await publicReads.homePage();
    expect(reads).toHaveLength(2);
    expect(publicReads.size).toBe(0);
    // Two loaders of a page side by side share one read.
    const [first, second] = await Promise.all([publicReads.homePage(), publicReads.homePage()]);
    expect(first).toBe(second);
    expect(reads).toEqual(['home', 'home', 'home']);
    expect(publicReads.size).toBe(0);
  });

  it('forgets a read in flight on clear: a visitor after the change reads afresh', async () => {
    const { publicReads, reads } = setUp();
    const before = publicReads.movieBySlug('mai');
    publicReads.clear();
    const after = publicReads.movieBySlug('mai');
    expect(await after).not.toBe(await before);
    expect(reads).toEqual(['movie mai', 'movie mai']);
  });
});
