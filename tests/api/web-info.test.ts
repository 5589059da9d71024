// Web Info and Site Assets (issue 17): what the API accepts and refuses, who may change them, and what the public
// pages and their Content-Security-Policy make of them on the next request (decision 047).
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '#tests/factories.ts';
import { Client, expectInvalid } from './accounts-client.ts';
import { browserGet, expectAdminsOnly, withTestApp } from './helpers.ts';

const t = withTestApp({ web: true });
let admin: CreatedUser;

beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin' });
});

const readWebInfo = async () =>
  (await admin.client.get('/api/admin/settings/web_info')).json() as Record<string, unknown>;
const cspOf = (response: { headers: Record<string, unknown> }) =>
  String(response.headers['content-security-policy']);

describe('Web Info', () => {
  it('is read and written by admins only', async () => {
    await expectAdminsOnly(t, '/api/admin/settings/web_info');
    const { client: viewer } = await createUser(t.app);
    const info = await readWebInfo();
    expect((await viewer.put('/api/admin/settings/web_info', info)).statusCode).toBe(403);
    const guest = new Client(t.app);
    await guest.csrf();
    expect((await guest.put('/api/admin/settings/web_info', info)).statusCode).toBe(401);
  });

  it.each([
    ['site_name', ''],
    ['site_name', 'x'.repeat(61)],
    ['default_locale', 'fr'],
    ['title_separator', ''],
    ['title_separator', ' ----- '],
    ['contact_email', 'not an email'],
    ['time_zone', 'Mars/Olympus_Mons'],
    ['seo_description', 'x'.repeat(301)],
    ['favicon', '/storage/../secret.png'],
    ['og_image', 'https://elsewhere.example/og.png'],
    ['logo_dark', 'javascript:alert(1)'],
  ])('refuses %s = %j with a field error', async (field, value) => {
    expectInvalid(
      await admin.client.put('/api/admin/settings/web_info', {
        ...(await readWebInfo()),
        [field]: value,
      }),
      field,
    );
  });

  it('refuses a social link that is not a web address, and unknown fields', async () => {
    const info = await readWebInfo();
    expectInvalid(
      await admin.client.put('/api/admin/settings/web_info', {
        ...info,
        social: [{ network: 'Facebook', url: 'javascript:alert(1)' }],
      }),
      'social.0.url',
    );
    expectInvalid(
      await admin.client.put('/api/admin/settings/web_info', {
        ...info,
        social: [{ network: '', url: 'https://facebook.com/phim' }],
      }),
      'social.0.network',
    );
    const unknown = await admin.client.put('/api/admin/settings/web_info', {
      ...info,
      theme: 'red',
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('renders its screen for an admin', async () => {
    const page = await browserGet(t, '/vnwa/setting/web-info', {
      cookie: admin.client.cookieHeader(),
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Asia/Ho_Chi_Minh');
  });

  it('is what the public pages show from the next request on', async () => {
    const saved = await admin.client.put('/api/admin/settings/web_info', {
      ...(await readWebInfo()),
      site_name: 'Rạp Nhà Làm',
      tagline: 'Phim hay mỗi ngày',
      title_separator: ' – ',
      default_locale: 'en',
      logo_light: '/storage/uploads/2026/11/logo-light.webp',
      logo_dark: '/storage/uploads/2026/11/logo-dark.webp',
      favicon: '/storage/uploads/2026/11/icon.webp',
      seo_description: 'Phim hay mỗi ngày, và không quảng cáo.',
      og_image: '/storage/uploads/2026/11/share.webp',
      contact_email: 'hello@example.com',
      social: [{ network: 'Facebook', url: 'https://facebook.com/rapnhalam' }],
      footer_text: { en: 'Made at home.', vi: 'Làm tại nhà.' },
      time_zone: 'Europe/Paris',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // Neither a cookie nor a language the site speaks: the default language.
    const home = await browserGet(t, '/', { 'accept-language': 'fr' });
    expect(home.statusCode).toBe(200);
    const html = home.body;
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>Rạp Nhà Làm – Phim hay mỗi ngày</title>');
    expect(html).toMatch(
      /<link rel="icon" href="\/storage\/uploads\/2026\/11\/icon.webp" type="image\/webp"/,
    );
    expect(html).toContain(
      '<meta name="description" content="Phim hay mỗi ngày, và không quảng cáo."/>',
    );
    expect(html).toContain(
      `<meta property="og:image" content="${t.app.services.site.publicUrl}/storage/uploads/2026/11/share.webp"/>`,
    );
    expect(html).toContain('src="/storage/uploads/2026/11/logo-light.webp" alt="Rạp Nhà Làm"');
    expect(html).toContain('src="/storage/uploads/2026/11/logo-dark.webp" alt="Rạp Nhà Làm"');
    expect(html).toContain('Made at home.');
    expect(html).toContain('href="https://facebook.com/rapnhalam"');
    expect(html).toContain('mailto:hello@example.com');

    // A cookie still wins over the default.
    expect((await browserGet(t, '/movies')).body).toContain('<title>Phim – Rạp Nhà Làm</title>');
    const vi = await browserGet(t, '/', { cookie: 'i18n_redirected=vi' });
    expect(vi.body).toContain('<html lang="vi"');
    expect(vi.body).toContain('Làm tại nhà.');
  });
});

describe('Site Assets', () => {
  it('is written by admins only; the map is public', async () => {
    await expectAdminsOnly(t, '/api/admin/settings/site_assets');
    const { client: viewer } = await createUser(t.app);
    expect(
      (await viewer.put('/api/admin/settings/site_assets', { head: '<style></style>' })).statusCode,
    ).toBe(403);
    const map = await new Client(t.app).get('/api/load-data-site-assets');
    expect(map.statusCode).toBe(200);
  });

  it('refuses unknown placements and oversized snippets', async () => {
    expectInvalid(
      await admin.client.put('/api/admin/settings/site_assets', { footer: '<style></style>' }),
      'footer',
    );
    expectInvalid(
      await admin.client.put('/api/admin/settings/site_assets', {
        head: `<style>${'a'.repeat(100_001)}</style>`,
      }),
      'head',
    );
    expect(
      (await admin.client.put('/api/admin/settings/site_assets', { head: 42 })).statusCode,
    ).toBe(422);
  });

  it('serves the map and admits its origins on public pages only', async () => {
    const assets = {
      head: '<link rel="stylesheet" href="https://fonts.example.net/css?family=Be+Vietnam">',
      body_end:
        '<script async src="https://stats.example.org/tag.js"></script><div>not injected</div>',
    };
    const saved = await admin.client.put('/api/admin/settings/site_assets', assets);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await new Client(t.app).get('/api/load-data-site-assets')).json()).toEqual(assets);

    const home = cspOf(await browserGet(t, '/'));
    expect(home).toMatch(/style-src 'self' 'unsafe-inline' https:\/\/fonts\.example\.net;/);
    expect(home).toMatch(/font-src 'self' data: https:\/\/fonts\.example\.net;/);
    expect(home).toMatch(
      /script-src 'nonce-[^']+' 'strict-dynamic' 'self' https:\/\/stats\.example\.org;/,
    );

    const signedIn = { cookie: admin.client.cookieHeader() };
    for (const [path, headers] of [
      ['/vnwa/setting/site-assets', signedIn],
      ['/VNWA/setting/site-assets', signedIn],
      ['/vnwa/login', {}],
    ] as const) {
      const csp = cspOf(await browserGet(t, path, headers));
      expect(csp, path).not.toContain('example');
      expect(csp, path).toContain("style-src 'self' 'unsafe-inline';");
    }
    // A snippet's HTML is never part of a page the server renders: the client injects it.
    expect((await browserGet(t, '/')).body).not.toContain('not injected');

    const cleared = await admin.client.put('/api/admin/settings/site_assets', {});
    expect(cleared.statusCode).toBe(200);
    expect(cspOf(await browserGet(t, '/'))).not.toContain('example');
  });
});
