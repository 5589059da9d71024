// Shared steps for the browser tests.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

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

/**
 * Every axe violation (WCAG 2.1 A/AA and best practice) on the page as it is now, one line each: rule,
 * then where; only inside `include`, and leaving out `exclude`. It first lets the page's finite CSS
 * transitions and animations end: a colour scheme switched on a live page fades its buttons for 150 ms,
 * and axe reading a colour halfway reports low contrast that no visitor sees for long.
 */
export async function axeViolations(
  page: Page,
  { include, exclude }: { include?: string; exclude?: string } = {},
) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  if (include) builder.include(include);
  if (exclude) builder.exclude(exclude);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
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

const DOCUMENTS_KEY = 'phim-test:documents';

/**
 * From now on, notes the path of every document that the tab commits to (navigations, reloads, replaces);
 * read them with `loadedDocuments`. A navigation that is cancelled before it commits (a second reload
 * that overtakes the first) leaves no entry: only pages the visitor actually got count.
 */
export async function recordDocumentLoads(page: Page) {
  await page.addInitScript((key) => {
    if (window.top !== window) return;
    try {
      const paths = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      paths.push(location.pathname + location.search);
      sessionStorage.setItem(key, JSON.stringify(paths));
    } catch {
      // about:blank has no storage.
    }
  }, DOCUMENTS_KEY);
}

/** Waits until the tab has committed to at least `count` documents, across the navigations in between. */
export async function waitForDocumentLoads(page: Page, count: number) {
  await page.waitForFunction(
    ([key, n]) => (JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[]).length >= n,
    [DOCUMENTS_KEY, count] as const,
  );
}

export async function loadedDocuments(page: Page) {
  return page.evaluate(
    (key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[],
    DOCUMENTS_KEY,
  );
}

/**
 * The URL path of a route's JavaScript module, e.g. `/assets/login-AbC123.js` for `routes/auth/login`.
 * React Router learns about routes lazily (from the links on the page), so this waits until it has.
 */
export async function routeModulePath(page: Page, routeId: string) {
  const handle = await page.waitForFunction((id) => {
    const manifest = (
      window as unknown as {
        __reactRouterManifest?: { routes: Record<string, { module: string }> };
      }
    ).__reactRouterManifest;
    return manifest?.routes[id]?.module;
  }, routeId);
  return (await handle.jsonValue()) as string;
}

/** ~12 s of test pattern and tone as fMP4 HLS: 640x360 and 320x180 with a master playlist, 4 s segments. */
export function makeTestHls(folder: string) {
  if (fs.existsSync(path.join(folder, 'master.m3u8'))) return;
  fs.mkdirSync(folder, { recursive: true });
  execFileSync(
    process.env.FFMPEG_PATH || 'ffmpeg',
    [
      ...['-y', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=12'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=12'],
      ...['-filter_complex', '[0:v]split=2[a][b];[b]scale=320:180[small]'],
      ...['-map', '[a]', '-map', '[small]', '-map', '1:a', '-map', '1:a'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-g', '100', '-keyint_min', '100', '-sc_threshold', '0'],
      ...['-b:v:0', '800k', '-b:v:1', '250k', '-c:a', 'aac', '-b:a', '64k'],
      ...['-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod'],
      ...['-hls_segment_type', 'fmp4', '-master_pl_name', 'master.m3u8'],
      ...['-var_stream_map', 'v:0,a:0 v:1,a:1'],
      ...['-hls_segment_filename', 'stream_%v/seg_%03d.m4s', 'stream_%v/index.m3u8'],
    ],
    { cwd: folder, stdio: 'pipe' },
  );
}

/** Fills and sends the sign-in form at `url` (the site's or the back office's); where it leads is the caller's. */
export async function fillSignInForm(
  page: Page,
  account: { email: string; password: string },
  url: string,
) {
  await open(page, url);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Ten random consonants: unique per call, and unlike any other stamp to the trigram search (two stamps of a
 * timestamp's digits look alike to it, and the search then finds another test's movies).
 */
export function uniqueStamp(length = 10) {
  return Array.from({ length }, () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)]).join(
    '',
  );
}

/** A 2×2 red PNG, for posters, backdrops and avatars. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads the PNG through the admin API (`api` carries the admin's token); answers its `/storage/…` path. */
export async function uploadImage(api: APIRequestContext, name = 'poster.png') {
  const response = await api.post('/api/admin/uploads/image', {
    multipart: { image: { name, mimeType: 'image/png', buffer: PNG } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { path: string }).path;
}

/**
 * For what must not happen (a late upload chunk, a debounced push of the URL, one tap taken for half a double
 * tap): reads `read` every 100 ms for `ms`, as long as the app could take to do it, and answers every distinct value
 * seen, in order. One reading after a pause would miss a value that came and went.
 */
export async function valuesOver<T>(ms: number, read: () => Promise<T>) {
  const seen: T[] = [];
  const until = Date.now() + ms;
  await expect
    .poll(
      async () => {
        const value = await read();
        if (!seen.some((known) => JSON.stringify(known) === JSON.stringify(value)))
          seen.push(value);
        return Date.now() >= until;
      },
      { intervals: [100], timeout: ms + 10_000 },
    )
    .toBe(true);
  return seen;
}

/**
 * A clip of test pattern and tone made with ffmpeg (H.264 + AAC in MP4). `noise` encodes moving noise losslessly:
 * a few seconds then weigh tens of megabytes, for an upload that lasts long enough to pause.
 */
export function makeClip(file: string, { size = '854x480', seconds = 6, noise = false } = {}) {
  execFileSync(process.env.FFMPEG_PATH || 'ffmpeg', [
    ...['-y', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...(noise ? ['-vf', 'noise=alls=40:allf=t', '-qp', '0'] : []),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', file],
  ]);
  return file;
}

/**
 * Uploads a 6 s 854×480 clip as `{file}.mp4` over tus in one PATCH, names the video `name` and waits until the
 * server's own job worker has transcoded it; answers the video id. `request` carries the admin's token (token mode
 * needs no CSRF header).
 */
export async function uploadReadyVideo(request: APIRequestContext, file: string, name: string) {
  const clip = fs.readFileSync(makeClip(path.join(process.env.PHIM_E2E_DATA_DIR!, `${file}.mp4`)));
  const created = await request.post('/api/admin/videos/uploads', {
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(clip.length),
      'Upload-Metadata': `filename ${Buffer.from(`${file}.mp4`).toString('base64')}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = new URL(created.headers()['location']!, 'http://x').pathname;
  const finished = await request.patch(location, {
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    data: clip,
  });
  expect(finished.status(), await finished.text()).toBe(204);
  const videoId = Number(created.headers()['phim-video-id']);
  const renamed = await request.patch(`/api/admin/videos/${videoId}`, { data: { name } });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  await expect
    .poll(
      async () => (await (await request.get(`/api/admin/videos/${videoId}`)).json()).video.status,
      { timeout: 180_000, intervals: [1000] },
    )
    .toBe('ready');
  return videoId;
}

/** The playback time of the page's `<hls-video>`, 0 while there is none. */
export const currentTime = (page: Page) =>
  page.evaluate(
    () => (document.querySelector('hls-video') as HTMLVideoElement | null)?.currentTime ?? 0,
  );

/** Whether the page's `<hls-video>` is paused, or muted. */
export const videoFlag = (page: Page, flag: 'paused' | 'muted') =>
  page.evaluate((name) => (document.querySelector('hls-video') as HTMLVideoElement)[name], flag);

/** Takes focus off the control that was clicked, as a viewer clicking beside the player would. */
export const focusPage = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

/**
 * Moves the mouse over the player, as a viewer reaching for it: a page loaded afresh makes the player's controls
 * then (decision 072). Waits until they are there.
 */
export async function showControls(page: Page) {
  await page.getByTestId('player').hover();
  await expect(page.locator('media-control-bar media-play-button')).toBeVisible();
}

/** Presses the control bar's play button and waits until the video has played past its first second. */
export async function playPastFirstSecond(page: Page, timeout = 20_000) {
  await showControls(page);
  await page.locator('media-control-bar media-play-button').click();
  await expect.poll(() => currentTime(page), { timeout }).toBeGreaterThan(1);
}

/** Plays the page's `<hls-video>` until its time moves past a second, and opens the quality menu. */
export async function playAndListQualities(page: Page) {
  await playPastFirstSecond(page, 30_000);
  await page.locator('media-settings-menu-button').click();
  await page.locator('media-settings-menu-item').filter({ hasText: 'Quality' }).click();
  return page.locator('media-rendition-menu').getByRole('menuitemradio');
}

/** Saves a place as the player does: with the ticket for that episode, signed in through the page's cookie. */
export async function savePosition(
  page: Page,
  episodeId: number,
  position: number,
  duration: number,
) {
  const ticket = await page.request.get(`/api/history/${episodeId}/ticket`);
  expect(ticket.ok(), await ticket.text()).toBe(true);
  const saved = await page.request.post(`/api/history/${episodeId}`, {
    data: { ticket: (await ticket.json()).ticket, position, duration },
  });
  expect(saved.status(), await saved.text()).toBe(204);
}
