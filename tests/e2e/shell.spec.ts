// The site shell: a clean console, security headers, the phone drawer and the build id clients poll.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { open } from './helpers.ts';

type Recorded = { __cspViolations?: string[] };

/** Collects console errors, uncaught exceptions and CSP violations for the life of the page. */
async function watchForProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    const recorded = window as unknown as Recorded;
    recorded.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      recorded.__cspViolations?.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return async () => [
    ...problems,
    ...(await page.evaluate(() => (window as unknown as Recorded).__cspViolations ?? [])).map(
      (violation) => `csp: ${violation}`,
    ),
  ];
}

test.describe('the home page', () => {
  test.use({ locale: 'en-US' });

  test('loads and is used without console errors or CSP violations', async ({ page }) => {
    const problems = await watchForProblems(page);
    await open(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Using the switchers loads the other language's messages and repaints: still nothing wrong.
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitemradio', { name: 'Tiếng Việt' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await page.getByTestId('color-mode-switcher').click();
    await page.getByRole('menuitemradio', { name: 'Tối' }).click();
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.waitForLoadState('networkidle');
    expect(await problems()).toEqual([]);
  });

  test('is served with a nonce-based CSP and the hardening headers', async ({ page }) => {
    const response = await page.goto('/');
    const headers = response?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce, `nonce in ${csp}`).toBeTruthy();
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');

    // Every script of the page carries this response's nonce (browsers hide it from getAttribute).
    const scriptNonces = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script'), (script) => script.nonce),
    );
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));

    const again = await page.request.get('/');
    expect(again.headers()['content-security-policy']).not.toContain(`'nonce-${nonce}'`);
  });

  test('knows its build, and the build id the client polls matches it', async ({
    page,
    request,
  }) => {
    await open(page, '/');
    const response = await request.get('/_build/latest.json?t=123');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    const body = (await response.json()) as { id: string; timestamp: number };
    expect(Object.keys(body).sort()).toEqual(['id', 'timestamp']);
    const version = await page.evaluate(() => window.__reactRouterManifest?.version);
    expect(body.id).toBe(version);
    expect(body.timestamp).toBeGreaterThan(Date.now() - 60_000);
    expect(body.timestamp).toBeLessThanOrEqual(Date.now() + 60_000);
  });
});

test.describe('on a phone', () => {
  test.use({ locale: 'en-US', viewport: { width: 360, height: 740 } });

  test('the page fits the screen and the menu opens a drawer that Escape closes', async ({
    page,
  }) => {
    await open(page, '/');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'no sideways scrolling at 360 px').toBeLessThanOrEqual(360);
    // The header's own link row is hidden on a phone; the menu button takes its place.
    await expect(page.getByRole('banner').getByRole('navigation')).toBeHidden();

    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(drawer.getByRole('link', { name: 'Movies' })).toBeVisible();
    // Only the current page's link is highlighted.
    const background = (name: string) =>
      drawer.getByRole('link', { name }).evaluate((link) => getComputedStyle(link).backgroundColor);
    expect(await background('Movies')).toBe('rgba(0, 0, 0, 0)');
    expect(await background('Home')).not.toBe('rgba(0, 0, 0, 0)');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    // Focus goes back to the button that opened it.
    await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Menu' }).click();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
  });

  test("the header's icons are drawn, each a view of one icon file", async ({ page, request }) => {
    await open(page, '/');
    const masks = await page
      .locator('.icon')
      .evaluateAll((icons) =>
        icons.map((icon) => [icon.className, getComputedStyle(icon).maskImage] as const),
      );
    expect(masks.length).toBeGreaterThan(3);
    const files = new Set(masks.map(([, mask]) => mask.replace(/^url\("(.*)#.*"\)$/, '$1')));
    expect(files.size, `one file for every icon: ${[...files].join(', ')}`).toBe(1);
    const file = await request.get([...files][0]!);
    expect(file.headers()['content-type']).toContain('image/svg+xml');
    const views = await file.text();
    for (const [className, mask] of masks) {
      const name = /\bicon-([a-z-]+)/.exec(className)?.[1];
      expect(mask, className).toMatch(new RegExp(`#${name}"\\)$`));
      expect(views, `a view for ${name}`).toContain(`<view id="${name}"`);
    }
    // The menu button's icon draws something: hiding it changes what is on screen.
    const button = page.getByRole('button', { name: 'Menu' });
    const drawn = await button.screenshot();
    await button.locator('.icon').evaluate((icon) => {
      (icon as HTMLElement).style.visibility = 'hidden';
    });
    expect(drawn.equals(await button.screenshot())).toBe(false);
  });

  test('following a link in the drawer closes it', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Movies' }).click();
    await expect(page).toHaveURL('/movies');
    await expect(drawer).toBeHidden();
  });
});

test.describe('on a desktop', () => {
  test.use({ locale: 'en-US', viewport: { width: 1440, height: 900 } });

  test('the app knows every page from the start: a link asks the server for its page only', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await open(page, '/');
    await page.waitForLoadState('networkidle');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Menu' });
    await nav.getByRole('link', { name: 'Movies' }).click();
    await expect(page).toHaveURL('/movies');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(asked).toContain('/movies.data');
    expect(asked.filter((path) => path.startsWith('/__manifest'))).toEqual([]);
  });

  test('the navigation sits in the header and there is no menu button', async ({ page }) => {
    await open(page, '/');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Menu' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Movies' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });
});
