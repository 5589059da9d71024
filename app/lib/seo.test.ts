// The pure parts of the SEO tags: JSON-LD that no text can break out of, canonical query rules, plain-text
// descriptions, and which movies count as series.
import { describe, expect, it } from 'vitest';
import { isSeries, type SeoMovie } from '#app/lib/seo-movie.ts';
import { excerpt } from '#shared/text.ts';
import { absoluteUrl, canonicalPath, jsonLdText } from '#app/lib/seo.tsx';

describe('jsonLdText', () => {
  it('escapes what could end the script element, and parses back to the same value', () => {
    const value = { name: 'A </script><!-- & \u2028 B' };
    const text = jsonLdText(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('canonicalPath', () => {
  const keep = { page: (v: string) => v !== '1', year: (v: string) => /^\d{4}$/.test(v) };
  it('keeps the listed parameters in their listed order when their value is accepted', () => {
    expect(
      canonicalPath(new URL('https://x/movies?utm_source=a&year=2020&page=2&sort=views'), keep),
    ).toBe('/movies?page=2&year=2020');
    expect(canonicalPath(new URL('https://x/movies/?page=1&year=abc'), keep)).toBe('/movies');
    expect(canonicalPath(new URL('https://x/?fbclid=1'))).toBe('/');
  });
});

describe('absoluteUrl', () => {
  it('prefixes root-relative paths and keeps absolute ones', () => {
    expect(absoluteUrl('https://phim.example', '/storage/a.webp')).toBe(
      'https://phim.example/storage/a.webp',
    );
    expect(absoluteUrl('https://phim.example', 'https://cdn.example/a.webp')).toBe(
      'https://cdn.example/a.webp',
    );
  });
});

describe('excerpt', () => {
  it('turns sanitised HTML into one line of text', () => {
    expect(excerpt('<p>Tom &amp; Jerry</p><p>&quot;Đuổi&quot;&nbsp;bắt</p>')).toBe(
      'Tom & Jerry "Đuổi" bắt',
    );
  });
  it('cuts at a word with an ellipsis', () => {
    const text = excerpt(`<p>${'phim hay '.repeat(40)}</p>`, 50);
    expect(text.length).toBeLessThanOrEqual(50);
    expect(text).toMatch(/hay…$/);
  });
});

describe('isSeries', () => {
  const movie = { total_episodes: null } as unknown as SeoMovie;
  const episode = (ep: string) => ({ name: ep, ep });
  it('counts an episode on several servers once', () => {
    expect(
      isSeries(movie, [{ episodes: [episode('full')] }, { episodes: [episode('full')] }]),
    ).toBe(false);
    expect(isSeries(movie, [{ episodes: [episode('tap-1'), episode('tap-2')] }])).toBe(true);
    expect(isSeries({ ...movie, total_episodes: 24 }, [])).toBe(true);
  });
});
