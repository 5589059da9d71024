// The Home Page Manager's API and what the home page does with it (decision 049): admins only, every section
// checked (hand-picked ids must be movies), the order saved, the public home following at once, each layout
// rendered, Continue watching where the admin put it, and an admin's `?preview=` draft.
import { beforeAll, describe, expect, it } from 'vitest';
import { createMovie, createUser, type CreatedUser, type Movie } from '#tests/factories.ts';
import { expectInvalid } from './accounts-client.ts';
import { browserGet, expectAdminsOnly, withTestApp } from './helpers.ts';

const t = withTestApp({ web: true });
let admin: CreatedUser;
const films: Movie[] = [];

const put = (sections: unknown[]) => admin.client.put('/api/admin/home-sections', { sections });

/** The home page's HTML as an English visitor (or the given user) gets it. */
async function homeHtml(url = '/', cookie?: string) {
  const response = await browserGet(t, url, {
    'accept-language': 'en',
    ...(cookie ? { cookie } : {}),
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The page's section headings (`h2`), in order. */
const headings = (html: string) =>
  [...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((match) => match[1]);

beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin' });
  for (const title of ['Đào, Phở và Piano', 'Lật Mặt 7', 'Nhà Bà Nữ', 'Bản nháp'])
    films.push(
      await createMovie(admin.client, {
        title,
        published: title !== 'Bản nháp',
        featured: title === 'Nhà Bà Nữ',
        backdrop: '/storage/demo/backdrop.webp',
      }),
    );
});

describe('the home sections API', () => {
  it('keeps guests and viewers out, reading and writing', async () => {
    await expectAdminsOnly(t, '/api/admin/home-sections');
    const { client: viewer } = await createUser(t.app);
    expect((await viewer.put('/api/admin/home-sections', { sections: [] })).statusCode).toBe(403);
  });

  it('answers the built-in sections while none are stored', async () => {
    const read = await admin.client.get('/api/admin/home-sections');
    expect(read.statusCode, read.body).toBe(200);
    const body = read.json() as { sections: Array<{ kind: string }>; customised: boolean };
    expect(body.customised).toBe(false);
    expect(body.sections.map((section) => section.kind)).toEqual([
      'hero',
      'continue_watching',
      'latest_episodes',
      'most_viewed',
      'term_rows',
      'recommended',
      'term_rows',
    ]);
  });

  it('refuses bad sections with the field named, and writes nothing', async () => {
    for (const [section, field] of [
      [{ kind: 'banner' }, 'sections.0.kind'],
      [{ kind: 'most_viewed', settings: { window: 'year' } }, 'sections.0.settings.window'],
      [{ kind: 'latest_episodes', layout: 'carousel' }, 'sections.0.layout'],
      [{ kind: 'recommended', title_vi: 'x'.repeat(81) }, 'sections.0.title_vi'],
      [{ kind: 'picked', settings: { movie_ids: [] } }, 'sections.0.settings.movie_ids'],
      [{ kind: 'picked', settings: { movie_ids: [1, 1] } }, 'sections.0.settings.movie_ids'],
      [{ kind: 'hero', settings: { source: 'picked' } }, 'sections.0.settings.movie_ids'],
      [{ kind: 'continue_watching', settings: { limit: 0 } }, 'sections.0.settings.limit'],
      [{ kind: 'term', settings: { term_id: 'one' } }, 'sections.0.settings.term_id'],
    ] as const)
      expectInvalid(await put([section]), field, JSON.stringify(section));
    expectInvalid(await admin.client.put('/api/admin/home-sections', {}), 'sections');
    expect(
      (await put(Array.from({ length: 41 }, () => ({ kind: 'recommended' })))).statusCode,
    ).toBe(422);
    expect((await admin.client.get('/api/admin/home-sections')).json()).toMatchObject({
      customised: false,
    });
  });

  it('checks that hand-picked ids are movies', async () => {
    expectInvalid(
      await put([
        { kind: 'recommended' },
        { kind: 'picked', settings: { movie_ids: [films[0]!.id, 999_999] } },
      ]),
      'sections.1.settings.movie_ids.1',
    );
    expectInvalid(
      await put([{ kind: 'hero', settings: { source: 'picked', movie_ids: [999_998] } }]),
      'sections.0.settings.movie_ids.0',
    );
  });

  it('saves the order, and the public home page follows at once', async () => {
    const [peach, face, mai, draft] = films;
    // Read once, so that the public reads cache holds the default page.
    expect(await homeHtml()).toContain('Nhà Bà Nữ');
    const saved = await put([
      {
        kind: 'picked',
        title: 'Staff picks',
        title_vi: 'Biên tập chọn',
        layout: 'grid',
        settings: { movie_ids: [face!.id, draft!.id, peach!.id] },
      },
      { kind: 'hero', settings: { source: 'picked', movie_ids: [peach!.id] } },
      { kind: 'latest_episodes', visible: false },
      { kind: 'recommended', title: 'Unused: nothing is recommended' },
      { kind: 'most_viewed', layout: 'landscape', settings: { window: 'month' } },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json() as { sections: Array<Record<string, unknown>>; customised: boolean };
    expect(body.customised).toBe(true);
    expect(body.sections.map((section) => section.kind)).toEqual([
      'picked',
      'hero',
      'latest_episodes',
      'recommended',
      'most_viewed',
    ]);
    expect(body.sections[0]).toMatchObject({ title_vi: 'Biên tập chọn', layout: 'grid' });
    expect(body.sections[2]).toMatchObject({ visible: false });

    const { blocks } = await t.app.services.home.getPage();
    // The unpublished pick is left out; the empty and hidden sections too; the hero shows the picked movie.
    expect(blocks.map((block) => block.kind)).toEqual(['row', 'hero']);
    expect(blocks[0]?.kind === 'row' && blocks[0].movies.map((movie) => movie.title)).toEqual([
      'Lật Mặt 7',
      'Đào, Phở và Piano',
    ]);
    expect(blocks[1]?.kind === 'hero' && blocks[1].slides.map((slide) => slide.title)).toEqual([
      'Đào, Phở và Piano',
    ]);

    // Cached a moment ago, and yet the page is the new one: the save cleared the public reads.
    const html = await homeHtml();
    expect(html).toContain('Staff picks');
    expect(html).toContain('data-testid="movie-grid"');
    const hero = html.indexOf('data-testid="hero"');
    expect(hero).toBeGreaterThan(0);
    expect(html.indexOf('Staff picks')).toBeLessThan(hero);
    // Each row where it stands in the page, not written at its end for a script to move back (decision 067).
    expect(html).not.toMatch(/<div hidden id="S:|\$RC\(/);
    const vi = (await browserGet(t, '/')).body;
    expect(vi).toContain('Biên tập chọn');
    // Featured, but the hero shows the hand-picked movie instead.
    expect(html).not.toContain(mai!.title);
  });

  it('renders each layout, titles in the visitor’s language or the kind’s own', async () => {
    const [peach, face, mai] = films;
    const ids = [peach!.id, face!.id, mai!.id];
    expect(
      (
        await put([
          { kind: 'picked', title: 'Posters', settings: { movie_ids: ids } },
          { kind: 'picked', layout: 'landscape', title: 'Wide', settings: { movie_ids: ids } },
          { kind: 'picked', layout: 'grid', title: 'Grid', settings: { movie_ids: ids } },
          { kind: 'term_rows', settings: { term_kind: 'genre' } },
        ])
      ).statusCode,
    ).toBe(200);
    const html = await homeHtml();
    expect(headings(html)).toEqual(expect.arrayContaining(['Posters', 'Wide', 'Grid']));
    expect(html).toContain('data-testid="movie-row"');
    expect(html).toContain('data-testid="landscape-row"');
    expect(html).toContain('data-testid="movie-grid"');
    expect((await put([{ kind: 'picked', settings: { movie_ids: ids } }])).statusCode).toBe(200);
    expect(headings(await homeHtml())).toContain('Hand-picked');
    expect(headings((await browserGet(t, '/')).body)).toContain('Tuyển chọn');
  });

  it('renders the first cards of a row until the viewer nears it, and every one for a crawler', async () => {
    const more: Movie[] = [];
    for (let i = 1; i <= 9; i++)
      more.push(await createMovie(admin.client, { title: `Phim hàng dài ${i}`, published: true }));
    const ids = [...films.slice(0, 3), ...more].map((movie) => movie.id);
    await put([
      { kind: 'picked', title: 'Posters', settings: { movie_ids: ids } },
      { kind: 'picked', layout: 'landscape', title: 'Wide', settings: { movie_ids: ids } },
      { kind: 'picked', title: 'Third', settings: { movie_ids: ids } },
      { kind: 'picked', layout: 'landscape', title: 'Fourth', settings: { movie_ids: ids } },
    ]);
    /** Cards and cards' places of each row, in the page's order. */
    const cardsByRow = (html: string) =>
      html
        .split(/data-testid="(?:movie|landscape)-row"/)
        .slice(1)
        .map((row) => [
          row.match(/data-testid="(?:movie|landscape)-card"/g)?.length ?? 0,
          row.match(/class="[^"]*card-place[ "]/g)?.length ?? 0,
        ]);
    // Ten posters or six wide cards fill the widest screen; the rest come as the row nears the screen. Below the
    // first two rows (no hero here: three), a row holds only their places until then.
    expect(cardsByRow(await homeHtml())).toEqual([
      [10, 0],
      [6, 0],
      [10, 0],
      [0, 6],
    ]);
    const crawled = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: {
        'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      },
    });
    expect(cardsByRow(crawled.body)).toEqual([
      [12, 0],
      [12, 0],
      [12, 0],
      [12, 0],
    ]);
  });

  it('puts Continue watching where the admin put it', async () => {
    const viewer = await createUser(t.app);
    const cookie = viewer.client.cookieHeader();
    const [peach, face] = films;
    await put([
      { kind: 'picked', title: 'First row', settings: { movie_ids: [peach!.id] } },
      { kind: 'continue_watching', title: 'Pick up again' },
      { kind: 'picked', title: 'Last row', settings: { movie_ids: [face!.id] } },
    ]);
    const { blocks } = await t.app.services.home.getPage();
    expect(blocks.map((block) => block.kind)).toEqual(['row', 'continue', 'row']);
    // Nothing started: no row for this viewer (the page shows it only with something to resume).
    expect(headings(await homeHtml('/', cookie))).not.toContain('Pick up again');
  });
});

describe('the live preview', () => {
  const draft = encodeURIComponent(
    JSON.stringify([
      { kind: 'recommended' },
      { kind: 'picked', title: 'Draft row', settings: { movie_ids: [] } },
      { kind: 'continue_watching' },
    ]),
  );

  it('shows an admin the draft, framed only by this site, and visitors the saved page', async () => {
    const { blocks } = await t.app.services.home.getPage();
    const saved = (
      await put([{ kind: 'picked', title: 'Saved row', settings: { movie_ids: [films[0]!.id] } }])
    ).statusCode;
    expect(saved).toBe(200);
    expect(blocks.length).toBeGreaterThan(0);
    const asAdmin = await browserGet(t, `/?preview=${draft}`, {
      'accept-language': 'en',
      cookie: admin.client.cookieHeader(),
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(asAdmin.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    // The draft's invalid row is left out, its Continue watching is a placeholder; the saved row is not there.
    expect(asAdmin.body).not.toContain('Saved row');
    expect(asAdmin.body).toContain('data-testid="continue-row"');

    const asGuest = await browserGet(t, `/?preview=${draft}`, { 'accept-language': 'en' });
    expect(asGuest.body).toContain('Saved row');
    expect((await browserGet(t, '/')).headers['x-frame-options']).toBe('DENY');

    const broken = await browserGet(t, '/?preview=%7Bnot-json', {
      cookie: admin.client.cookieHeader(),
    });
    expect(broken.statusCode).toBe(200);
  });
});
