// Shared steps for the browser tests.
import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated the page: before that the server-rendered HTML is on screen but buttons
 * that need JavaScript (menus, switchers) do nothing when clicked. The client fetches the locale's
 * messages before hydrating, so this can come after the load event.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector('[data-testid="color-mode-switcher"]');
    return Boolean(button && Object.keys(button).some((key) => key.startsWith('__reactProps')));
  });
  // Let the commit and its effects run.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}

/** Navigates and waits for hydration; returns the document response. */
export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** Marks the current document so a test can tell whether a later step reloaded the page. */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __phimMark?: boolean }).__phimMark = true;
  });
}

export async function isSameDocument(page: Page) {
  return page.evaluate(() => (window as unknown as { __phimMark?: boolean }).__phimMark === true);
}

export async function storedColorMode(page: Page) {
  return page.evaluate(() => localStorage.getItem('nuxt-color-mode'));
}
