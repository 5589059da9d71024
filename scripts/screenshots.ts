// Screenshots of the main pages at phone and desktop widths, light and dark, for a visual review.
// Usage: npx tsx scripts/screenshots.ts [base URL] [output folder]
//   base URL: argument, else PHIM_URL, else http://localhost:4173 (a running server: npm start, or
//   node --import tsx tests/e2e/server.ts for a throw-away one). Output: /tmp/phim-shots/ by default.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { BROWSER_USER_AGENT, CHROMIUM_ARGS, chromiumPath } from '#tests/chromium.ts';

const baseURL = (process.argv[2] ?? process.env.PHIM_URL ?? 'http://localhost:4173').replace(
  /\/+$/,
  '',
);
const outDir = process.argv[3] ?? process.env.PHIM_SHOTS_DIR ?? '/tmp/phim-shots';

const pages = [
  { name: 'home', path: '/', locales: ['vi', 'en'] },
  { name: 'movies', path: '/movies', locales: ['vi'] },
  { name: 'missing', path: '/this-is-missing', locales: ['vi'] },
  { name: 'login', path: '/auth/login', locales: ['vi'] },
] as const;
const viewports = [
  { width: 360, height: 780 },
  { width: 1440, height: 900 },
] as const;
const modes = ['light', 'dark'] as const;

async function shoot(browser: Browser) {
  const files: string[] = [];
  for (const { name, path: pagePath, locales } of pages) {
    for (const locale of locales) {
      for (const viewport of viewports) {
        for (const mode of modes) {
          const context = await browser.newContext({
            viewport,
            userAgent: BROWSER_USER_AGENT,
            locale: locale === 'vi' ? 'vi-VN' : 'en-US',
            colorScheme: mode,
          });
          // Set before any script of the page runs, so the first paint already has the mode.
          await context.addInitScript((value) => {
            localStorage.setItem('nuxt-color-mode', value);
          }, mode);
          const page = await context.newPage();
          const response = await page.goto(baseURL + pagePath, { waitUntil: 'networkidle' });
          // Fonts and the hydration pass settle before the picture is taken.
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          // Lazy pictures load only near the viewport: walk down the page (and along sideways rows) first.
          // (No named functions inside: tsx would wrap them in a helper the page does not have.)
          await page.evaluate(async () => {
            for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
              window.scrollTo(0, y);
              await new Promise((resolve) => setTimeout(resolve, 120));
            }
            window.scrollTo(0, 0);
          });
          await page.waitForLoadState('networkidle');
          // Blocks painted when near (`paint-when-near`, decision 059) are skipped again once far from the screen,
          // and a full-page picture is taken with the screen at the top: painted for the picture.
          await page.addStyleTag({
            content: '.paint-when-near { content-visibility: visible !important; }',
          });
          const file = path.join(outDir, `${name}-${locale}-${viewport.width}-${mode}.png`);
          await page.screenshot({ path: file, fullPage: true });
          files.push(`${file} (HTTP ${response?.status() ?? '?'})`);
          await context.close();
        }
      }
    }
  }
  return files;
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const files = await shoot(browser);
    console.log(`${files.length} screenshots of ${baseURL}:\n${files.join('\n')}`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
