// Settings admins edit (decision 046): only admins read and write them, each key's schema refuses bad values
// with a field error, the environment's SITE_NAME is a first-boot default only, and another node sharing the
// database follows a write on its next request.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { TEST_AUTH_SECRET } from '#tests/app-utils.ts';
import { createUser, type CreatedUser } from '#tests/factories.ts';
import { waitFor } from '#tests/wait-utils.ts';
import { expectInvalid } from './accounts-client.ts';
import { expectAdminsOnly, withTestApp } from './helpers.ts';

const t = withTestApp({ env: { SITE_NAME: 'Phim Thử' } });
let admin: CreatedUser;

beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin' });
});

describe('settings', () => {
  it('keeps guests and viewers out', async () => {
    await expectAdminsOnly(t, '/api/admin/settings/web_info');
    await expectAdminsOnly(t, '/api/admin/settings/site_assets');
  });

  it('starts Web Info from the environment and refuses a nameless site', async () => {
    const read = await admin.client.get('/api/admin/settings/web_info');
    expect(read.statusCode, read.body).toBe(200);
    const info = read.json() as Record<string, unknown>;
    expect(info).toMatchObject({
      site_name: 'Phim Thử',
      default_locale: 'vi',
      title_separator: ' | ',
    });
    expectInvalid(
      await admin.client.put('/api/admin/settings/web_info', { ...info, site_name: '  ' }),
      'site_name',
    );
    expectInvalid(
      await admin.client.put('/api/admin/settings/web_info', {
        ...info,
        logo_light: '/etc/passwd',
      }),
      'logo_light',
    );
  });

  it('is followed by another node on its next request', async () => {
    const config = loadConfig({}, { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', SITE_NAME: 'Other' });
    const other = await buildApp({ config, db: t.db, authSecret: TEST_AUTH_SECRET, web: false });
    await other.ready();
    try {
      // The environment no longer names the site once Web Info is stored.
      expect(other.services.site.name).toBe('Phim Thử');
      const info = (await admin.client.get('/api/admin/settings/web_info')).json() as object;
      const saved = await admin.client.put('/api/admin/settings/web_info', {
        ...info,
        site_name: 'Rạp Phim Nhà Làm',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(t.app.services.site.name).toBe('Rạp Phim Nhà Làm');
      await waitFor(
        async () => (other.services.site.name === 'Rạp Phim Nhà Làm' ? true : undefined),
        5000,
      );
    } finally {
      await other.close();
    }
  });

  it('serves the site assets map to anyone', async () => {
    const saved = await admin.client.put('/api/admin/settings/site_assets', {
      head: '<style>body{outline:0}</style>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: '/api/load-data-site-assets' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ head: '<style>body{outline:0}</style>' });
  });
});
