// robots.txt and the sitemaps: a valid index of child sitemaps, only published movies and visible terms, files cut
// at the boundary of their id range, 404 past the last one, and escaped URLs.
import { beforeAll, describe, expect, it } from 'vitest';
import { seoRoutes } from '#server/http/seo.routes.ts';
import { createTestApp } from '#tests/app-utils.ts';
import { childTexts, parseXml } from '#tests/xml-utils.ts';
import { expectRobotsTxt, withTestApp } from './helpers.ts';

const SITE = 'https://phim.example';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

// A second copy of the routes under /small cuts movie sitemaps every 2 ids, to test the boundary with few rows.
const t = withTestApp({
  env: { PUBLIC_URL: SITE },
  register: async (app) => {
    await app.register(seoRoutes, { prefix: '/small', moviesPerSitemap: 2 });
  },
});
const slugs: string[] = [];

beforeAll(async () => {
  const { movies, terms } = t.app.services;
  await terms.create('genre', { name: 'Hành Động' });
  await terms.create('nation', { name: 'Hàn Quốc' });
  await terms.create('genre', { name: 'Ẩn Đi', visible: false });
  // Ids 1..7: 3, 6 and 7 stay unpublished.
  for (let i = 1; i <= 7; i += 1) {
    const movie = await movies.create({
      title: `Phim số ${i}`,
      published: ![3, 6, 7].includes(i),
      poster: i === 1 ? '/storage/uploads/2026/11/poster-1.webp' : null,
    });
    expect(movie.id).toBe(i);
    slugs.push(movie.slug);
  }
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

function expectXml(response: Awaited<ReturnType<typeof get>>) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(response.headers['cache-control']).toBe('public, max-age=3600');
  expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  return parseXml(response.body);
}

function urlsOf(xml: ReturnType<typeof parseXml>) {
  expect(xml.name).toBe('urlset');
  expect(xml.attributes.xmlns).toBe(SITEMAP_NS);
  for (const url of xml.children) {
    expect(url.name).toBe('url');
    expect(childTexts(url, 'loc')).toHaveLength(1);
  }
  return xml.children.map((url) => childTexts(url, 'loc')[0]);
}

describe('robots.txt', () => {
  it('keeps crawlers out of the back office, the API and accounts, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expectRobotsTxt(response);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain(`Sitemap: ${SITE}/sitemap.xml\n`);
  });
});

describe('sitemap index', () => {
  it('lists the page sitemap and one movie sitemap per id range, with lastmod', async () => {
    const xml = expectXml(await get('/sitemap.xml'));
    expect(xml.name).toBe('sitemapindex');
    expect(xml.attributes.xmlns).toBe(SITEMAP_NS);
    expect(xml.children.map((child) => child.name)).toEqual(['sitemap', 'sitemap']);
    expect(xml.children.map((child) => childTexts(child, 'loc')[0])).toEqual([
      `${SITE}/sitemap-pages.xml`,
      `${SITE}/sitemap-movies-1.xml`,
    ]);
    for (const child of xml.children)
      expect(childTexts(child, 'lastmod')[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('skips an id range with no published movie', async () => {
    // Ranges of 2: {1,2} {3,4} {5,6} {7}; the last holds only an unpublished movie.
    const xml = parseXml((await get('/small/sitemap.xml')).body);
    expect(xml.children.map((child) => childTexts(child, 'loc')[0])).toEqual([
      `${SITE}/sitemap-pages.xml`,
      `${SITE}/sitemap-movies-1.xml`,
      `${SITE}/sitemap-movies-2.xml`,
      `${SITE}/sitemap-movies-3.xml`,
    ]);
  });
});

describe('page sitemap', () => {
  it('has the home page, the listing and each visible landing once', async () => {
    const locs = urlsOf(expectXml(await get('/sitemap-pages.xml')));
    expect(locs).toEqual([`${SITE}/`, `${SITE}/movies`, `${SITE}/han-quoc`, `${SITE}/hanh-dong`]);
  });
});

describe('movie sitemaps', () => {
  it('hold only published movies, each with its lastmod and poster', async () => {
    const xml = expectXml(await get('/sitemap-movies-1.xml'));
    expect(urlsOf(xml)).toEqual([1, 2, 4, 5].map((id) => `${SITE}/watch/${slugs[id - 1]}`));
    const first = xml.children[0]!;
    expect(childTexts(first, 'lastmod')[0]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(xml.attributes['xmlns:image']).toBe('http://www.google.com/schemas/sitemap-image/1.1');
    const image = first.children.find((child) => child.name === 'image:image');
    expect(image && childTexts(image, 'image:loc')).toEqual([
      `${SITE}/storage/uploads/2026/11/poster-1.webp`,
    ]);
  });

  it('cut at the boundary of their id range', async () => {
    expect(urlsOf(parseXml((await get('/small/sitemap-movies-1.xml')).body))).toEqual([
      `${SITE}/watch/${slugs[0]}`,
      `${SITE}/watch/${slugs[1]}`,
    ]);
    expect(urlsOf(parseXml((await get('/small/sitemap-movies-2.xml')).body))).toEqual([
      `${SITE}/watch/${slugs[3]}`,
    ]);
    expect(urlsOf(parseXml((await get('/small/sitemap-movies-3.xml')).body))).toEqual([
      `${SITE}/watch/${slugs[4]}`,
    ]);
  });

  it('answer 404 past the last file, for an empty range, and for a page that is not a number', async () => {
    for (const url of [
      '/small/sitemap-movies-4.xml',
      '/small/sitemap-movies-99.xml',
      '/sitemap-movies-2.xml',
      '/sitemap-movies-0.xml',
      '/sitemap-movies-01.xml',
      '/sitemap-movies-x.xml',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('not_found');
    }
  });

  it('escape the URLs they print', async () => {
    // A site served under a path with an ampersand: every `&` in the XML must be `&amp;`.
    const odd = await createTestApp({ env: { PUBLIC_URL: 'https://example.test/a&b' } });
    try {
      await odd.app.services.movies.create({ title: 'Tom & Jerry', published: true });
      const index = await odd.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(index.body).toContain('https://example.test/a&amp;b/sitemap-movies-1.xml');
      expect(index.body).not.toMatch(/&(?!amp;)/);
      const movies = await odd.app.inject({ method: 'GET', url: '/sitemap-movies-1.xml' });
      expect(urlsOf(parseXml(movies.body))).toEqual(['https://example.test/a&b/watch/tom-jerry']);
      expect(movies.body).not.toMatch(/&(?!amp;)/);
    } finally {
      await odd.close();
    }
  });
});
