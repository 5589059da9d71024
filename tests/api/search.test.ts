// The public search: suggestions (diacritics optional, original titles, partial words, one typo, best match first,
// published movies only, input checked, briefly cacheable) and the results page `/movies?q=` (needs the build).
import { beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_THRESHOLD } from '#server/domain/catalog/search.service.ts';
import { createMovie } from '#tests/factories.ts';
import type { Client } from './accounts-client.ts';
import { signInFirstAdmin } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp({ web: true });
let admin: Client;

type Suggestion = {
  id: number;
  slug: string;
  title: string;
  original_title: string;
  year: number | null;
  poster: string | null;
  type: string | null;
};

async function suggest(q: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/search/suggest?${new URLSearchParams({ q })}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Suggestion[] }).data;
}
const titles = async (q: string) => (await suggest(q)).map((movie) => movie.title);

beforeAll(async () => {
  admin = await signInFirstAdmin(t.app);
  const series = (await admin.post('/api/admin/terms/type', { name: 'Phim Bộ' })).json().term;
  for (const movie of [
    {
      title: 'Người Nhện: Không Còn Nhà',
      original_title: 'Spider-Man: No Way Home',
      year: 2021,
      poster: '/storage/posters/spider.webp',
      type_id: series.id,
    },
    { title: 'Người Nhện: Xa Nhà', original_title: 'Spider-Man: Far From Home', year: 2019 },
    { title: 'Đất Rừng Phương Nam', original_title: 'Song of the South', year: 2023 },
    { title: 'Hạ Cánh Nơi Anh', original_title: '사랑의 불시착', year: 2019 },
    { title: 'Nhà Bà Nữ', original_title: 'The House of No Man', year: 2023 },
    { title: 'Người Nhện Bí Mật', original_title: 'Secret Spider Project', published: false },
  ])
    await createMovie(admin, { published: true, ...movie });
});

describe('search suggestions', () => {
  it('find Vietnamese titles typed without diacritics, with poster, year and type', async () => {
    const found = await suggest('nguoi nhen');
    expect(found.map((movie) => movie.title).sort()).toEqual([
      'Người Nhện: Không Còn Nhà',
      'Người Nhện: Xa Nhà',
    ]);
    expect(found.find((movie) => movie.year === 2021)).toMatchObject({
      slug: 'nguoi-nhen-khong-con-nha',
      original_title: 'Spider-Man: No Way Home',
      poster: '/storage/posters/spider.webp',
      type: 'Phim Bộ',
    });
    expect(await titles('DAT RUNG')).toEqual(['Đất Rừng Phương Nam']);
    expect(await titles('Đất rừng')).toEqual(['Đất Rừng Phương Nam']);
  });

  it('match original titles, in any script', async () => {
    expect(await titles('far from home')).toEqual(['Người Nhện: Xa Nhà']);
    expect(await titles('불시착')).toEqual(['Hạ Cánh Nơi Anh']);
  });

  it('match partial words', async () => {
    expect(await titles('phuong na')).toEqual(['Đất Rừng Phương Nam']);
    expect(await titles('spider')).toHaveLength(2);
  });

  it('tolerate a typo', async () => {
    expect(await titles('dat rugn phuong nam')).toEqual(['Đất Rừng Phương Nam']);
    expect(await titles('ha canh noi ang')).toEqual(['Hạ Cánh Nơi Anh']);
    expect((await titles('nguoi nhwn')).sort()).toEqual([
      'Người Nhện: Không Còn Nhà',
      'Người Nhện: Xa Nhà',
    ]);
  });

  it('leave every pooled connection at the close threshold after a loose pass', async () => {
    // A joined word comes near no title at the close threshold: the loose pass finds it, in a transaction.
    expect((await titles('spiderman')).sort()).toEqual([
      'Người Nhện: Không Còn Nhà',
      'Người Nhện: Xa Nhà',
    ]);
    const clients = await Promise.all([0, 1, 2, 3].map(() => t.db.$client.connect()));
    try {
      for (const client of clients) {
        const { rows } = await client.query('show pg_trgm.word_similarity_threshold');
        expect(Object.values(rows[0] as object)[0]).toBe(String(CLOSE_THRESHOLD));
      }
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('are planned from ten sample titles, not the default hundred (migration 0014, decision 080)', async () => {
    // pg_trgm estimates a search by trying it on the column's sample: a hundred cost every search 1 ms of planning.
    const { rows } = await t.db.$client.query<{ target: number }>(
      `select attstattarget::int as target from pg_attribute
        where attrelid = 'movies'::regclass and attname = 'search_text'`,
    );
    expect(rows).toEqual([{ target: 10 }]);
  });

  it('read a pending list of 64 kB at most, however many views rewrite movies (migration 0015, decision 081)', async () => {
    // Each counted view rewrites its movie's row; its trigrams wait in the index's pending list, which every search
    // reads whole: at GIN's default 4 MB, 3,000 views doubled a search's time at 100,000 movies.
    const { rows } = await t.db.$client.query<{ options: string[] | null }>(
      `select reloptions as options from pg_class where relname = 'movies_search_trgm_idx'`,
    );
    expect(rows).toEqual([{ options: ['gin_pending_list_limit=64'] }]);
  });

  it('put the closest title first', async () => {
    expect((await titles('nguoi nhen xa nha'))[0]).toBe('Người Nhện: Xa Nhà');
    // A title that starts with the query comes before one that merely contains it ("Người Nhện: Xa Nhà").
    expect((await titles('nha ba'))[0]).toBe('Nhà Bà Nữ');
  });

  it('never show unpublished movies', async () => {
    expect(await titles('bi mat')).toEqual([]);
    expect(await titles('secret spider project')).toEqual([]);
    expect(await titles('nguoi nhen')).not.toContain('Người Nhện Bí Mật');
  });

  it('answer nothing for a query with no letters, and short queries match word starts', async () => {
    expect(await suggest('!!!')).toEqual([]);
    expect(await titles('xa')).toEqual(['Người Nhện: Xa Nhà']);
  });

  it('reject a missing, empty or overlong query and unknown parameters', async () => {
    for (const url of [
      '/api/search/suggest',
      '/api/search/suggest?q=',
      '/api/search/suggest?q=%20%20',
      `/api/search/suggest?q=${'a'.repeat(101)}`,
      '/api/search/suggest?q=a&limit=50',
      '/api/search/suggest?q=a&drop=1',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().error.code, url).toBe('validation_failed');
    }
  });

  it('may be cached briefly and appear in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search/suggest?q=nha' });
    expect(response.headers['cache-control']).toMatch(/^public, max-age=60/);
    const openapi = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(
      openapi.paths['/api/search/suggest'].get.parameters.map((p: { name: string }) => p.name),
    ).toEqual(['q', 'limit']);
  });
});

describe('the results page', () => {
  /** The titles of the cards on `/movies?…`, in page order, and the result count line. */
  async function page(query: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/movies?${query}`,
      headers: { cookie: 'i18n_redirected=en' },
    });
    expect(response.statusCode).toBe(200);
    const cards = [...response.body.matchAll(/data-testid="movie-card".*?<p[^>]*>([^<]+)<\/p>/g)];
    return {
      titles: cards.map((match) => match[1]),
      count: /data-testid="result-count"[^>]*>([^<]+)</.exec(response.body)?.[1],
      html: response.body,
    };
  }

  it('lists the matches, best first, with their count and the query as heading and title', async () => {
    const found = await page('q=nguoi+nhen+xa+nha');
    expect(found.titles[0]).toBe('Người Nhện: Xa Nhà');
    expect(found.titles).not.toContain('Người Nhện Bí Mật');
    expect(found.count).toBe(`Movies found: ${found.titles.length}`);
    expect(found.html).toContain('<title>Search: nguoi nhen xa nha | Phim</title>');
    expect(found.html).toContain('“nguoi nhen xa nha”');
    expect(found.html).toMatch(/<option value="relevance" selected="">Best match<\/option>/);
  });

  it('forgives a typo, keeps filters, and says when nothing matches', async () => {
    expect((await page('q=dat+rugn+phuong')).titles).toEqual(['Đất Rừng Phương Nam']);
    expect((await page('q=nguoi+nhen&year=2019')).titles).toEqual(['Người Nhện: Xa Nhà']);
    const none = await page('q=zzqx+wvvw');
    expect(none.count).toBe('Movies found: 0');
    expect(none.html).toContain('No movie matches “zzqx wvvw”');
  });

  it('cuts an overlong query instead of failing, and offers no relevance sort without one', async () => {
    expect((await page(`q=${'nha '.repeat(60)}`)).count).toMatch(/^Movies found: \d+$/);
    expect((await page('')).html).not.toContain('value="relevance"');
  });
});
