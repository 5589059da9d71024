// The bell (decision 043): a viewer who follows a movie keeps a page open; an admin publishes an episode; the bell's
// count rises without a reload, the menu lists it, "Mark all read" clears it; /user/notifications lists them all.
import { insertFollow } from './database.ts';
import { expect, test } from './fixtures.ts';
import { isSameDocument, markDocument, open, waitForHydration } from './helpers.ts';

test.use({ locale: 'en-US' });

test('a follower’s bell counts a new episode live, lists it, and mark all read clears it', async ({
  page,
  signIn,
  insertNewUser,
  createMovie,
  createEpisode,
}) => {
  const movie = await createMovie({ published: true });
  await createEpisode(movie, { name: 'Tập 1' });
  const viewer = await insertNewUser();
  await insertFollow(viewer.id, movie.id);
  await signIn(page, viewer);
  await waitForHydration(page);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await markDocument(page);

  // The admin publishes an episode (through the API, as the episode manager does).
  const episode = await createEpisode(movie, { name: 'Tập 2' });
  await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 15_000 });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  expect(await isSameDocument(page)).toBe(true);

  await bell.click();
  const menu = page.getByRole('menu');
  const item = menu.getByRole('menuitem', { name: new RegExp(`${movie.title}.*Tập 2 is out`) });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('href', `/watch/${movie.slug}/${episode.ep}`);
  await expect(item).toContainText('Unread');
  await menu.getByRole('menuitem', { name: 'Mark all read' }).click();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await expect(item).not.toContainText('Unread');
  await expect(bell).toHaveAttribute('aria-label', 'Notifications');

  await menu.getByRole('menuitem', { name: 'See all' }).click();
  await expect(page).toHaveURL('/user/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByText('All caught up.')).toBeVisible();
  await expect(
    page.getByRole('link', { name: new RegExp(`${movie.title}.*Tập 2 is out`) }),
  ).toBeVisible();

  // A second one arrives on the list page without a reload; opening it marks it read and goes to the episode.
  const third = await createEpisode(movie, { name: 'Tập 3' });
  const link = page.getByRole('link', { name: new RegExp(`${movie.title}.*Tập 3 is out`) });
  await expect(link).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('1 unread')).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(`/watch/${movie.slug}/${third.ep}`);
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
});

test('an empty list says how to get notifications; a guest is asked to sign in', async ({
  page,
  signIn,
  insertNewUser,
}) => {
  await signIn(page, await insertNewUser());
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Notifications' }).click();
  await expect(page).toHaveURL('/user/notifications');
  await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();
  await page.context().clearCookies();
  await open(page, '/user/notifications');
  await expect(page).toHaveURL('/auth/login?redirect=%2Fuser%2Fnotifications');
});
