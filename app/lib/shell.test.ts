import { describe, expect, it } from 'vitest';
import { redirects } from '#app/routes/redirect.tsx';
import { parseEpisodesParam } from '#app/routes/vnwa/episodes/route.tsx';
import { resolveColorMode } from './color-mode.tsx';
import { formatTitle } from './title.tsx';
import { createToastQueue } from './toast.tsx';

describe('colour mode', () => {
  it('follows the preference, the system for "system", and a forced mode above all', () => {
    expect(resolveColorMode('light', undefined, true)).toBe('light');
    expect(resolveColorMode('system', undefined, true)).toBe('dark');
    expect(resolveColorMode('system', undefined, false)).toBe('light');
    expect(resolveColorMode('light', 'dark', false)).toBe('dark');
  });
});

describe('page titles', () => {
  it('are page, separator, site name', () => {
    expect(formatTitle('Phim lẻ', 'Phim')).toBe('Phim lẻ | Phim');
    expect(formatTitle('Movies', 'Phim', ' – ')).toBe('Movies – Phim');
    expect(formatTitle(undefined, 'Phim')).toBe('Phim');
  });
});

describe('toast queue', () => {
  it('keeps at most 5, closing the oldest when a sixth arrives', () => {
    const queue = createToastQueue();
    for (const id of [1, 2, 3, 4, 5]) expect(queue.add(id)).toEqual([]);
    expect(queue.add(6)).toEqual([1]);
    expect(queue.add(7)).toEqual([2]);
    queue.remove(5);
    expect(queue.add(8)).toEqual([]);
    expect(queue.size).toBe(5);
  });
});

describe('redirects of spec section 2', () => {
  const follow = (path: string): string => (redirects[path] ? follow(redirects[path]) : path);
  it('lead the admin, by its dashboard, and the movie section to the movie list', () => {
    expect(redirects['/vnwa']).toBe('/vnwa/dashboard');
    for (const root of ['/vnwa', '/vnwa/dashboard', '/vnwa/movie', '/vnwa/movie/film'])
      expect(follow(root)).toBe('/vnwa/movie/film/list');
  });
  it('lead the video manager to its list and both account areas to their general screen', () => {
    expect(redirects['/vnwa/vmedia/video-manager']).toBe('/vnwa/vmedia/video-manager/list');
    for (const root of ['/vnwa/account', '/account'])
      expect(redirects[root]).toBe(`${root}/general`);
  });
  it('are no more than these', () => {
    expect(Object.keys(redirects)).toHaveLength(7);
  });
});

describe('episode manager route', () => {
  it('takes episodes-{movie_id} with a positive integer id only', () => {
    expect(parseEpisodesParam('episodes-42')).toBe(42);
    expect(parseEpisodesParam('episodes-0')).toBeNull();
    expect(parseEpisodesParam('episodes-abc')).toBeNull();
    expect(parseEpisodesParam('episodes-')).toBeNull();
    expect(parseEpisodesParam(undefined)).toBeNull();
  });
});
