// `/movies` and the Movies Page Manager's setting (decision 049): admins only, checked; the page's default sort,
// page size, filters (which and in what order), banner and SEO texts follow the setting at once; the URL keeps only
// set values; a page past the end sends the visitor to the last page.
import { beforeAll, describe, expect, it } from 'vitest';
import { createMovie, createUser, type CreatedUser, type Movie } from '#tests/factories.ts';
import { expectInvalid } from './accounts-client.ts';
import { browserGet, expectAdminsOnly, withTestApp } from './helpers.ts';

const t = withTestApp({ web: true });
let admin: CreatedUser;
const films: Movie[] = [];

const get = (url: string) => browserGet(t, url, { 'accept-language': 'en' });
const cards = (html: string) => html.match(/data-testid="movie-card"/g)?.length ?? 0;
/** The places of the cards after the first twelve, until the viewer nears them (decision 065). */
const places = (html: string) => html.match(/class="card-place"/g)?.length ?? 0;
const selects = (html: string) =>
  [...html.matchAll(/<select[^>]*aria-label="([^"]+)"/g)].map((match) => match[1]);

beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin' });
  // 26 published films: three pages of 12, two of 24.
  for (let index = 0; index < 26; index++)
    films.push(
      await createMovie(admin.client, {
        title: `Phim số ${String(index + 1).padStart(2, '0')}`,
        year: 2000 + index,
        published: true,
        backdrop: '/storage/demo/backdrop.webp',
        description: 'Một câu chuyện về gia đình.',
      }),
    );
});

describe('the movies page setting', () => {
  it('keeps guests and viewers out, and refuses bad values', async () => {
    await expectAdminsOnly(t, '/api/admin/settings/movies_page');
    const put = (body: object) => admin.client.put('/api/admin/settings/movies_page', body);
    expectInvalid(await put({ page_size: 5 }), 'page_size');
    expectInvalid(await put({ default_sort: 'relevance' }), 'default_sort');
    expectInvalid(await put({ filters: ['genre', 'genre'] }), 'filters');
    expectInvalid(await put({ filters: ['studio'] }), 'filters.0');
    expectInvalid(await put({ banner: { movie_id: 'one' } }), 'banner.movie_id');
    expectInvalid(await put({ seo_title: 'x'.repeat(121) }), 'seo_title');
    const read = await admin.client.get('/api/admin/settings/movies_page');
    expect(read.json()).toMatchObject({
      default_sort: 'updated',
      page_size: 24,
      filters: expect.any(Array),
    });
  });

  it('is applied to /movies at once: sort, page size, filters, banner and SEO texts', async () => {
    const before = (await get('/movies')).body;
    expect(cards(before) + places(before)).toBe(24);
    expect(places(before)).toBe(12);
    const crawled = await t.app.inject({
      method: 'GET',
      url: '/movies',
      headers: {
        'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      },
    });
    expect([cards(crawled.body), places(crawled.body)]).toEqual([24, 0]);
    expect(before).not.toContain('data-testid="movies-banner"');
    const saved = await admin.client.put('/api/admin/settings/movies_page', {
      default_sort: 'title',
      page_size: 12,
      filters: ['year', 'genre'],
      banner: { movie_id: films[3]!.id, title: 'Phim của tuần', text: '' },
      seo_title: 'Kho phim đầy đủ',
      seo_description: 'Mọi bộ phim hay, cập nhật mỗi ngày.',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const html = (await get('/movies')).body;
    expect(cards(html)).toBe(12);
    expect(html).toContain('<title>Kho phim đầy đủ | Phim</title>');
    expect(html).toContain('content="Mọi bộ phim hay, cập nhật mỗi ngày."');
    // Year, then genre, then the sort: nothing else.
    expect(selects(html)).toEqual(['Year', 'Genre', 'Sort by']);
    // By title: "Phim số 01" first.
    expect(html.indexOf('Phim số 01')).toBeLessThan(html.indexOf('Phim số 02'));
    expect(html).toContain('data-testid="movies-banner"');
    expect(html).toContain('Phim của tuần');
    expect(html).toContain('Một câu chuyện về gia đình.');
    // Not over a filtered list or a later page.
    expect((await get('/movies?year=2003')).body).not.toContain('data-testid="movies-banner"');
    expect((await get('/movies?page=2')).body).not.toContain('data-testid="movies-banner"');
    // Back to the built-in values.
    await admin.client.put('/api/admin/settings/movies_page', {});
  });
});

describe('/movies', () => {
  it('keeps only set values in the URL', async () => {
    const response = await get('/movies?genre=&year=2004&status=&q=');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/movies?year=2004');
    const bare = await get('/movies?genre=&sort=');
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/movies');
  });

  it('sends a page past the end to the last page', async () => {
    const past = await get('/movies?page=9&year=2004');
    expect(past.statusCode).toBe(302);
    expect(past.headers.location).toBe('/movies?year=2004');
    const beyond = await get('/movies?page=44');
    expect(beyond.statusCode).toBe(302);
    expect(beyond.headers.location).toBe('/movies?page=2');
    const last = await get('/movies?page=2');
    expect(last.statusCode).toBe(200);
    expect(cards(last.body)).toBe(2);
    // Nothing matches at all: the first (empty) page.
    const none = await get('/movies?year=1999&page=3');
    expect(none.headers.location).toBe('/movies?year=1999');
    expect((await get('/movies?year=1999')).statusCode).toBe(200);
  });

  it('offers no Filter button: the selects apply as they change', async () => {
    const html = (await get('/movies')).body;
    // The button is for browsers without JavaScript only.
    expect(html).toMatch(/<noscript>.*<button[^>]*type="submit"/s);
  });

  it("draws the header's icons with CSS, not an SVG each (decision 066)", async () => {
    const html = (await get('/movies')).body;
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    for (const name of [
      'menu',
      'play',
      'chevron-down',
      'search',
      'arrow-left',
      'languages',
      'log-in',
    ])
      expect(header).toContain(`class="icon icon-${name}`);
    expect(header).toMatch(/class="icon icon-(sun|moon)"/);
    expect(header).not.toContain('<svg');
  });
});
