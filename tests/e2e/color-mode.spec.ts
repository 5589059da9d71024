// Colour mode: system, light or dark, remembered in localStorage, painted before the first frame.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { isSameDocument, markDocument, open, storedColorMode } from './helpers.ts';

/** Records, for every document, whether <html> was already dark when the DOM was ready. */
async function recordDarkAtDomReady(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { darkAtDomReady?: boolean }).darkAtDomReady =
        document.documentElement.classList.contains('dark');
    });
  });
}

const darkAtDomReady = (page: Page) =>
  page.evaluate(() => (window as unknown as { darkAtDomReady?: boolean }).darkAtDomReady);

async function choose(page: Page, option: string) {
  await page.getByTestId('color-mode-switcher').click();
  await page.getByRole('menuitemradio', { name: option }).click();
}

test.describe('in English', () => {
  test.use({ locale: 'en-US', colorScheme: 'light' });

  test('dark applies at once and survives a reload without a flash of light', async ({ page }) => {
    await recordDarkAtDomReady(page);
    await open(page, '/');
    expect(await darkAtDomReady(page)).toBe(false);
    await markDocument(page);

    await choose(page, 'Dark');
    const html = page.locator('html');
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(html).toHaveCSS('color-scheme', 'dark');
    expect(await storedColorMode(page)).toBe('dark');
    expect(await isSameDocument(page)).toBe(true);

    await page.reload();
    expect(await darkAtDomReady(page)).toBe(true);
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);

    // The menu shows the stored choice, and Light takes it back.
    await page.getByTestId('color-mode-switcher').click();
    await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await storedColorMode(page)).toBe('light');
  });

  test("a card's place below the fold has its poster's colour, light or dark", async ({ page }) => {
    await open(page, '/');
    // A card's place (decision 065) and the poster box that replaces it, side by side.
    const colours = () =>
      page.evaluate(() => {
        const place = document.createElement('li');
        place.className = 'card-place';
        const poster = document.createElement('div');
        poster.className = 'card-poster';
        document.body.append(place, poster);
        const result = [
          getComputedStyle(place, '::before').backgroundColor,
          getComputedStyle(poster).backgroundColor,
        ];
        place.remove();
        poster.remove();
        return result;
      });
    const [lightPlace, lightPoster] = await colours();
    expect(lightPlace).toBe(lightPoster);
    await choose(page, 'Dark');
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    const [darkPlace, darkPoster] = await colours();
    expect(darkPoster).not.toBe(lightPoster);
    expect(darkPlace).toBe(darkPoster);
  });

  test('system follows the device setting live, an explicit choice does not', async ({ page }) => {
    await open(page, '/');
    const html = page.locator('html');
    await page.getByTestId('color-mode-switcher').click();
    await expect(page.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.keyboard.press('Escape');
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);

    await choose(page, 'Light');
    await page.emulateMedia({ colorScheme: 'dark' });
    // Give a wrong implementation the chance to react before asserting that nothing changed.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  });

  test('a device in dark mode gets dark from the first frame', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await recordDarkAtDomReady(page);
    await open(page, '/');
    expect(await darkAtDomReady(page)).toBe(true);
  });

  test('a choice made in one tab reaches the other tabs', async ({ page, context }) => {
    await open(page, '/');
    const other = await context.newPage();
    await open(other, '/');
    await choose(page, 'Dark');
    await expect(other.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  });

  test('a route that forces dark ignores the stored preference without overwriting it', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('nuxt-color-mode', 'light');
      }
    });
    await recordDarkAtDomReady(page);
    const response = await open(page, '/watch/some-movie/tap-1');
    // No episodes exist yet, so the watch page is a 404, but already a dark one.
    expect(response?.status()).toBe(404);
    expect(await darkAtDomReady(page)).toBe(true);
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);

    await page.getByTestId('color-mode-switcher').click();
    await expect(page.getByRole('menu')).toContainText('This page uses its own colours');
    for (const option of ['System', 'Light', 'Dark']) {
      await expect(page.getByRole('menuitemradio', { name: option })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    }
    await page.getByRole('menuitemradio', { name: 'Dark' }).click({ force: true });
    await page.keyboard.press('Escape');
    expect(await storedColorMode(page)).toBe('light');

    // Back on an ordinary page the visitor's own choice applies again.
    await page.getByRole('main').getByRole('link', { name: 'Go back' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await storedColorMode(page)).toBe('light');
  });
});

test.describe('in Vietnamese', () => {
  test.use({ locale: 'vi-VN', colorScheme: 'light' });

  test('the menu names the modes in Vietnamese', async ({ page }) => {
    await open(page, '/');
    await page.getByTestId('color-mode-switcher').click();
    const items = page.getByRole('menuitemradio');
    await expect(items).toHaveText(['Theo hệ thống', 'Sáng', 'Tối']);
    await page.getByRole('menuitemradio', { name: 'Tối' }).click();
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await storedColorMode(page)).toBe('dark');
  });
});
