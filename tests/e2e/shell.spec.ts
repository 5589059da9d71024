// What a visitor sees of the app shell: errors, redirects, titles, language and colour mode.
import { expect, test } from '@playwright/test';

test.describe('in Vietnamese', () => {
  test.use({ locale: 'vi-VN' });

  test('an unknown page is a real 404 with a way back home', async ({ page }) => {
    const response = await page.goto('/this-does-not-exist/deeper');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByTestId('error-message')).toHaveText(
      'Page not found: /this-does-not-exist/deeper',
    );
    await expect(page).toHaveTitle('404 Không tìm thấy trang | Phim');
    await page.getByRole('link', { name: 'Quay lại' }).click();
    await expect(page).toHaveURL('/');
    await expect(page).toHaveTitle('Trang chủ | Phim');
  });

  test('a route with invalid parameters is a 404 naming the full path', async ({ page }) => {
    const response = await page.goto('/auth/verify');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /auth/verify');
  });

  test('the back office redirects lead to the list, then to the admin sign-in', async ({
    page,
  }) => {
    await page.goto('/vnwa');
    await expect(page).toHaveURL('/vnwa/login?redirect=%2Fvnwa%2Fmovie%2Ffilm%2Flist');
    await page.goto('/account');
    await expect(page).toHaveURL('/auth/login?redirect=%2Faccount%2Fgeneral');
  });

  test('the home page has no console errors or CSP violations', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
});

test.describe('language', () => {
  test.use({ locale: 'en-US' });

  test('follows the browser, switches without a reload, and survives one', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Home | Phim');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitemradio', { name: 'Tiếng Việt' }).click();
    await expect(page.getByRole('link', { name: 'Trang chủ' }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('vi');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    await page.reload();
    await expect(page).toHaveTitle('Trang chủ | Phim');
  });
});

test.describe('colour mode', () => {
  test.use({ locale: 'en-US' });

  test('dark survives a reload without a flash of light', async ({ page }) => {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { darkAtLoad: boolean }).darkAtLoad =
          document.documentElement.classList.contains('dark');
      });
    });
    await page.goto('/');
    await page.getByTestId('color-mode-switcher').click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('dark');
    await page.reload();
    expect(
      await page.evaluate(() => (window as unknown as { darkAtLoad: boolean }).darkAtLoad),
    ).toBe(true);
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('system follows the device setting live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('a route that forces dark ignores the stored preference without overwriting it', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('nuxt-color-mode', 'light'));
    await page.goto('/watch/some-movie/tap-1');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByTestId('color-mode-switcher').click();
    await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeDisabled();
    expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('light');
  });
});

test.describe('on a phone', () => {
  test.use({ locale: 'en-US', viewport: { width: 360, height: 740 } });

  test('the menu opens a drawer with the navigation and closes with Escape', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Movies' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
});

test('the build id the client polls matches the page it runs', async ({ page, request }) => {
  await page.goto('/');
  const response = await request.get('/_build/latest.json?t=123');
  const body = (await response.json()) as { id: string; timestamp: number };
  const version = await page.evaluate(
    () =>
      (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest
        .version,
  );
  expect(body.id).toBe(version);
  expect(body.timestamp).toBeGreaterThan(0);
});
