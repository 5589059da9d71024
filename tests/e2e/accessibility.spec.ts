// axe-core (WCAG 2 A and AA rules) on the pages people use most, light and dark, phone and desktop: contrast,
// names, landmarks, ARIA; the player's controls included (app/components/player/media-chrome-a11y.client.ts mends
// two of Media Chrome's attributes).
import type { Page } from '@playwright/test';
import { insertFollow } from './database.ts';
import { ADMIN, expect, test as base, type Movie } from './fixtures.ts';
import { axeViolations, open, showControls, uniqueStamp, waitForHydration } from './helpers.ts';

const test = base.extend<{ movie: Movie }>({
  /** A published movie whose one episode plays the test ladder from this site's storage. */
  movie: async ({ createMovie, createEpisode, testLadder }, provide) => {
    const movie = await createMovie({ title: `Người Lắng Nghe ${uniqueStamp()}`, published: true });
    await createEpisode(movie, {
      name: 'Tập 1',
      source_type: 'hls',
      source_url: testLadder,
    });
    await provide(movie);
  },
});

test.use({ locale: 'en-US' });

const views = [
  { name: 'phone, light', width: 360, height: 780, colorScheme: 'light' },
  { name: 'desktop, dark', width: 1440, height: 900, colorScheme: 'dark' },
] as const;

async function scan(page: Page, url: string, ready?: () => Promise<void>) {
  for (const view of views) {
    await page.setViewportSize({ width: view.width, height: view.height });
    await page.emulateMedia({ colorScheme: view.colorScheme });
    await open(page, url);
    await waitForHydration(page);
    await ready?.();
    expect(await axeViolations(page), `${url}, ${view.name}`).toEqual([]);
  }
}

test('the pages viewers use pass axe', async ({ page, movie }) => {
  test.setTimeout(90_000);
  for (const url of [
    '/',
    '/movies?q=nguoi',
    `/watch/${movie.slug}`,
    '/auth/login',
    '/auth/register',
  ])
    await scan(page, url);
  await scan(page, '/no/such/page');
  // The phone's menu drawer.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await open(page, '/');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await axeViolations(page), 'menu drawer, phone, dark').toEqual([]);
  // The player once it has mounted its controls.
  await scan(page, `/watch/${movie.slug}/tap-1`, () => showControls(page));
});

test("a viewer's own pages pass axe: the follow list, the profile, a card's menu button", async ({
  page,
  movie,
  adminApi,
  signIn,
  insertNewUser,
}) => {
  test.setTimeout(90_000);
  const viewer = await insertNewUser();
  await adminApi.post(`/api/admin/users/${viewer.id}/verify`);
  await signIn(page, viewer, `/watch/${movie.slug}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following', pressed: true })).toBeVisible();
  // The success toast that says so (light: its green text was under AA), once it has slid in: half transparent on
  // its way, which axe counts as low contrast.
  const toast = page.locator('[data-sonner-toast][data-front="true"][data-type="success"]');
  await expect(toast).toBeVisible();
  await expect.poll(() => toast.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  expect(
    await axeViolations(page, { include: '[data-sonner-toast][data-front="true"]' }),
    'success toast, light',
  ).toEqual([]);
  await scan(page, '/account/follow-movies');
  await scan(page, '/user/profile');
  // A card's menu button, shown as it is on focus (the open menu is Radix's, modal over the page).
  await scan(page, '/movies?q=nguoi', () =>
    page.getByRole('button', { name: `More for ${movie.title}` }).focus(),
  );
  await page.context().clearCookies();
  await scan(page, '/user/profile');
});

test('the back office pages pass axe', async ({ page, movie, signIn, createVideo }) => {
  // The clip's transcode comes first: as long as the video specs allow theirs.
  test.setTimeout(240_000);
  // A ready video, so that the video manager's rows (status, size, "not used") are scanned too.
  const { name: videoName } = await createVideo(`Đoạn phim kiểm tra trợ năng ${uniqueStamp()}`);
  await signIn(page, ADMIN, '/vnwa/vmedia/video-manager/list');
  for (const url of [
    '/vnwa/vmedia/video-manager/list',
    '/vnwa/vmedia/video-manager/trash',
    '/vnwa/movie/film/list',
    `/vnwa/movie/film/episodes-${movie.id}`,
    '/vnwa/movie/genre',
    '/vnwa/movie/reports',
    '/vnwa/users',
    '/vnwa/account/general',
    '/vnwa/Link',
  ])
    await scan(page, url);
  // A dialog of the video manager.
  await open(page, '/vnwa/vmedia/video-manager/list');
  await waitForHydration(page);
  await page.getByRole('button', { name: `Actions for ${videoName}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await expect(page.getByRole('dialog', { name: 'Rename video' })).toBeVisible();
  expect(await axeViolations(page), 'rename dialog, desktop, dark').toEqual([]);
});

test('a viewer’s notifications pass axe: the list, the bell’s menu, the email setting', async ({
  page,
  movie,
  signIn,
  insertNewUser,
  createEpisode,
}) => {
  test.setTimeout(90_000);
  // One word: the avatar's initial is then part of the account menu's name, as axe asks of a control's name.
  const viewer = await insertNewUser({ name: 'Lan' });
  await insertFollow(viewer.id, movie.id);
  await createEpisode(movie, { name: 'Tập 2' });
  await signIn(page, viewer);
  await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 15_000 });
  await scan(page, '/user/notifications');
  await scan(page, '/account/general');
  await page.getByTestId('notification-bell').click();
  await expect(page.getByRole('menuitem', { name: /Tập 2 is out/ })).toBeVisible();
  // The menu itself: while it is open the page behind is hidden from assistive technology, as Radix means it.
  expect(
    await axeViolations(page, { include: '[role="menu"]' }),
    'notification menu, desktop, dark',
  ).toEqual([]);
});
