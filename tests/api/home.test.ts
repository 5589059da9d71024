// The home page's sections on a real database: built-in defaults while `home_sections` is empty, only published
// movies, empty sections left out, stored sections in their order (kept in memory, and followed by another node),
// settings checked, and a fixed statement count.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodes, homeSections, movies } from '#server/db/schema/index.ts';
import type { HomeBlock } from '#server/domain/site/home.service.ts';
import { buildApp } from '#server/app.ts';
import { queryWithKeptPlan } from '#server/db/client.ts';
import { loadConfig } from '#server/config.ts';
import { TEST_AUTH_SECRET } from '#tests/app-utils.ts';
import { waitFor } from '#tests/wait-utils.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp({ web: true });
const ids: Record<string, number> = {};
const terms: Record<string, { id: number; slug: string }> = {};

const titles = (block: HomeBlock | undefined) =>
  block?.kind === 'row'
    ? block.movies.map((movie) => movie.title)
    : block?.kind === 'hero'
      ? block.slides.map((slide) => slide.title)
      : [];
const page = () => t.app.services.home.getPage();
const rowOf = (
  blocks: HomeBlock[],
  predicate: (block: Extract<HomeBlock, { kind: 'row' }>) => boolean,
) => blocks.find((block) => block.kind === 'row' && predicate(block));

/** The rendered home page as an English visitor gets it (a 200). */
async function englishHomePage() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/',
    headers: { 'accept-language': 'en' },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('an empty catalogue', () => {
  it('has no sections, and the page still welcomes visitors', async () => {
    // Only the viewer's own Continue watching, which the page fills for a signed-in viewer.
    expect((await page()).blocks.map((block) => block.kind)).toEqual(['continue']);
    const html = await englishHomePage();
    expect(html).toContain('Your cinema, everywhere');
    expect(html).toContain('The catalogue is being stocked');
  });
});

describe('the default sections', () => {
  beforeAll(async () => {
    const {
      terms: termsService,
      movies: moviesService,
      episodes: episodesService,
    } = t.app.services;
    for (const [key, kind, name, order] of [
      ['series', 'type', 'Phim bộ', 1],
      ['single', 'type', 'Phim lẻ', 2],
      ['cartoon', 'type', 'Hoạt hình', 3],
      ['action', 'genre', 'Hành động', 1],
      ['romance', 'genre', 'Tình cảm', 2],
      ['horror', 'genre', 'Kinh dị', 3],
      ['korea', 'nation', 'Hàn Quốc', 1],
    ] as const) {
      const term = await termsService.create(kind, { name, order });
      terms[key] = { id: term.id, slug: term.slug };
    }
    const make = async (
      title: string,
      extra: Parameters<typeof moviesService.create>[0] extends infer I ? Partial<I> : never,
    ) => {
      const movie = await moviesService.create({ title, published: true, ...extra });
      ids[title] = movie.id;
      return movie;
    };
    await make('Hạ Cánh Nơi Anh', {
      original_title: 'Crash Landing on You',
      description: '<p>Một nữ thừa kế <strong>Hàn Quốc</strong> &amp; một sĩ quan.</p>',
      type_id: terms.series!.id,
      genre_ids: [terms.romance!.id],
      nation_ids: [terms.korea!.id],
      featured: true,
      backdrop: '/storage/demo/backdrop.webp',
    });
    await make('Mai', {
      type_id: terms.single!.id,
      genre_ids: [terms.romance!.id],
      featured: true,
    });
    await make('Bản Nháp Nổi Bật', {
      type_id: terms.series!.id,
      genre_ids: [terms.action!.id],
      featured: true,
      recommended: true,
      published: false,
    });
    await make('Lật Mặt 7', {
      type_id: terms.single!.id,
      genre_ids: [terms.action!.id],
      recommended: true,
    });
    await make('Đào, Phở và Piano', { type_id: terms.single!.id });
    // A cartoon that is not published: its type has no row.
    await make('Doraemon Nháp', { type_id: terms.cartoon!.id, published: false });

    // Episodes: "Mai" got the newest, then the draft, then the drama.
    for (const [title, minutesAgo] of [
      ['Hạ Cánh Nơi Anh', 30],
      ['Bản Nháp Nổi Bật', 20],
      ['Mai', 10],
    ] as const) {
      const server = await episodesService.createServer(ids[title]!, 'Vietsub #1');
      const episode = await episodesService.create(ids[title]!, {
        server_id: server.id,
        name: 'Tập 1',
        source_type: 'hls',
        source_url: 'https://cdn.example/1.m3u8',
      });
      await t.db
        .update(episodes)
        .set({ createdAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(episodes.id, episode.id));
    }
    // Views come from watching; the test writes them as the counters would.
    await t.db.update(movies).set({ viewsWeek: 50 }).where(eq(movies.id, ids['Lật Mặt 7']!));
    await t.db
      .update(movies)
      .set({ viewsWeek: 900 })
      .where(eq(movies.id, ids['Bản Nháp Nổi Bật']!));
    await t.db.update(movies).set({ viewsWeek: 120 }).where(eq(movies.id, ids['Mai']!));
    // Written through the services, not the admin API (which would clear them): the empty page's reads go.
    t.app.services.publicReads.clear();
  });

  it('start with a hero of published featured movies, backdrops first', async () => {
    const { blocks, customised } = await page();
    expect(customised).toBe(false);
    const hero = blocks[0];
    expect(hero?.kind).toBe('hero');
    expect(titles(hero)).toEqual(['Hạ Cánh Nơi Anh', 'Mai']);
    if (hero?.kind !== 'hero') return;
    expect(hero.slides[0]).toMatchObject({
      original_title: 'Crash Landing on You',
      excerpt: 'Một nữ thừa kế Hàn Quốc & một sĩ quan.',
      type: { name: 'Phim bộ', slug: 'phim-bo' },
      genres: [{ name: 'Tình cảm', slug: 'tinh-cam' }],
      first_ep: 'tap-1',
      backdrop: '/storage/demo/backdrop.webp',
    });
  });

  it('list newest episodes, most viewed this week, rows by type and genre, only published', async () => {
    const { blocks } = await page();
    const latest = rowOf(blocks, (block) => block.source === 'latest_episodes');
    expect(titles(latest)).toEqual(['Mai', 'Hạ Cánh Nơi Anh']);
    const trending = rowOf(blocks, (block) => block.source === 'most_viewed');
    expect(titles(trending)).toEqual(['Mai', 'Lật Mặt 7']);
    const recommended = rowOf(blocks, (block) => block.source === 'recommended');
    expect(titles(recommended)).toEqual(['Lật Mặt 7']);

    const termRows = blocks.flatMap((block) =>
      block.kind === 'row' && block.term ? [`${block.term.kind}:${block.term.name}`] : [],
    );
    // Types in their order, the cartoon type (no published movie) left out; then the first two genres with movies.
    expect(termRows).toEqual(['type:Phim bộ', 'type:Phim lẻ', 'genre:Hành động', 'genre:Tình cảm']);
    const singles = rowOf(blocks, (block) => block.term?.name === 'Phim lẻ');
    // Recently updated first: a new episode counts as an update, so "Mai" leads.
    expect(titles(singles)).toEqual(['Mai', 'Đào, Phở và Piano', 'Lật Mặt 7']);
    expect(singles).toMatchObject({ sort: 'updated', term: { slug: 'phim-le' } });

    const everything = blocks.flatMap(titles);
    expect(everything).not.toContain('Bản Nháp Nổi Bật');
    expect(everything).not.toContain('Doraemon Nháp');
    expect(blocks.map((block) => block.kind === 'row' && block.movies.length === 0)).not.toContain(
      true,
    );
  });

  it('keeps a statement per text, its values written in it as they are', async () => {
    const select = (title: string) =>
      queryWithKeptPlan(t.db, sql`select ${title}::text as title, ${16}::int as n`);
    for (const title of ["Đào, Phở 'và' Piano", 'Mai', "Đào, Phở 'và' Piano"])
      expect((await select(title)).rows).toEqual([{ title, n: 16 }]);
  });

  it('reads the page in four statements at most, however many rows it has, each with its plan kept', async () => {
    await page();
    const pool = t.db.$client;
    const original = pool.query.bind(pool);
    const statements: Array<{ text: string; name?: string }> = [];
    pool.query = ((...args: Parameters<typeof original>) => {
      const [query] = args as unknown as [string | { text: string; name?: string }];
      statements.push(typeof query === 'string' ? { text: query } : query);
      return original(...args);
    }) as typeof pool.query;
    try {
      await page();
    } finally {
      pool.query = original;
    }
    // The hero, the terms with movies, and the rows in two statements side by side; the sections are in memory.
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThanOrEqual(4);
    expect(statements.map((statement) => statement.text).join('\n')).not.toContain('home_sections');
    // Named, with the values in the text: each connection plans them once.
    for (const statement of statements) expect(statement.name).toMatch(/^kept-/);
  });

  it('renders the hero and the rows on the page, linking to details and listings', async () => {
    const html = await englishHomePage();
    expect(html).toContain('Crash Landing on You');
    expect(html).toContain('href="/watch/ha-canh-noi-anh"');
    expect(html).toContain('href="/watch/ha-canh-noi-anh/tap-1"');
    expect(html).toContain('href="/phim-le"');
    expect(html).toContain('href="/movies?sort=views"');
    expect(html).not.toContain('Bản Nháp Nổi Bật');
    expect(html).not.toContain('The catalogue is being stocked');
  });
});

describe('stored sections', () => {
  afterAll(async () => {
    await t.app.services.home.saveSections([]);
  });

  it('are followed by another node, which keeps them in memory as this one does', async () => {
    const config = loadConfig({}, { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' });
    const other = await buildApp({ config, db: t.db, authSecret: TEST_AUTH_SECRET, web: false });
    await other.ready();
    try {
      expect((await other.services.home.getPage()).customised).toBe(false);
      await t.app.services.home.saveSections([{ kind: 'latest_episodes', title: 'Tập mới' }]);
      await waitFor(async () => {
        const { blocks } = await other.services.home.getPage();
        return blocks.length === 1 && blocks[0]!.title === 'Tập mới' ? true : undefined;
      }, 5000);
    } finally {
      await other.close();
    }
  });

  it('replace the defaults, in their order, hidden ones and unknown terms left out', async () => {
    const saved = await t.app.services.home.saveSections([
      {
        kind: 'term',
        title: 'Bom tấn hành động',
        settings: { term_id: terms.action!.id, sort: 'views' },
      },
      { kind: 'hero', visible: false },
      { kind: 'trending_week', settings: { limit: 1 } },
      { kind: 'term', settings: { term_id: 999_999 } },
      { kind: 'latest_episodes' },
    ]);
    // The old `trending_week` kind reads as "most viewed this week".
    expect(saved.map((section) => section.kind)).toEqual([
      'term',
      'hero',
      'most_viewed',
      'term',
      'latest_episodes',
    ]);
    expect(saved[2]).toMatchObject({ settings: { window: 'week', limit: 1 } });
    expect(saved[4]).toMatchObject({ title: '', visible: true, settings: { limit: 16 } });
    const { blocks, customised } = await page();
    expect(customised).toBe(true);
    expect(blocks.map((block) => (block.kind === 'row' ? block.source : block.kind))).toEqual([
      'term',
      'most_viewed',
      'latest_episodes',
    ]);
    expect(blocks[0]).toMatchObject({ title: 'Bom tấn hành động', sort: 'views' });
    expect(titles(blocks[0])).toEqual(['Lật Mặt 7']);
    expect(titles(blocks[1])).toEqual(['Mai']);
  });

  it('are checked: unknown kinds, bad settings and unknown keys are refused with the field named', async () => {
    const { home } = t.app.services;
    for (const [input, field] of [
      [{ kind: 'banner' }, 'sections.0.kind'],
      [{ kind: 'hero', settings: { limit: 0 } }, 'sections.0.settings.limit'],
      [{ kind: 'trending_week', settings: { limit: 500 } }, 'sections.0.settings.limit'],
      [{ kind: 'most_viewed', settings: { window: 'year' } }, 'sections.0.settings.window'],
      [{ kind: 'picked', settings: { movie_ids: [] } }, 'sections.0.settings.movie_ids'],
      [{ kind: 'hero', settings: { source: 'picked' } }, 'sections.0.settings.movie_ids'],
      [{ kind: 'latest_episodes', layout: 'carousel' }, 'sections.0.layout'],
      [{ kind: 'term', settings: {} }, 'sections.0.settings.term_id'],
      [{ kind: 'term_rows', settings: { term_kind: 'studio' } }, 'sections.0.settings.term_kind'],
      [{ kind: 'recommended', settings: { limti: 5 } }, 'sections.0.settings'],
      [{ kind: 'hero', title: 'x'.repeat(81) }, 'sections.0.title'],
    ] as const) {
      const error = await home.saveSections([input]).catch((caught: unknown) => caught);
      expect(error, JSON.stringify(input)).toMatchObject({
        kind: 'invalid',
        code: 'validation_failed',
        fields: { [field]: expect.any(String) },
      });
    }
    // Nothing was written by the refused saves.
    expect(await home.listSections()).toHaveLength(5);
  });

  it('skip a stored row that no longer parses instead of breaking the page', async () => {
    await t.db.insert(homeSections).values([
      { kind: 'carousel-v0', settings: {}, sortOrder: 10 },
      { kind: 'hero', settings: { limit: 'many' }, sortOrder: 11 },
    ]);
    // Written behind the service's back: it reads them again as after a restore.
    await t.app.services.home.reload();
    const { blocks } = await page();
    expect(blocks).toHaveLength(3);
    await t.db.delete(homeSections).where(inArray(homeSections.kind, ['carousel-v0', 'hero']));
    await t.app.services.home.reload();
  });
});
