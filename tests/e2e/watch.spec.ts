// The watch page as a viewer uses it: a real HLS ladder made by ffmpeg, played through the player; quality menu,
// shortcuts, server switch, next episode (button and end card), theatre mode, an embed in a sandboxed frame, the error overlay
// and reporting the episode from it, double-tap to seek on a phone; the play button working before the app has
// loaded; and pages without a player load none of its code.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DOUBLE_TAP_MS } from '#app/components/player/player-taps.ts';
import { expect, test as base, type Movie } from './fixtures.ts';
import {
  currentTime,
  focusPage,
  open,
  playPastFirstSecond,
  showControls,
  uniqueStamp,
  uploadImage,
  valuesOver,
  videoFlag,
  waitForHydration,
} from './helpers.ts';

const test = base.extend<{
  /**
   * A published movie on two servers: Vietsub #1 has Tập 1 (the ladder, an 8 s intro), Tập 2 (the ladder), Tập 3
   * (an embed) and Tập 4 (a playlist that does not exist); Thuyết minh has Tập 1.
   */
  series: { slug: string; dubbedServerId: number };
  /** A movie renamed after people bookmarked its one episode: its old and its new slug. */
  renamed: { from: string; to: string };
  /**
   * A new published movie (its title stamped, with `fields` such as a poster) whose one episode plays the ladder
   * from this site's storage.
   */
  movieWithOneEpisode: (title: string, fields?: Record<string, unknown>) => Promise<Movie>;
}>({
  series: async ({ baseURL, createMovie, createServer, createEpisode, testLadder }, provide) => {
    const movie = await createMovie({ title: `Người Phán Xử ${uniqueStamp()}`, published: true });
    const vietsub = await createServer(movie, { name: 'Vietsub #1' });
    const dubbed = await createServer(movie, { name: 'Thuyết minh' });
    const hls = `${baseURL}${testLadder}`;
    const add = (server: number, name: string, type: 'hls' | 'embed', url: string) =>
      createEpisode(movie, { server_id: server, name, source_type: type, source_url: url });
    await createEpisode(movie, {
      server_id: vietsub.id,
      name: 'Tập 1',
      source_type: 'hls',
      source_url: hls,
      intro_start: 0,
      intro_end: 8,
    });
    await add(vietsub.id, 'Tập 2', 'hls', hls);
    await add(vietsub.id, 'Tập 3', 'embed', 'https://player.example/embed/3');
    await add(vietsub.id, 'Tập 4', 'hls', `${baseURL}/storage/test-hls/missing/master.m3u8`);
    await add(dubbed.id, 'Tập 1', 'hls', hls);
    await provide({ slug: movie.slug, dubbedServerId: dubbed.id });
  },

  renamed: async ({ adminApi, createMovie, createEpisode }, provide) => {
    const stamp = uniqueStamp();
    const old = await createMovie({ title: `Phim Cũ ${stamp}`, published: true });
    await createEpisode(old, {
      name: 'Tập 1',
      source_type: 'embed',
      source_url: 'https://player.example/embed/old',
    });
    const to = `phim-moi-${stamp}`;
    const patched = await adminApi.patch(`/api/admin/movies/${old.id}`, { data: { slug: to } });
    expect(patched.ok(), await patched.text()).toBe(true);
    await provide({ from: old.slug, to });
  },

  movieWithOneEpisode: async ({ createMovie, createEpisode, testLadder }, provide) => {
    await provide(async (title, fields = {}) => {
      const movie = await createMovie({
        ...fields,
        title: `${title} ${uniqueStamp()}`,
        published: true,
      });
      await createEpisode(movie, {
        name: 'Tập 1',
        source_type: 'hls',
        source_url: testLadder,
      });
      return movie;
    });
  },
});

test.use({ locale: 'en-US' });

test('a viewer watches, changes quality and server, and moves to the next episode', async ({
  page,
  series,
}) => {
  const { slug, dubbedServerId } = series;
  test.setTimeout(120_000);
  const policyErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) policyErrors.push(message.text());
  });

  await open(page, `/watch/${slug}`);
  await page.getByRole('link', { name: 'Watch now' }).click();
  await expect(page).toHaveURL(`/watch/${slug}/tap-1`);
  await expect(page).toHaveTitle(/^Người Phán Xử .* – Tập 1 \| Phim$/);
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByTestId('episode-name')).toContainText('Tập 1 · Vietsub #1');

  const view = page.waitForResponse((response) =>
    /\/api\/episodes\/\d+\/view$/.test(response.url()),
  );
  await playPastFirstSecond(page);
  expect(await (await view).json()).toEqual({ counted: true });
  // K pauses (the clip is short: the rest of the test must not run into its end).
  await focusPage(page);
  await page.keyboard.press('k');
  await expect.poll(() => videoFlag(page, 'paused')).toBe(true);
  // The episode's intro runs to 8 s: the viewer skips it.
  const skipIntro = page.getByRole('button', { name: 'Skip intro' });
  await skipIntro.click();
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(8);
  await expect(skipIntro).toBeHidden();

  // The quality menu lists both renditions of the ladder. The viewer clicks Quality as the menu appears, before its
  // opening transition is over (`force`: no wait for it to settle).
  await page.locator('media-settings-menu-button').click();
  await page
    .locator('media-settings-menu-item')
    .filter({ hasText: 'Quality' })
    .click({ force: true });
  const renditions = page.locator('media-rendition-menu').getByRole('menuitemradio');
  await expect(renditions).toHaveCount(3);
  await expect(renditions.nth(0)).toHaveAccessibleName('360p');
  await expect(renditions.nth(1)).toHaveAccessibleName('180p');
  await expect(renditions.nth(2)).toHaveAccessibleName(/^Auto/);
  await renditions.nth(1).click();
  // The settings menu now names the chosen rendition.
  await expect(page.getByRole('menuitem', { name: 'Quality 180p' })).toBeVisible();
  await page.keyboard.press('Escape');
  // Closed, and its focus given back: a key pressed inside a menu is the menu's, not a shortcut (a loaded machine
  // took long enough for the next key to land there).
  await expect(page.getByRole('menuitem', { name: 'Quality 180p' })).toBeHidden();
  await expect(page.locator('media-settings-menu-button')).toBeFocused();

  // Shortcuts: mute, and the help dialog.
  await focusPage(page);
  await page.keyboard.press('m');
  await expect.poll(() => videoFlag(page, 'muted')).toBe(true);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Next episode');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Another server plays the same episode.
  await page.getByRole('link', { name: 'Thuyết minh' }).click();
  await expect(page).toHaveURL(`/watch/${slug}/tap-1?server=${dubbedServerId}`);
  await expect(page.getByTestId('episode-name')).toContainText('Tập 1 · Thuyết minh');
  // It plays on by itself: the viewer chose it (decision 044).
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
  // The mute was remembered.
  expect(await videoFlag(page, 'muted')).toBe(true);

  // Back on the first server, the next episode.
  await page.getByRole('link', { name: 'Vietsub #1' }).click();
  await expect(page.getByTestId('episode-name')).toContainText('Tập 1 · Vietsub #1');
  await page.getByRole('link', { name: 'Next episode' }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${slug}/tap-2\\?server=\\d+$`));
  await expect(
    page.getByTestId('episode-grid').getByRole('link', { name: 'Tập 2' }),
  ).toHaveAttribute('aria-current', 'page');

  // Near the end, the next-episode card counts down; "Play now" goes on to the embed episode. (Tập 2 plays on
  // by itself.)
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
  await focusPage(page);
  await page.keyboard.press('9');
  const card = page.getByTestId('next-card');
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('Tập 3');
  await expect(card).toContainText(/Starts in \d+ second/);
  await card.getByRole('button', { name: 'Play now' }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${slug}/tap-3\\?server=\\d+$`));
  const frame = page.getByTestId('player-embed');
  await expect(frame).toHaveAttribute('src', 'https://player.example/embed/3');
  await expect(frame).toHaveAttribute(
    'sandbox',
    'allow-scripts allow-same-origin allow-presentation',
  );
  await expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');

  // A source that fails shows the error and a retry.
  await page.getByRole('link', { name: 'Next episode' }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${slug}/tap-4\\?server=\\d+$`));
  const failure = page.getByTestId('player-error');
  await expect(failure).toContainText('This video could not be played');
  await expect(failure.getByRole('button', { name: 'Try again' })).toBeVisible();

  expect(policyErrors).toEqual([]);
});

/** The server's own database (embedded PostgreSQL in the test data folder), for what no public API shows. */
async function queryDatabase<T>(text: string, values: unknown[] = []) {
  const dataDir = process.env.PHIM_E2E_DATA_DIR!;
  const { pgPassword } = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  // postmaster.pid's fourth line is the port the server started PostgreSQL on.
  const port = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${port}/postgres`,
  });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

test('theatre mode puts the player across a wide window, is remembered, and T leaves it', async ({
  page,
  series: { slug },
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, `/watch/${slug}/tap-1`);
  const player = page.getByTestId('player-box');
  const episodes = page.getByRole('heading', { name: /^Episodes · / });
  const theatre = page.getByRole('button', { name: 'Theatre mode' });
  const width = async () => (await player.boundingBox())!.width;
  await expect(theatre).toHaveAttribute('aria-pressed', 'false');
  // The episodes sit beside the player.
  expect(await width()).toBeLessThan(1100);
  expect((await episodes.boundingBox())!.x).toBeGreaterThan(1000);

  await theatre.click();
  await expect(theatre).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(width).toBe(1440);
  // The player fits the window's height; the episodes are below it.
  const box = (await player.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(900);
  expect((await episodes.boundingBox())!.y).toBeGreaterThan(box.y + box.height);

  // Remembered, and across before the app has loaded: the page never jumps into it.
  await page.reload({ waitUntil: 'domcontentloaded' });
  expect(await width()).toBe(1440);
  await waitForHydration(page);
  await expect(theatre).toHaveAttribute('aria-pressed', 'true');

  // T is a player shortcut (listed in its help), once the controls are there.
  await expect(page.locator('media-control-bar media-play-button')).toBeVisible();
  await focusPage(page);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByText('Theatre mode on or off')).toBeVisible();
  await page.keyboard.press('Escape');
  await focusPage(page);
  await page.keyboard.press('t');
  await expect(theatre).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(width).toBeLessThan(1100);

  // A phone has no theatre mode: no button, and the player keeps the page's width.
  await theatre.click();
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(theatre).toBeHidden();
  expect(await width()).toBe(360);
  expect((await episodes.boundingBox())!.y).toBeGreaterThan(
    (await page.getByTestId('episode-name').boundingBox())!.y,
  );
});

test('a viewer whose episode will not play reports it', async ({ page, series: { slug } }) => {
  // A report needs a reason.
  await open(page, `/watch/${slug}/tap-2`);
  await page.getByRole('button', { name: 'Report a problem' }).click();
  let dialog = page.getByRole('dialog', { name: 'Report a problem with this episode' });
  await expect(dialog).toContainText('Tập 2');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose what is wrong.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await open(page, `/watch/${slug}/tap-4`);
  const failure = page.getByTestId('player-error');
  await expect(failure).toContainText('This video could not be played');
  await failure.getByRole('button', { name: 'Report' }).click();
  dialog = page.getByRole('dialog', { name: 'Report a problem with this episode' });
  await expect(dialog).toContainText('Tập 4');
  // From the error, "It will not play" is already chosen; the viewer adds a note.
  await expect(dialog.getByRole('radio', { name: 'It will not play' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'It will not play' }).check();
  await dialog.getByLabel('Details (optional)').fill('Màn hình đen, không có tiếng.');
  await expect(dialog).toContainText('29/500');
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/reports'));
  await dialog.getByRole('button', { name: 'Send report' }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText('Thanks — we’ll look into it')).toBeVisible();
  await expect(dialog).toBeHidden();

  const stored = await queryDatabase<{ reason: string; message: string; status: string }>(
    `select r.reason, r.message, r.status from reports r join episodes e on e.id = r.episode_id
     join movies m on m.id = r.movie_id where m.slug = $1 and e.ep = 'tap-4'`,
    [slug],
  );
  expect(stored).toEqual([
    { reason: 'wont_play', message: 'Màn hình đen, không có tiếng.', status: 'open' },
  ]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('a double tap on either side seeks 10 s, and more taps add up', async ({
    page,
    series: { slug },
  }) => {
    await open(page, `/watch/${slug}/tap-2`);
    const video = page.locator('hls-video');
    await expect
      .poll(() => video.evaluate((element) => (element as HTMLVideoElement).duration || 0))
      .toBeGreaterThan(11);
    const box = (await page.getByTestId('player').boundingBox())!;
    const y = box.y + box.height * 0.35;
    const right = box.x + box.width * 0.85;
    const left = box.x + box.width * 0.15;

    // The label shows for well under a second: note every text it shows, so a slow test machine misses none.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seekLabels: string[] }).seekLabels = seen;
      new MutationObserver(() => {
        const label = document.querySelector('[data-testid="tap-seek"]')?.textContent;
        if (label && seen.at(-1) !== label) seen.push(label);
      }).observe(document.querySelector('[data-testid="player"]')!, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    const seekLabels = () =>
      page.evaluate(() => (window as unknown as { seekLabels: string[] }).seekLabels);

    // One tap is the controls' business, not a seek: nothing moves while a second tap could still make it a double
    // tap, and that window has closed before the next taps.
    await page.touchscreen.tap(right, y);
    expect(await valuesOver(DOUBLE_TAP_MS + 100, () => currentTime(page))).toEqual([0]);

    expect(await seekLabels()).toEqual([]);

    await page.touchscreen.tap(right, y);
    await page.touchscreen.tap(right, y);
    await expect.poll(() => currentTime(page)).toBeCloseTo(10, 0);
    expect(await seekLabels()).toEqual(['+10 s']);
    // Screen readers hear it too.
    await expect(page.getByTestId('tap-announcement')).toHaveText('Forward 10 seconds');
    await expect(page.getByTestId('tap-seek')).toBeHidden();

    // Three taps on the left: back 10, then 10 more (the clip is at 10 s: it stops at the start).
    for (let i = 0; i < 3; i += 1) await page.touchscreen.tap(left, y);
    await expect.poll(() => currentTime(page)).toBe(0);
    await expect.poll(seekLabels).toEqual(['+10 s', '−10 s', '−20 s']);
    await expect(page.getByTestId('tap-announcement')).toHaveText('Back 20 seconds');
  });
});

test('the play button plays before the app has loaded, and the player takes the same video over', async ({
  page,
  movieWithOneEpisode,
}) => {
  const movie = await movieWithOneEpisode('Khởi Động Sớm');

  // Held back: the app's entry (so the page does not hydrate) and, at first, the early start itself.
  const hold = () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    return { held, release };
  };
  const app = hold();
  const early = hold();
  await page.route('**/assets/entry.client-*.js', async (route) => {
    await app.held;
    await route.continue();
  });
  await page.route('**/assets/player-boot-*.js', async (route) => {
    await early.held;
    await route.continue();
  });
  const masters: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/master.m3u8')) masters.push(sent.url());
  });
  await page.goto(`/watch/${movie.slug}/tap-1`, { waitUntil: 'commit' });

  // The page's <head> has already asked for the master playlist, while the early start is still on its way.
  await expect.poll(() => masters.length).toBe(1);
  // The page's inline script enables the button at once; a press before the early start has loaded is kept.
  const play = page.locator('[data-player-boot-play]');
  await expect(play).toBeEnabled();
  await expect(play).toHaveAccessibleName('Play');
  await play.click();
  await expect(play).toHaveAttribute('data-requested', '');
  expect(await currentTime(page)).toBe(0);
  const frame = page.locator('[data-player-boot]');
  await expect(frame).toHaveAttribute('data-early-start', 'loading');
  early.release();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
  await expect(play).toBeHidden();
  // hls.js was answered from that request: the playlist was not fetched again.
  expect(masters).toHaveLength(1);
  // Its first frame is on screen: the app may hydrate now (entry.client.tsx waits for this).
  await expect(frame).toHaveAttribute('data-early-start', 'settled');
  await expect(page.locator('media-controller')).toHaveCount(0);
  await page.evaluate(() => {
    (document.querySelector('hls-video') as unknown as { phimEarly: boolean }).phimEarly = true;
  });

  // The app hydrates and its player adopts the playing element: no second load, no restart. It counts the view,
  // though the video started playing before it was there to hear it.
  const viewed = page.waitForRequest(
    (sent) => sent.method() === 'POST' && /\/api\/episodes\/\d+\/view$/.test(sent.url()),
  );
  app.release();
  await waitForHydration(page);
  await viewed;
  await expect(page.locator('media-controller > hls-video')).toHaveCount(1);
  expect(
    await page.evaluate(
      () => (document.querySelector('hls-video') as unknown as { phimEarly?: boolean }).phimEarly,
    ),
  ).toBe(true);
  const before = await currentTime(page);
  expect(before).toBeGreaterThan(0.5);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(before + 0.5);
  await expect(page.locator('media-controller')).not.toHaveAttribute('mediapaused', '');
  // Its controls work on it: pause from the control bar.
  await page.locator('media-control-bar media-play-button').click();
  await expect(page.locator('media-controller')).toHaveAttribute('mediapaused', '');
});

test("a page loaded afresh makes the player's controls when the viewer reaches for the player", async ({
  page,
  movieWithOneEpisode,
}) => {
  const movie = await movieWithOneEpisode('Chạm Tay');
  const url = `/watch/${movie.slug}/tap-1`;
  const controller = page.locator('media-controller');
  await page.setViewportSize({ width: 1280, height: 800 });
  // Looking is not reaching: the page loads and hydrates, its video is ready, and the early start's frame stays.
  await open(page, url);
  await expect(page.locator('[data-player-boot]')).toHaveAttribute('data-early-start', 'settled');
  expect(await valuesOver(1000, () => controller.count())).toEqual([0]);
  await expect(page.locator('[data-player-boot-play]')).toBeVisible();

  // The keyboard's focus on the frame's play button makes them, and moves to their play button.
  await page.locator('[data-player-boot-play]').focus();
  await expect(page.locator('media-controller media-play-button.phim-big-play')).toBeFocused();

  // The mouse over the player makes them.
  await page.mouse.move(1, 1);
  await open(page, url);
  await expect(controller).toHaveCount(0);
  await page.getByTestId('player').hover();
  await expect(page.locator('media-control-bar media-play-button')).toBeVisible();

  // A video that cannot play shows its error at once, untouched: hls.js giving up makes them too.
  await page.mouse.move(1, 1);
  await page.route('**/test-hls/ladder/master.m3u8', (route) => route.fulfill({ status: 404 }));
  await open(page, url);
  await expect(page.getByTestId('player-error')).toContainText('This video could not be played');
  await page.unroute('**/test-hls/ladder/master.m3u8');

  // A shortcut key makes them, and is done: K plays. (Last: a guest's place, kept from here, makes them at once.)
  await open(page, url);
  await expect(controller).toHaveCount(0);
  await page.keyboard.press('k');
  await expect(controller).toBeAttached();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
  expect(await videoFlag(page, 'paused')).toBe(false);
});

test('"Try again" plays a video that could not be played a moment ago', async ({
  page,
  movieWithOneEpisode,
}) => {
  const movie = await movieWithOneEpisode('Thử Lại');
  await page.route('**/test-hls/ladder/master.m3u8', (route) => route.fulfill({ status: 404 }));
  await open(page, `/watch/${movie.slug}/tap-1`);
  const failure = page.getByTestId('player-error');
  await expect(failure).toContainText('This video could not be played');
  // The network is back: one press plays it, with no second press on the play button.
  await page.unroute('**/test-hls/ladder/master.m3u8');
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(failure).toBeHidden();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
  expect(await videoFlag(page, 'paused')).toBe(false);
});

test('the video shows the poster the page has already loaded, in the size it chose', async ({
  page,
  adminApi,
  movieWithOneEpisode,
}) => {
  const poster = await uploadImage(adminApi);
  const movie = await movieWithOneEpisode('Áp Phích', { poster });
  const widths = new Set<string>();
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === '/_img' && url.searchParams.get('src') === poster)
      widths.add(url.searchParams.get('w') ?? 'blur');
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/watch/${movie.slug}/tap-1`);
  // Both read in the same frame: the early start's frame, and its <img>, give way to the player's controls as soon
  // as the app mounts them.
  const [videoPoster, shown] = await page
    .waitForFunction(() => {
      const poster = document.querySelector('hls-video')?.getAttribute('poster');
      const img = document.querySelector<HTMLImageElement>('[data-player-boot] img');
      return poster?.includes('/_img?') && img ? [poster, img.currentSrc] : null;
    })
    .then((handle) => handle.jsonValue() as Promise<[string, string]>);
  expect(videoPoster).toBe(shown);
  await page.waitForLoadState('networkidle');
  // On a phone's screen the <img> picks a small size from its srcset; the video asks for no 1280-pixel copy beside it.
  expect(widths.has(new URL(shown).searchParams.get('w')!)).toBe(true);
  expect(widths.has('1280')).toBe(false);
});

test('a watch page whose video never arrives still answers: the app waits for the early start a second at most', async ({
  page,
  movieWithOneEpisode,
}) => {
  const movie = await movieWithOneEpisode('Mạng Chậm');
  // The playlist never comes: the early start never has a first frame to wait for.
  await page.route('**/test-hls/ladder/master.m3u8', () => new Promise<void>(() => {}));
  const started = Date.now();
  await page.goto(`/watch/${movie.slug}/tap-1`);
  await waitForHydration(page);
  expect(Date.now() - started).toBeLessThan(8_000);
  // Hydrated without a frame of video; the controls, made when the viewer reaches for the player, take the early
  // element over, still waiting for its playlist.
  await showControls(page);
  await expect(page.locator('media-controller > hls-video')).toHaveCount(1);
  expect(
    await page.evaluate(
      () => (document.querySelector('hls-video') as unknown as HTMLVideoElement).readyState,
    ),
  ).toBe(0);
  // The page works: its menus open.
  await page.getByTestId('color-mode-switcher').click();
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeVisible();
});

test('a signed-in viewer who leaves halfway comes back where they were, and can start over', async ({
  page,
  signIn,
  insertNewUser,
  movieWithOneEpisode,
}) => {
  const movie = await movieWithOneEpisode('Bố Già');
  await signIn(page, await insertNewUser());
  await open(page, `/watch/${movie.slug}/tap-1`);
  await playPastFirstSecond(page, 30_000);
  // To the middle of the 12 s episode, then a pause: both save the place.
  await page.evaluate(() => {
    const video = document.querySelector('hls-video') as HTMLVideoElement;
    video.currentTime = 6.4;
    video.pause();
  });
  // Saved in the background: the history lists it once written.
  await expect
    .poll(
      async () =>
        (await (await page.request.get('/api/history')).json()).data[0]?.position as number,
      { timeout: 15_000 },
    )
    .toBe(6);

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('resumed')).toContainText('Resumed from 0:06');
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(6);

  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByTestId('resumed')).toBeHidden();
  await expect.poll(() => currentTime(page)).toBeLessThan(1);
});

test('a guest resumes from this browser, and the place joins their account when they sign in', async ({
  page,
  movieWithOneEpisode,
  signIn,
  insertNewUser,
}) => {
  const movie = await movieWithOneEpisode('Mắt Biếc');
  const saves: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/history\/\d+$/.test(request.url())) saves.push(request.url());
  });
  await open(page, `/watch/${movie.slug}/tap-1`);
  await playPastFirstSecond(page, 30_000);
  await expect(page.getByTestId('resumed')).toHaveCount(0);
  await page.evaluate(() => {
    const video = document.querySelector('hls-video') as HTMLVideoElement;
    video.currentTime = 6.4;
    video.pause();
  });
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('phim:history')))
    .toContain('"position":6.4');

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('resumed')).toContainText('Resumed from 0:06');
  // Nothing went to the server: a guest has no account to save to.
  expect(saves).toEqual([]);

  // Signing in hands the place to the account, and the browser forgets it.
  await signIn(page, await insertNewUser());
  await expect
    .poll(
      async () =>
        (await (await page.request.get('/api/history')).json()).data[0]?.position as number,
      { timeout: 15_000 },
    )
    .toBe(6);
  expect(await page.evaluate(() => localStorage.getItem('phim:history'))).toBeNull();
});

test('unknown episodes and servers are 404; an old slug moves with its episode', async ({
  page,
  series: { slug, dubbedServerId },
  renamed,
}) => {
  const moved = await page.goto(`/watch/${renamed.from}/tap-1`);
  expect(moved?.request().redirectedFrom()?.url()).toContain(`/watch/${renamed.from}/tap-1`);
  expect((await moved?.request().redirectedFrom()?.response())?.status()).toBe(301);
  await expect(page).toHaveURL(`/watch/${renamed.to}/tap-1`);
  await expect(page.getByTestId('player-embed')).toBeVisible();

  expect((await page.goto(`/watch/${slug}/tap-99`))?.status()).toBe(404);
  expect((await page.goto(`/watch/${slug}/tap-2?server=${dubbedServerId}`))?.status()).toBe(404);
  expect((await page.goto(`/watch/${slug}/tap-1?server=abc`))?.status()).toBe(404);
});

test('pages without a player load none of its code', async ({ page, series: { slug } }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await open(page, '/');
  await open(page, '/movies');
  await open(page, `/watch/${slug}`);
  // The player's chunk (Media Chrome, hls.js) is named after its module: `assets/player-<hash>.js`.
  const playerChunk = /\/assets\/player-[\w-]+\.js$/;
  expect(scripts.filter((url) => playerChunk.test(url) || /hls|media-chrome/.test(url))).toEqual(
    [],
  );
  await page.getByRole('link', { name: 'Watch now' }).click();
  await expect(page.locator('media-controller')).toBeAttached();
  expect(scripts.some((url) => playerChunk.test(url))).toBe(true);
});
