// Navigation links (decision 048): only admins read and replace the menus; the schema refuses a second level of
// nesting, a non-web address, a nameless item, too many items and a term that does not exist; the public pages
// show the menus with every visible genre expanded, a renamed term by its new address, and leave a hidden or
// deleted one out.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NAVIGATION } from '#server/domain/site/navigation.schema.ts';
import { createUser, type CreatedUser } from '#tests/factories.ts';
import { expectInvalid } from './accounts-client.ts';
import { browserGet, expectAdminsOnly, withTestApp } from './helpers.ts';

const t = withTestApp({ web: true });
const URL = '/api/admin/settings/navigation';
let admin: CreatedUser;

const item = (overrides: Record<string, unknown> = {}) => ({
  label: { vi: 'Mục', en: 'Item' },
  target: { kind: 'page', path: '/movies' },
  ...overrides,
});

async function createTerm(kind: 'genre' | 'nation' | 'type', name: string) {
  const response = await admin.client.post(`/api/admin/terms/${kind}`, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().term as { id: number; slug: string };
}

beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin' });
});

describe('navigation links', () => {
  it('keeps guests and viewers out', async () => {
    await expectAdminsOnly(t, URL);
    const { client: viewer } = await createUser(t.app);
    expect((await viewer.put(URL, { header: [], footer: [] })).statusCode).toBe(403);
  });

  it('reads the defaults on a fresh install: genres, countries, types and years', async () => {
    const read = await admin.client.get(URL);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(DEFAULT_NAVIGATION);
    const expands = DEFAULT_NAVIGATION.header.map((entry) => entry.expand);
    expect(expands).toEqual(expect.arrayContaining(['genre', 'nation', 'type', 'years']));
  });

  it('refuses a grandchild, a bad address, a nameless item and too many items', async () => {
    const put = (header: unknown[]) => admin.client.put(URL, { header, footer: [] });
    expectInvalid(
      await put([item({ children: [item({ children: [item()] })] })]),
      'header.0.children.0.children',
      'a child with children',
    );
    for (const url of ['javascript:alert(1)', 'ftp://example.com/x', 'data:text/html,hi', '//x.y'])
      expectInvalid(
        await put([item({ target: { kind: 'url', url } })]),
        'header.0.target.url',
        url,
      );
    expectInvalid(
      await put([item({ children: [item({ target: { kind: 'url', url: 'vbscript:x' } })] })]),
      'header.0.children.0.target.url',
    );
    expectInvalid(await put([item({ label: { vi: '  ', en: '' } })]), 'header.0.label.vi');
    expectInvalid(await put(Array.from({ length: 13 }, () => item())), 'header');
    // A heading leads nowhere by itself: it needs children; a child cannot be one.
    expectInvalid(await put([item({ target: { kind: 'none' } })]), 'header.0.target');
    expectInvalid(
      await put([item({ children: [item({ target: { kind: 'none' } })] })]),
      'header.0.children.0.target.kind',
    );
    expectInvalid(
      await put([item({ target: { kind: 'page', path: '/vnwa' } })]),
      'header.0.target.path',
    );
    expectInvalid(await put([item({ expand: 'movies' })]), 'header.0.expand');
    expect((await admin.client.get(URL)).json()).toEqual(DEFAULT_NAVIGATION);
  });

  it('refuses a term that does not exist, by the field that names it', async () => {
    const genre = await createTerm('genre', 'Võ Thuật');
    const response = await admin.client.put(URL, {
      header: [
        item({
          children: [
            item({ target: { kind: 'term', term: 'genre', id: genre.id } }),
            item({ target: { kind: 'term', term: 'nation', id: genre.id } }),
          ],
        }),
      ],
      footer: [item({ target: { kind: 'term', term: 'genre', id: 2_000_000_000 } })],
    });
    expectInvalid(response, 'header.0.children.1.target.id', 'a genre named as a nation');
    expectInvalid(response, 'footer.0.target.id', 'an unknown id');
  });

  it('shows the menus on public pages, terms by their current address, hidden ones left out', async () => {
    const action = await createTerm('genre', 'Hành Động Mới');
    const hidden = await createTerm('genre', 'Ẩn Giấu');
    await admin.client.patch(`/api/admin/terms/genre/${hidden.id}`, { visible: false });
    const korea = await createTerm('nation', 'Hàn Quốc Thử');
    const saved = await admin.client.put(URL, {
      header: [
        item({
          label: { vi: 'Thể loại', en: 'Genres' },
          target: { kind: 'none' },
          expand: 'genre',
        }),
        item({
          label: { vi: 'Chọn lọc', en: 'Picks' },
          target: { kind: 'none' },
          children: [
            item({
              label: { vi: 'Xứ Hàn', en: '' },
              target: { kind: 'term', term: 'nation', id: korea.id },
            }),
            item({
              label: { vi: 'Ẩn', en: '' },
              target: { kind: 'term', term: 'genre', id: hidden.id },
            }),
            item({
              label: { vi: 'Phim 2024', en: '' },
              target: { kind: 'listing', year: 2024, sort: 'views' },
            }),
            item({
              label: { vi: 'Trang ngoài', en: '' },
              target: { kind: 'url', url: 'https://example.com/a?b=1' },
              new_tab: true,
            }),
          ],
        }),
        item({
          label: { vi: 'Năm', en: 'Years' },
          target: { kind: 'none' },
          expand: 'years',
          expand_limit: 3,
        }),
      ],
      footer: [
        item({
          label: { vi: 'Lịch sử xem', en: '' },
          target: { kind: 'page', path: '/user/histories' },
        }),
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // The menus as every public page carries them, in its layout's data: the header makes a group's links from
    // it when the group first opens, so closed groups' links are not in the page's HTML.
    const menusOf = async (url: string) =>
      (await browserGet(t, `${url === '/' ? '/_root' : url}.data?_routes=layouts%2Fdefault`)).body;
    const menus = await menusOf('/');
    expect(menus).toContain(`"/${action.slug}"`);
    expect(menus).not.toContain(`"/${hidden.slug}"`);
    expect(menus).toContain(`"/${korea.slug}"`);
    expect(menus).toContain('"/movies?year=2024&sort=views"');
    expect(menus).toContain('"https://example.com/a?b=1"');
    // Only a link that opens in a new tab carries the key.
    expect(menus).toContain('"new_tab"');
    const year = new Date().getUTCFullYear();
    expect(menus).toContain(`"/movies?year=${year - 2}"`);
    expect(menus).not.toContain(`"/movies?year=${year - 3}"`);
    expect(menus).not.toContain('"Ẩn"');
    // The page itself: the groups' buttons in the header, the footer's links.
    const html = (await browserGet(t, '/')).body;
    expect(html).toContain('Chọn lọc');
    expect(html).toContain('href="/user/histories"');

    // A renamed term keeps its place in the menu at its new address; a deleted one leaves it.
    const renamed = await admin.client.patch(`/api/admin/terms/nation/${korea.id}`, {
      name: 'Hàn Quốc Mới',
      slug: 'han-quoc-moi-thu',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    let page = await menusOf('/movies');
    expect(page).toContain('"/han-quoc-moi-thu"');
    expect(page).not.toContain(`"/${korea.slug}"`);
    expect((await admin.client.delete(`/api/admin/terms/nation/${korea.id}`)).statusCode).toBe(200);
    page = await menusOf('/movies');
    expect(page).not.toContain('"/han-quoc-moi-thu"');
    expect(page).not.toContain('Xứ Hàn');
  });
});
