// Titles and language: detection (cookie, then browser language, then Vietnamese), switching, persistence.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { isSameDocument, markDocument, open } from './helpers.ts';

/** The home page's title, its heading and the document's language, in Vietnamese or in English. */
const HOME = {
  vi: { title: 'Trang chủ | Phim', heading: 'Rạp phim của bạn, ở mọi nơi' },
  en: { title: 'Home | Phim', heading: 'Your cinema, everywhere' },
};
async function expectHomeIn(page: Page, lang: keyof typeof HOME) {
  await expect(page).toHaveTitle(HOME[lang].title);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME[lang].heading);
}

test.describe('a Vietnamese browser', () => {
  test.use({ locale: 'vi-VN' });

  test('gets the site in Vietnamese, titled "page | site"', async ({ page }) => {
    await open(page, '/');
    await expectHomeIn(page, 'vi');
  });
});

test.describe('an English browser', () => {
  test.use({ locale: 'en-US' });

  test('gets the site in English', async ({ page }) => {
    await open(page, '/');
    await expectHomeIn(page, 'en');
    await expect(page.getByTestId('language-switcher')).toHaveText('en');
  });

  test('switches to Vietnamese without a reload, and the choice survives one', async ({
    page,
    context,
  }) => {
    // Both languages' messages come from the address of the release's messages, the one the page preloads.
    const asked = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/_i18n/')) asked.add(url.pathname + url.search);
    });
    await open(page, '/');
    const preloaded = await page.locator('link[rel="preload"][data-messages]').getAttribute('href');
    const version = new URL(preloaded!, 'http://x').searchParams.get('v');
    expect(version).toMatch(/^[\w-]{12}$/);
    await markDocument(page);
    await page.getByTestId('language-switcher').click();
    const english = page.getByRole('menuitemradio', { name: 'English' });
    await expect(english).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('menuitemradio', { name: 'Tiếng Việt' }).click();

    await expectHomeIn(page, 'vi');
    await expect(page.getByTestId('language-switcher')).toHaveText('vi');
    expect(await isSameDocument(page)).toBe(true);
    expect([...asked].sort()).toEqual([
      `/_i18n/en/messages.json?v=${version}`,
      `/_i18n/vi/messages.json?v=${version}`,
    ]);

    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('vi');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    // The cookie now wins over the browser's English.
    await page.reload();
    await expectHomeIn(page, 'vi');
  });

  test('switches back to English the same way', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'vi', url: baseURL }]);
    await open(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await markDocument(page);
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expectHomeIn(page, 'en');
    expect(await isSameDocument(page)).toBe(true);
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');
  });
});

test.describe('a browser in a language the site lacks', () => {
  test.use({ locale: 'fr-FR', extraHTTPHeaders: { 'Accept-Language': 'fr' } });

  test('falls back to Vietnamese', async ({ page }) => {
    await open(page, '/');
    await expectHomeIn(page, 'vi');
  });
});

test('the messages of a language are served as a day-long cacheable file', async ({ request }) => {
  const response = await request.get('/_i18n/en/messages.json');
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('max-age=86400');
  const body = (await response.json()) as Record<string, { nav?: { home?: string } }>;
  expect(Object.keys(body)).toEqual(['en']);
  expect(body.en?.nav?.home).toBe('Home');

  const unknown = await request.get('/_i18n/fr/messages.json');
  expect(unknown.status()).toBe(404);
});
