// Error pages as a visitor meets them: real status codes, the path they asked for, a way back home.
import { expect, test } from './fixtures.ts';
import { open } from './helpers.ts';

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('an unknown page is a real 404 inside the site, with a way back home', async ({ page }) => {
    const response = await open(page, '/this-does-not-exist/deeper');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByText('404', { exact: true })).toBeVisible();
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByTestId('error-message')).toHaveText(
      'Page not found: /this-does-not-exist/deeper',
    );
    await expect(page).toHaveTitle('404 Page not found | Phim');
    // The site header stays, so the visitor is not stranded.
    await expect(page.getByRole('banner')).toBeVisible();

    await main.getByRole('link', { name: 'Go back' }).click();
    await expect(page).toHaveURL('/');
    await expect(page).toHaveTitle('Home | Phim');
  });

  test('a route without its required query is a 404 naming the full path', async ({ page }) => {
    const response = await open(page, '/auth/verify');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('main').getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /auth/verify');
    await expect(page).toHaveTitle('404 Page not found | Phim');

    // An empty value is no value; the message names the query string too.
    const empty = await open(page, '/auth/verify?verify_url=');
    expect(empty?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText(
      'Page Not Found: /auth/verify?verify_url=',
    );
  });

  test('the same route with its query is a page, not a 404', async ({ page }) => {
    const response = await open(page, '/auth/verify?verify_url=x');
    expect(response?.status()).toBe(200);
    await expect(page.getByText('404')).toHaveCount(0);
    await expect(page).toHaveTitle('Verify your email | Phim');
  });

  test('a back-office screen renders for an admin', async ({ asAdmin: page }) => {
    const response = await open(page, '/vnwa/setting/web-info');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('main').getByLabel('Site name')).toBeVisible();
    await expect(page).toHaveTitle('Web Info | Phim');
  });

  test('an anonymous visitor to a back-office path is sent to the admin sign-in, valid or not', async ({
    page,
  }) => {
    // The admin guard runs before the route checks its parameters: a stranger learns nothing about
    // which back-office paths exist. (Signed-in admins get the 404; no sign-in API exists yet to test it.)
    for (const path of ['/vnwa/movie/film/episodes-abc', '/vnwa/movie/film/episodes-12']) {
      const response = await page.goto(path);
      await expect(page).toHaveURL(`/vnwa/login?redirect=${encodeURIComponent(path)}`);
      expect(response?.status()).not.toBe(404);
      await expect(page.getByText('Page Not Found')).toHaveCount(0);
    }
  });
});

test.describe('in Vietnamese', () => {
  test.use({ locale: 'vi-VN' });

  test('the 404 page speaks Vietnamese but keeps the path message', async ({ page }) => {
    const response = await open(page, '/this-does-not-exist/deeper');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Không tìm thấy trang');
    await expect(page.getByTestId('error-message')).toHaveText(
      'Page not found: /this-does-not-exist/deeper',
    );
    await expect(page).toHaveTitle('404 Không tìm thấy trang | Phim');
    await page.getByRole('main').getByRole('link', { name: 'Quay lại' }).click();
    await expect(page).toHaveURL('/');
    await expect(page).toHaveTitle('Trang chủ | Phim');
  });
});

test.describe('for a crawler', () => {
  test.use({
    locale: 'en-US',
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  });

  test('a 404 is plain HTML with the status, without scripts or error details', async ({
    page,
  }) => {
    const response = await page.goto('/this-does-not-exist/deeper');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByTestId('error-message')).toHaveCount(0);
    await expect(page.locator('script[type="module"]')).toHaveCount(0);
    expect(await page.evaluate(() => typeof window.__reactRouterManifest)).toBe('undefined');
  });
});
