// Web Info and Site Assets as an admin uses them (issue 17): a new site name is in the next page's title, a logo
// uploaded in Web Info is the header's, and a Site Assets `<style>` applies on public pages but not in the back
// office, while the snippet's other elements and inline handlers are left out (decision 047).
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axeViolations, open, PNG, uniqueStamp } from './helpers.ts';

test.use({ locale: 'en-US' });

/** Puts a setting back as it was when the test is over, passed or failed. */
async function keepSetting(api: APIRequestContext, key: 'web_info' | 'site_assets') {
  const before: unknown = await (await api.get(`/api/admin/settings/${key}`)).json();
  return async () => {
    const response = await api.put(`/api/admin/settings/${key}`, { data: before });
    expect(response.status(), await response.text()).toBe(200);
  };
}

test('a new site name is in the title of the next page, and an uploaded logo in the header', async ({
  asAdmin: admin,
  adminApi,
}) => {
  const restore = await keepSetting(adminApi, 'web_info');
  try {
    const name = `Rạp Chiếu ${uniqueStamp(6)}`;
    await open(admin, '/vnwa/setting/web-info');
    await expect(admin).toHaveTitle('Web Info | Phim');
    await admin.getByLabel('Site name').fill(name);
    await admin.getByLabel('Title separator').fill(' · ');
    await expect(admin.getByText(`A page's title reads: Movies · ${name}`)).toBeVisible();
    await admin.getByTestId('logo-light-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(admin.locator('img[src^="/storage/uploads/"]')).toHaveCount(1);
    await admin.getByRole('button', { name: 'Add a link' }).click();
    await admin.getByLabel('Network 1').fill('Facebook');
    await admin.getByLabel('Address 1').fill('not a web address');
    await admin.getByRole('button', { name: 'Save' }).click();
    // The server's refusal is shown by the field it is about, and nothing is saved.
    await expect(admin.getByLabel('Address 1')).toHaveAttribute('aria-invalid', 'true');
    await admin.getByLabel('Address 1').fill('https://facebook.com/rapchieu');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Web Info saved.')).toBeVisible();

    await open(admin, '/movies');
    await expect(admin).toHaveTitle(`Movies · ${name}`);
    const header = admin.getByRole('banner');
    await expect(header.getByRole('img', { name }).first()).toBeVisible();
    await expect(
      admin.getByRole('contentinfo').getByRole('link', { name: 'Facebook' }),
    ).toHaveAttribute('href', 'https://facebook.com/rapchieu');
  } finally {
    await restore();
  }
});

test('a Site Assets style applies on public pages and not in the back office; nothing else of the snippet is injected', async ({
  asAdmin: admin,
  adminApi,
}) => {
  const restore = await keepSetting(adminApi, 'site_assets');
  try {
    await open(admin, '/vnwa/setting/site-assets');
    await expect(admin.getByText('This code runs on every public page')).toBeVisible();
    await admin
      .getByLabel('HTML for Head')
      .fill(
        [
          '<style onload="document.documentElement.dataset.handler = \'ran\'">',
          '  body { outline: 7px solid rgb(1, 2, 3); }',
          '</style>',
          '<div id="snippet-div" onclick="alert(1)">not injected</div>',
          '<img src="/nowhere.png" onerror="document.documentElement.dataset.handler = \'ran\'">',
        ].join('\n'),
      );
    await admin
      .getByLabel('HTML for End of body')
      .fill("<script>document.documentElement.dataset.snippetRan = 'yes';</script>");
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Site Assets saved.')).toBeVisible();
    // The back office, even right after the save: none of it.
    await expect(admin.locator('[data-site-asset]')).toHaveCount(0);

    await open(admin, '/');
    const injected = admin.locator('[data-site-asset]');
    await expect(injected).toHaveCount(2);
    await expect(admin.locator('head > style[data-site-asset="head"]')).toHaveCount(1);
    await expect(admin.locator('body > script[data-site-asset="body_end"]')).toHaveCount(1);
    await expect(admin.locator('body')).toHaveCSS('outline-width', '7px');
    // The inline script ran (it carries the page's nonce); the handlers and the other elements did not come.
    await expect(admin.locator('html')).toHaveAttribute('data-snippet-ran', 'yes');
    await expect(admin.locator('#snippet-div')).toHaveCount(0);
    await expect(admin.locator('img[src="/nowhere.png"]')).toHaveCount(0);
    await expect(admin.locator('[data-site-asset][onload]')).toHaveCount(0);
    expect(await admin.locator('html').getAttribute('data-handler')).toBeNull();

    // A client navigation does not inject them again.
    await admin.getByRole('banner').getByRole('link', { name: 'Movies' }).click();
    await expect(admin).toHaveURL(/\/movies$/);
    await expect(injected).toHaveCount(2);

    await open(admin, '/vnwa/dashboard');
    await expect(admin.locator('[data-site-asset]')).toHaveCount(0);
    await expect(admin.locator('body')).not.toHaveCSS('outline-width', '7px');
    expect(await admin.locator('html').getAttribute('data-snippet-ran')).toBeNull();
  } finally {
    await restore();
  }
});

test('the Web Info and Site Assets screens pass axe, in both colour modes', async ({
  asAdmin: admin,
}) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await admin.emulateMedia({ colorScheme });
    for (const url of ['/vnwa/setting/web-info', '/vnwa/setting/site-assets']) {
      await open(admin, url);
      if (url.endsWith('site-assets'))
        await admin
          .getByLabel('HTML for Head')
          .fill('<!-- a tag -->\n<script async src="https://example.com/a.js"></script>');
      expect(await axeViolations(admin), `${url}, ${colorScheme}`).toEqual([]);
    }
  }
});
