// What crawlers and link previews read in the server-rendered pages: canonical URLs, OpenGraph and Twitter tags with
// the poster, JSON-LD that parses (Movie, TVSeries, BreadcrumbList, WebSite), and noindex where search has no business.
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { movies } from '#server/db/schema/index.ts';
import { solidImage } from '#tests/image-utils.ts';
import { browserGet, withTestApp } from './helpers.ts';

const SITE = 'https://phim.example';
const POSTER = '/storage/uploads/2026/11/poster-seo.webp';
const BACKDROP = '/storage/uploads/2026/11/backdrop-seo.webp';
const TRICKY_TITLE = 'Tom & Jerry </script><script>alert(1)</script>';

const t = withTestApp({ web: true, env: { PUBLIC_URL: SITE } });
let film: { slug: string };
let series: { slug: string };

beforeAll(async () => {
  for (const [src, width, height] of [
    [POSTER, 400, 600],
    [BACKDROP, 1280, 720],
  ] as const) {
    const file = path.join(t.dataDir, 'storage', src.slice('/storage/'.length));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, await solidImage('webp', width, height, '#123456'));
  }
  const { terms, movies: catalog, episodes } = t.app.services;
  const action = await terms.create('genre', { name: 'Hành Động' });
  const korea = await terms.create('nation', { name: 'Hàn Quốc' });
  const single = await terms.create('type', { name: 'Phim Lẻ' });
  const serial = await terms.create('type', { name: 'Phim Bộ' });
  await terms.create('genre', {
    name: 'Tình Cảm',
    description: 'Những câu chuyện tình yêu làm rung động lòng người.',
  });
  film = await catalog.create({
    title: TRICKY_TITLE,
    original_title: 'Tom and Jerry',
    slug: 'tom-and-jerry',
    description: '<p>Mèo <strong>Tom</strong> &amp; chuột Jerry.</p><p>Đuổi bắt không ngừng.</p>',
    poster: POSTER,
    backdrop: BACKDROP,
    type_id: single.id,
    genre_ids: [action.id],
    nation_ids: [korea.id],
    year: 2021,
    episode_runtime: 101,
    total_episodes: 1,
    actors: ['Chloë Grace Moretz'],
    directors: ['Tim Story'],
    published: true,
  });
  const created = await catalog.create({
    title: 'Hạ Cánh Nơi Anh',
    original_title: 'Crash Landing on You',
    type_id: serial.id,
    genre_ids: [action.id],
    year: 2019,
    total_episodes: 16,
    poster: POSTER,
    published: true,
  });
  series = created;
  const server = await episodes.createServer(created.id, 'Vietsub #1');
  await episodes.createMany(
    created.id,
    server.id,
    'Tập 1|https://cdn.example/1.m3u8\nTập 2|https://cdn.example/2.m3u8',
  );
  await t.db
    .update(movies)
    .set({ ratingAverage: '8.7', ratingCount: 120 })
    .where(eq(movies.id, created.id));
  await catalog.create({ title: 'Phim Nháp', slug: 'phim-nhap', published: false });
});

const get = (url: string, headers: Record<string, string> = {}) => browserGet(t, url, headers);

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** `<meta property|name="key" content="…">` values, in order. */
function metas(html: string, key: string) {
  return [...head(html).matchAll(/<meta\s([^>]*)\/?>/g)]
    .map((match) => match[1]!)
    .filter((attributes) => new RegExp(`(?:property|name)="${key}"`).test(attributes))
    .map((attributes) => decode(/content="([^"]*)"/.exec(attributes)?.[1] ?? ''));
}
const meta = (html: string, key: string) => metas(html, key)[0];
const canonical = (html: string) =>
  [...head(html).matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => decode(m[1]!));

type Ld = Record<string, unknown> & { '@type': string };
/** Every JSON-LD block of the page, parsed as a crawler would (the \u escapes are JSON's own). */
function jsonLd(html: string): Ld[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Ld,
  );
}
const ofType = (html: string, type: string) =>
  jsonLd(html).filter((item) => item['@type'] === type);

describe('movie detail', () => {
  it('has its canonical URL, description, OpenGraph with the poster and a large Twitter card', async () => {
    const response = await get(`/watch/${film.slug}?utm_source=zalo&fbclid=abc`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(canonical(html)).toEqual([`${SITE}/watch/tom-and-jerry`]);
    expect(meta(html, 'description')).toBe('Mèo Tom & chuột Jerry. Đuổi bắt không ngừng.');
    expect(meta(html, 'og:url')).toBe(`${SITE}/watch/tom-and-jerry`);
    expect(meta(html, 'og:type')).toBe('video.movie');
    expect(meta(html, 'og:title')).toBe(TRICKY_TITLE);
    expect(meta(html, 'og:site_name')).toBe('Phim');
    expect(meta(html, 'og:locale')).toBe('vi_VN');
    expect(metas(html, 'og:image')).toEqual([`${SITE}${POSTER}`, `${SITE}${BACKDROP}`]);
    expect(metas(html, 'og:image:width')).toEqual(['400', '1280']);
    expect(metas(html, 'og:image:height')).toEqual(['600', '720']);
    expect(meta(html, 'og:image:type')).toBe('image/webp');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(`${SITE}${BACKDROP}`);
    expect(metas(html, 'robots')).toEqual([]);
    // The poster is really there for the preview robot to fetch.
    expect((await get(POSTER)).statusCode).toBe(200);
  });

  it('describes a single film as a Movie whose JSON-LD a title cannot break out of', async () => {
    const html = (await get(`/watch/${film.slug}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    const [movie] = ofType(html, 'Movie');
    expect(movie).toMatchObject({
      '@context': 'https://schema.org',
      name: TRICKY_TITLE,
      alternateName: 'Tom and Jerry',
      url: `${SITE}/watch/tom-and-jerry`,
      image: `${SITE}${POSTER}`,
      datePublished: '2021',
      duration: 'PT101M',
      genre: ['Hành Động'],
      countryOfOrigin: { '@type': 'Country', name: 'Hàn Quốc' },
      actor: [{ '@type': 'Person', name: 'Chloë Grace Moretz' }],
      director: [{ '@type': 'Person', name: 'Tim Story' }],
    });
    expect(movie).not.toHaveProperty('aggregateRating');
    expect(ofType(html, 'TVSeries')).toEqual([]);
    const [crumbs] = ofType(html, 'BreadcrumbList');
    expect(
      (crumbs!.itemListElement as Array<{ name: string; item: string; position: number }>).map(
        ({ position, name, item }) => [position, name, item],
      ),
    ).toEqual([
      [1, 'Trang chủ', `${SITE}/`],
      [2, 'Phim Lẻ', `${SITE}/phim-le`],
      [3, TRICKY_TITLE, `${SITE}/watch/tom-and-jerry`],
    ]);
  });

  it('carries the CSP nonce on its JSON-LD like on every other script', async () => {
    const response = await get(`/watch/${film.slug}`);
    const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    const blocks = [...response.body.matchAll(/<script type="application\/ld\+json"([^>]*)>/g)];
    expect(blocks.length).toBe(2);
    for (const [, attributes] of blocks) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it('describes a series as a TVSeries with its episodes and rating', async () => {
    const html = (await get(`/watch/${series.slug}`, { 'accept-language': 'en' })).body;
    expect(meta(html, 'og:type')).toBe('video.tv_show');
    expect(meta(html, 'og:locale')).toBe('en_US');
    // No description written: one is made in the page's language.
    expect(meta(html, 'description')).toBe('Watch Hạ Cánh Nơi Anh (2019) online in HD on Phim.');
    // Without a backdrop the poster is the card's image.
    expect(meta(html, 'twitter:image')).toBe(`${SITE}${POSTER}`);
    const [show] = ofType(html, 'TVSeries');
    expect(show).toMatchObject({
      name: 'Hạ Cánh Nơi Anh',
      alternateName: 'Crash Landing on You',
      startDate: '2019',
      numberOfEpisodes: 16,
      episode: [
        {
          '@type': 'Episode',
          name: 'Tập 1',
          episodeNumber: 1,
          url: `${SITE}/watch/${series.slug}/tap-1`,
        },
        {
          '@type': 'Episode',
          name: 'Tập 2',
          episodeNumber: 2,
          url: `${SITE}/watch/${series.slug}/tap-2`,
        },
      ],
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 8.7,
        ratingCount: 120,
        bestRating: 10,
      },
    });
    expect(ofType(html, 'Movie')).toEqual([]);
  });
});

describe('listing and landings', () => {
  it('keep the page and filters in the canonical URL, and drop the sort and tracking tags', async () => {
    const html = (await get('/movies?year=2021&sort=views&utm_campaign=x&page=1')).body;
    expect(canonical(html)).toEqual([`${SITE}/movies?year=2021`]);
    expect(metas(html, 'robots')).toEqual([]);
    expect(meta(html, 'description')).toContain('Tất cả phim trên Phim');
    const [crumbs] = ofType(html, 'BreadcrumbList');
    expect(crumbs!.itemListElement).toHaveLength(2);
  });

  it('point a single genre filter at the genre landing, and keep combinations out of the index', async () => {
    expect(canonical((await get('/movies?genre=hanh-dong&sort=title')).body)).toEqual([
      `${SITE}/hanh-dong`,
    ]);
    const combined = (await get('/movies?genre=hanh-dong&nation=han-quoc')).body;
    expect(canonical(combined)).toEqual([`${SITE}/movies?genre=hanh-dong&nation=han-quoc`]);
    expect(metas(combined, 'robots')).toEqual(['noindex, follow']);
    expect(metas((await get('/movies?q=tom')).body, 'robots')).toEqual(['noindex, follow']);
  });

  it('give a landing its description, else a generated one in the page language', async () => {
    const written = (await get('/tinh-cam')).body;
    expect(meta(written, 'description')).toBe(
      'Những câu chuyện tình yêu làm rung động lòng người.',
    );
    expect(canonical(written)).toEqual([`${SITE}/tinh-cam`]);
    const generated = (await get('/hanh-dong?genre=other&sort=year')).body;
    expect(canonical(generated)).toEqual([`${SITE}/hanh-dong`]);
    expect(meta(generated, 'description')).toBe(
      'Phim Hành Động hay nhất trên Phim: phim lẻ và phim bộ chất lượng HD, cập nhật liên tục.',
    );
    const [crumbs] = ofType(generated, 'BreadcrumbList');
    expect((crumbs!.itemListElement as Array<{ name: string }>).map((item) => item.name)).toEqual([
      'Trang chủ',
      'Phim',
      'Hành Động',
    ]);
  });
});

describe('home', () => {
  it('declares the WebSite with its search box on /movies?q=', async () => {
    const html = (await get('/')).body;
    expect(canonical(html)).toEqual([`${SITE}/`]);
    expect(meta(html, 'description')).toBeTruthy();
    expect(meta(html, 'twitter:card')).toBe('summary');
    const [site] = ofType(html, 'WebSite');
    expect(site).toMatchObject({
      name: 'Phim',
      url: `${SITE}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${SITE}/movies?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});

describe('pages kept out of search', () => {
  it.each(['/vnwa/login', '/auth/login', '/auth/register'])(
    '%s is noindex, with no canonical or preview',
    async (url) => {
      const html = (await get(url)).body;
      expect(metas(html, 'robots')).toEqual(['noindex, follow']);
      expect(canonical(html)).toEqual([]);
      expect(meta(html, 'og:title')).toBeUndefined();
    },
  );

  it.each(['/no/such/page', '/watch/no-such-movie', '/watch/phim-nhap', '/no-such-landing'])(
    'the 404 at %s is noindex',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(metas(response.body, 'robots')).toEqual(['noindex, follow']);
      expect(canonical(response.body)).toEqual([]);
      expect(jsonLd(response.body)).toEqual([]);
    },
  );
});
