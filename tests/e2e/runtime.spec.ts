// The client runtime of spec sections 4, 7 and 9: a route chunk that fails to load, a newer build on the
// server, and link prefetching that holds back on slow or data-saving connections.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  isSameDocument,
  loadedDocuments,
  markDocument,
  open,
  recordDocumentLoads,
  routeModulePath,
  waitForDocumentLoads,
  waitForHydration,
} from './helpers.ts';

const signIn = (page: Page) => page.getByRole('banner').locator('a[href="/auth/login"]');
// The logo in the sign-in page's header; scoped to the brand layout so it waits for that page to render.
const brandHome = (page: Page) =>
  page.locator('.theme-brand').getByRole('banner').locator('a[href="/"]');

test.describe('a route chunk that fails to load', () => {
  test('sends the visitor on to where they were going, with a full page load', async ({ page }) => {
    await recordDocumentLoads(page);
    await open(page, '/');
    const chunk = await routeModulePath(page, 'routes/auth/login');

    // The chunk is gone (a release replaced it, or the network dropped it) until the page is left.
    let failing = true;
    let aborted = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && new URL(request.url()).pathname === '/auth/login') {
        failing = false;
      }
    });
    await page.route(`**${chunk}`, async (route) => {
      if (!failing) return route.continue();
      aborted++;
      return route.abort();
    });

    await markDocument(page);
    await signIn(page).click();
    await expect(page).toHaveURL('/auth/login');
    await waitForHydration(page);
    expect(aborted).toBeGreaterThan(0);
    expect(await isSameDocument(page)).toBe(false);
    // React Router reloads the page it was on; the app then goes on to the target.
    expect(await loadedDocuments(page)).toEqual(['/', '/', '/auth/login']);
    await expect(page.getByRole('main')).toHaveCount(1);
  });

  test('reloads only once within the guard window: a second failure leaves the visitor where they are', async ({
    page,
  }) => {
    await recordDocumentLoads(page);
    await open(page, '/');
    const chunk = await routeModulePath(page, 'routes/auth/login');
    await page.route(`**${chunk}`, (route) => route.abort());

    await signIn(page).click();
    await expect(page).toHaveURL('/auth/login');
    expect(await loadedDocuments(page)).toEqual(['/', '/', '/auth/login']);

    // Back home and the same link again, well inside the 10 s window: the chunk still fails.
    await open(page, '/');
    await routeModulePath(page, 'routes/auth/login');
    await markDocument(page);
    await signIn(page).click();
    await waitForDocumentLoads(page, 5);
    // Had the app chased the target again, this page would never hydrate: it would be replaced first.
    await waitForHydration(page);

    // React Router's own reload happened, but the app stayed on the page: no loop.
    expect(await isSameDocument(page)).toBe(false);
    await expect(page).toHaveURL('/');
    expect(await loadedDocuments(page)).toEqual(['/', '/', '/auth/login', '/', '/']);
  });
});

test.describe('a newer build on the server', () => {
  test('turns the next navigation into a full page load', async ({ page }) => {
    // Counts finished build checks: the app's own handling of the answer runs before this count moves.
    await page.addInitScript(() => {
      const counter = window as unknown as { __buildChecks: number; __lastBuildId?: string };
      counter.__buildChecks = 0;
      const fetch = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const response = await fetch(input, init);
        if (String(input instanceof Request ? input.url : input).includes('/_build/latest.json')) {
          const json = response.json.bind(response);
          response.json = async () => {
            const body = (await json()) as { id?: string };
            setTimeout(() => {
              counter.__buildChecks++;
              counter.__lastBuildId = body.id;
            }, 0);
            return body;
          };
        }
        return response;
      };
    });
    // The app listens from an effect after hydration: the check is asked again until one has been answered with
    // the build id the step expects (once was flaky on a loaded machine, when the listener came a moment later).
    const checkedWith = (id: string | null) =>
      expect
        .poll(
          async () => {
            await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
            return page.evaluate(() => {
              const counter = window as unknown as {
                __buildChecks: number;
                __lastBuildId?: string;
              };
              return counter.__buildChecks > 0 ? (counter.__lastBuildId ?? null) : undefined;
            });
          },
          { timeout: 20_000 },
        )
        .toBe(id);

    await open(page, '/');
    await markDocument(page);

    // Same build: navigation stays inside the page.
    const current = await page.evaluate(
      () =>
        (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest
          .version,
    );
    await checkedWith(current);
    await signIn(page).click();
    await expect(page).toHaveURL('/auth/login');
    expect(await isSameDocument(page)).toBe(true);

    // The server now answers another build id.
    await page.route('**/_build/latest.json*', (route) =>
      route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } }),
    );
    await checkedWith('a-newer-build');
    const documentLoad = page.waitForRequest(
      (request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/',
    );
    await brandHome(page).click();
    await documentLoad;
    await expect(page).toHaveURL('/');
    await waitForHydration(page);
    expect(await isSameDocument(page)).toBe(false);
  });
});

test.describe('prefetching same-host links', () => {
  test('happens on hover and on focus', async ({ page }) => {
    await open(page, '/');
    const login = await routeModulePath(page, 'routes/auth/login');
    const movies = await routeModulePath(page, 'routes/movies');

    const hoverData = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/auth/login.data',
    );
    const hoverModule = page.waitForRequest((request) => request.url().endsWith(login));
    await signIn(page).hover();
    expect((await hoverData).headers()['sec-purpose']).toContain('prefetch');
    await hoverModule;

    const focusData = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/movies.data',
    );
    const focusModule = page.waitForRequest((request) => request.url().endsWith(movies));
    await page.getByRole('main').locator('a[href="/movies"]').first().focus();
    await focusData;
    await focusModule;
  });

  for (const [name, connection] of [
    ['save-data', { saveData: true, effectiveType: '4g' }],
    ['2g', { saveData: false, effectiveType: '2g' }],
  ] as const) {
    test(`does not happen on a ${name} connection`, async ({ page }) => {
      await page.addInitScript((value) => {
        Object.defineProperty(Navigator.prototype, 'connection', {
          configurable: true,
          get: () => ({ ...value, addEventListener() {}, removeEventListener() {} }),
        });
      }, connection);
      await open(page, '/');
      expect(await page.evaluate(() => 'connection' in navigator)).toBe(true);

      // The links still work, inside the page. This also makes React Router know the sign-in route and
      // hold its code (it skips its own route discovery on save-data), so only the prefetch choice is left.
      await markDocument(page);
      await signIn(page).click();
      await expect(page).toHaveURL('/auth/login');
      await brandHome(page).click();
      await expect(page).toHaveURL('/');
      expect(await isSameDocument(page)).toBe(true);
      await routeModulePath(page, 'routes/auth/login');

      const requests: string[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));
      await signIn(page).hover();
      await page.getByRole('main').locator('a[href="/movies"]').first().focus();
      // React Router prefetches 100 ms after the intent; give it ten times that, measured in the page.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1000)));
      expect(requests).toEqual([]);
      await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
    });
  }
});
