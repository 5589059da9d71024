// The player's fixes of issue 16 as a viewer meets them: every row of the settings menu answers the click (none
// of them lies under the seek bar), the menu is there whichever way a viewer reaches for it (it is made then),
// every way to the next episode keeps playing, a remembered subtitle language shows one track after a reload, and
// the next-episode countdown waits while a dialog is open.
import type { Locator, Page } from '@playwright/test';
import { expect, test as base } from './fixtures.ts';
import {
  currentTime,
  focusPage,
  open,
  playPastFirstSecond,
  showControls,
  uniqueStamp,
  valuesOver,
  videoFlag,
  waitForHydration,
} from './helpers.ts';

const test = base.extend<{
  /**
   * A published series on two servers, both with Tập 1 and Tập 2 playing the test ladder; Tập 1 on the first
   * server has English and Vietnamese subtitles.
   */
  series: { slug: string; dubbedServerId: number };
}>({
  series: async (
    { adminApi, baseURL, createMovie, createServer, createEpisode, testLadder },
    provide,
  ) => {
    const movie = await createMovie({
      title: `Hoa Hồng Trên Ngực Trái ${uniqueStamp()}`,
      published: true,
    });
    const vietsub = await createServer(movie, { name: 'Vietsub #1' });
    const dubbed = await createServer(movie, { name: 'Thuyết minh' });
    const hls = `${baseURL}${testLadder}`;
    const first = await createEpisode(movie, {
      server_id: vietsub.id,
      name: 'Tập 1',
      source_type: 'hls',
      source_url: hls,
    });
    for (const [server, name] of [
      [vietsub.id, 'Tập 2'],
      [dubbed.id, 'Tập 1'],
      [dubbed.id, 'Tập 2'],
    ] as const)
      await createEpisode(movie, { server_id: server, name, source_type: 'hls', source_url: hls });
    for (const [language, label, line] of [
      ['en', 'English', 'Hello there'],
      ['vi', 'Tiếng Việt', 'Xin chào'],
    ]) {
      const added = await adminApi.post(
        `/api/admin/movies/${movie.id}/episodes/${first.id}/subtitles`,
        {
          multipart: {
            language: language!,
            label: label!,
            file: {
              name: `tap-1.${language}.vtt`,
              mimeType: 'text/vtt',
              buffer: Buffer.from(`WEBVTT\n\n00:00:00.000 --> 00:00:12.000\n${line}\n`),
            },
          },
        },
      );
      expect(added.status(), await added.text()).toBe(201);
    }
    await provide({ slug: movie.slug, dubbedServerId: dubbed.id });
  },
});

test.use({ locale: 'en-US' });

/**
 * A press with the mouse in the middle of where the element is on screen, once it has stopped moving (menus slide
 * in): whatever is on top there gets it, as for a person. Playwright's own click would wait for the element itself.
 */
async function press(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  let box = await locator.boundingBox();
  await expect
    .poll(async () => {
      const last = box;
      box = await locator.boundingBox();
      return JSON.stringify(box) === JSON.stringify(last);
    })
    .toBe(true);
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
}

test('every row of the settings menu answers its click, and none of them seeks', async ({
  page,
  series: { slug },
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, `/watch/${slug}/tap-1`);
  await playPastFirstSecond(page);
  await focusPage(page);
  await page.keyboard.press('k');
  await expect.poll(() => videoFlag(page, 'paused')).toBe(true);
  const at = await currentTime(page);

  const settings = page.locator('media-settings-menu-button');
  const menu = page.locator('media-settings-menu');
  /** Opens the menu (unless open) and the submenu of `row`, then presses its item `name`. */
  const choose = async (row: string, name: string | RegExp) => {
    if (await menu.isHidden()) await press(page, settings);
    // Nothing under the menu takes a press: the time stays where it was, and the video paused.
    const unmoved = async () => {
      expect(await currentTime(page)).toBeCloseTo(at, 1);
      expect(await videoFlag(page, 'paused')).toBe(true);
    };
    await press(page, menu.getByRole('menuitem', { name: new RegExp(`^${row}`) }));
    await unmoved();
    await press(page, menu.getByRole('menuitemradio', { name, exact: true }));
    await unmoved();
  };
  const rate = () =>
    page.evaluate(() => (document.querySelector('hls-video') as HTMLVideoElement).playbackRate);
  for (const [name, value] of [
    ['0.5x', 0.5],
    ['0.75x', 0.75],
    ['1x', 1],
    ['1.25x', 1.25],
    ['1.5x', 1.5],
    ['2x', 2],
  ] as const) {
    await choose('Speed', name);
    await expect.poll(rate).toBe(value);
  }
  const showing = () =>
    page.evaluate(() =>
      Array.from((document.querySelector('hls-video') as HTMLVideoElement).textTracks)
        .filter((track) => track.kind === 'subtitles' && track.mode === 'showing')
        .map((track) => track.language),
    );
  await choose('Subtitles', 'English');
  await expect.poll(showing).toEqual(['en']);
  await choose('Subtitles', 'Tiếng Việt');
  await expect.poll(showing).toEqual(['vi']);
  await choose('Subtitles', 'Off');
  await expect.poll(showing).toEqual([]);
  // The settings menu names the chosen rendition on its Quality row.
  for (const [name, named] of [
    ['360p', '360p'],
    ['180p', '180p'],
    [/^Auto/, 'Auto'],
  ] as const) {
    await choose('Quality', name);
    await expect(
      menu.getByRole('menuitem', { name: new RegExp(`^Quality ${named}`) }),
    ).toBeAttached();
  }
});

test('the settings menu is made when a viewer reaches for it, by keyboard or by a bare click', async ({
  page,
  series: { slug },
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, `/watch/${slug}/tap-1`);
  await showControls(page);
  const settings = page.locator('media-settings-menu-button');
  const menu = page.locator('media-settings-menu');
  await expect(settings).toBeVisible();
  // Nothing of the menus is made while the page loads; the button still says it opens one.
  await expect(menu).toHaveCount(0);
  await expect(settings).toHaveAttribute('aria-haspopup', 'menu');
  // A keyboard viewer: the focus makes the menus, Enter opens them, Escape gives the focus back.
  await settings.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /^Speed/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(settings).toBeFocused();

  // A click with no pointer or focus before it (as some assistive technology sends one) opens them too.
  await page.reload();
  await waitForHydration(page);
  await showControls(page);
  await expect(settings).toBeVisible();
  await expect(menu).toHaveCount(0);
  await settings.dispatchEvent('click');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /^Quality/ })).toBeVisible();
});

test('a remembered subtitle language shows one track after a reload', async ({
  page,
  series: { slug },
}) => {
  await open(page, `/watch/${slug}/tap-1`);
  await showControls(page);
  const menu = page.locator('media-settings-menu');
  await press(page, page.locator('media-settings-menu-button'));
  await press(page, menu.getByRole('menuitem', { name: /^Subtitles/ }));
  await press(page, menu.getByRole('menuitemradio', { name: 'Tiếng Việt', exact: true }));
  /** The subtitle tracks showing, and the lines they put on screen now. */
  const shown = () =>
    page.evaluate(() => {
      const showing = Array.from(
        (document.querySelector('hls-video') as HTMLVideoElement).textTracks,
      ).filter((track) => track.kind === 'subtitles' && track.mode === 'showing');
      return {
        tracks: showing.map((track) => track.language),
        lines: showing.flatMap((track) =>
          Array.from(track.activeCues ?? []).map((cue) => (cue as VTTCue).text),
        ),
      };
    });
  await expect.poll(shown).toEqual({ tracks: ['vi'], lines: [] });

  // The early start's element, moved into the player, keeps to the one track: the browser would add the first.
  await page.reload();
  await waitForHydration(page);
  await playPastFirstSecond(page);
  await expect.poll(shown).toEqual({ tracks: ['vi'], lines: ['Xin chào'] });
  // And the choice stays what the viewer made.
  await page.reload();
  await waitForHydration(page);
  await playPastFirstSecond(page);
  await expect.poll(shown).toEqual({ tracks: ['vi'], lines: ['Xin chào'] });
});

/** The page is on `url`, Tập 2, and its video plays there: not paused, and its time moving on. */
async function expectPlayingAt(page: Page, url: RegExp, timeout = 10_000) {
  await expect(page).toHaveURL(url, { timeout });
  await expect(page.getByTestId('episode-name')).toContainText('Tập 2');
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.3);
  const at = await currentTime(page);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(at + 0.3);
  expect(await videoFlag(page, 'paused')).toBe(false);
}

/** Takes the playing episode to its end, where the next-episode card shows. */
async function playToTheEnd(page: Page) {
  await focusPage(page);
  await page.keyboard.press('9');
  await expect(page.getByTestId('next-card')).toBeVisible({ timeout: 15_000 });
}

test('every way to the next episode lands on it playing', async ({ page, series }) => {
  test.setTimeout(180_000);
  const { slug, dubbedServerId } = series;
  const second = new RegExp(`/watch/${slug}/tap-2\\?server=\\d+$`);
  const start = async (ep = 'tap-1') => {
    await open(page, `/watch/${slug}/${ep}`);
    await playPastFirstSecond(page);
  };

  // The end card's "Play now".
  await start();
  await playToTheEnd(page);
  await page.getByTestId('next-card').getByRole('button', { name: 'Play now' }).click();
  await expectPlayingAt(page, second);

  // The end card's countdown, left to run out.
  await start();
  await playToTheEnd(page);
  await expect(page.getByTestId('next-card')).toContainText(/Starts in \d+ second/);
  await expectPlayingAt(page, second, 20_000);

  // The player's own "next episode" control, and Shift+N.
  await start();
  await page.getByRole('button', { name: 'Next episode: Tập 2' }).click();
  await expectPlayingAt(page, second);
  await start();
  await focusPage(page);
  await page.keyboard.press('Shift+N');
  await expectPlayingAt(page, second);

  // The page's "Next episode" button, and the episode grid.
  await start();
  await page.getByRole('link', { name: 'Next episode' }).click();
  await expectPlayingAt(page, second);
  await start();
  await page.getByTestId('episode-grid').getByRole('link', { name: 'Tập 2' }).click();
  await expectPlayingAt(page, second);

  // A server tab: the same episode on the other server.
  await start('tap-2');
  await page.getByRole('link', { name: 'Thuyết minh' }).click();
  await expectPlayingAt(page, new RegExp(`/watch/${slug}/tap-2\\?server=${dubbedServerId}$`));
});

test('the next-episode countdown holds while a dialog is open', async ({ page, series }) => {
  test.setTimeout(90_000);
  await open(page, `/watch/${series.slug}/tap-1`);
  await playPastFirstSecond(page);
  await playToTheEnd(page);
  const card = page.getByTestId('next-card');
  await expect(card).toContainText(/Starts in \d+ second/);
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem with this episode' });
  await expect(dialog).toBeVisible();
  const countdown = () =>
    card.evaluate((element) => element.textContent?.match(/Starts in (\d+)/)?.[1]);
  const held = await countdown();
  // Well past a second per number: nothing moves while the viewer writes.
  expect(await valuesOver(3000, countdown)).toEqual([held]);
  await expect(page).toHaveURL(/\/tap-1$/);
  // Closed, it goes on from where it was, and on to the next episode.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(countdown).not.toBe(held);
  await expect(page).toHaveURL(/\/tap-2\?server=\d+$/, { timeout: 15_000 });
});
