// The follow list and the profile as a viewer lives them (issue 16): follow a movie from its page, find it in
// /account/follow-movies, unfollow it (with an undo) and meet the empty state; follow from a card's menu (a long
// press opens it on a phone); a guest who clicks follow signs in and comes back following; the profile's counts and
// recently watched; a guest's profile.
import type { Page } from '@playwright/test';
import { expect, test as base, type Movie } from './fixtures.ts';
import { open, savePosition, uniqueStamp, waitForHydration } from './helpers.ts';

const test = base.extend<{
  /**
   * A published movie named `title` and a stamp, with one episode, and a verified viewer (the follow list needs a
   * verified email) signed in on the page `to` names.
   */
  follower: (
    title: string,
    to: (movie: Movie, stamp: string) => string,
  ) => Promise<{ movie: Movie; stamp: string }>;
}>({
  follower: async (
    { page, adminApi, signIn, insertNewUser, createMovie, createEpisode },
    provide,
  ) => {
    await provide(async (title, to) => {
      const stamp = uniqueStamp();
      const movie = await createMovie({ title: `${title} ${stamp}`, published: true });
      await createEpisode(movie, { name: 'Tập 1' });
      const viewer = await insertNewUser();
      const verified = await adminApi.post(`/api/admin/users/${viewer.id}/verify`);
      expect(verified.ok(), await verified.text()).toBe(true);
      await signIn(page, viewer, to(movie, stamp));
      await waitForHydration(page);
      return { movie, stamp };
    });
  },
});

test.use({ locale: 'en-US' });

test('a viewer follows a movie from its page, finds it in the list, unfollows it and undoes it', async ({
  page,
  follower,
}) => {
  const { movie } = await follower('Đất Rừng Phương Nam', (made) => `/watch/${made.slug}`);

  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  const following = page.getByRole('button', { name: 'Following', pressed: true });
  await expect(following).toBeVisible();
  await expect(page.getByText(`Following ${movie.title}`)).toBeVisible();
  // Still followed after a reload: the page's loader says so.
  await page.reload();
  await waitForHydration(page);
  await expect(following).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Followed movies' }).click();
  await expect(page).toHaveURL('/account/follow-movies');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Followed movies' })).toBeVisible();
  const items = page.getByTestId('followed-movie');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(movie.title);
  await expect(items.first().getByTestId('movie-card')).toHaveAttribute(
    'href',
    `/watch/${movie.slug}`,
  );

  // Unfollow, then undo from the toast: it comes back.
  await page.getByRole('button', { name: `Unfollow ${movie.title}` }).click();
  await expect(items).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'You follow no movies yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(items).toHaveCount(1);

  // For good this time: after a reload the empty state leads to the movies.
  await page.getByRole('button', { name: `Unfollow ${movie.title}` }).click();
  await expect(items).toHaveCount(0);
  await expect(page.getByText(`Unfollowed ${movie.title}`).last()).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'You follow no movies yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse movies' })).toHaveAttribute(
    'href',
    '/movies',
  );
});

test("a viewer follows from a card's menu, and the list counts the new episodes", async ({
  page,
  follower,
  createEpisode,
}) => {
  const { movie } = await follower('Cô Ba Sài Gòn', (_, stamp) => `/movies?q=${stamp}`);

  await page.getByRole('button', { name: `More for ${movie.title}` }).click();
  await page.getByRole('menuitem', { name: 'Follow' }).click();
  await expect(page.getByText(`Following ${movie.title}`)).toBeVisible();
  // The menu asks again when it opens: now it offers to unfollow.
  await page.getByRole('button', { name: `More for ${movie.title}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Unfollow' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Two episodes come out after the follow: the list says so until the viewer opens the movie.
  await createEpisode(movie, { name: 'Tập 2' });
  await createEpisode(movie, { name: 'Tập 3' });
  await open(page, '/account/follow-movies');
  const item = page.getByTestId('followed-movie').filter({ hasText: movie.title });
  await expect(item.getByText('2 new')).toBeVisible();
  await item.getByTestId('movie-card').click();
  await expect(page).toHaveURL(`/watch/${movie.slug}`);
  await expect(page.getByRole('button', { name: 'Following', pressed: true })).toBeVisible();
  await open(page, '/account/follow-movies');
  await expect(item).toBeVisible();
  await expect(item.getByText('2 new')).toHaveCount(0);
});

test('a guest who clicks follow signs in and comes back following', async ({
  page,
  insertNewUser,
  createMovie,
}) => {
  const movie = await createMovie({ title: `Mắt Biếc ${uniqueStamp()}`, published: true });
  const viewer = await insertNewUser();
  await open(page, `/watch/${movie.slug}`);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page).toHaveURL(
    `/auth/login?redirect=${encodeURIComponent(`/watch/${movie.slug}`)}`,
  );
  await waitForHydration(page);
  await page.getByLabel('Email').fill(viewer.email);
  await page.getByLabel('Password', { exact: true }).fill(viewer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`/watch/${movie.slug}`);
  await expect(page.getByRole('button', { name: 'Following', pressed: true })).toBeVisible();
  // The button turns as the follow is sent: the server has it once the request lands.
  await expect
    .poll(async () => (await page.request.get(`/api/follows/${movie.id}`)).json())
    .toEqual({ movie_id: movie.id, following: true });
});

test('the profile shows the counts and the movies watched lately; a guest is invited to sign in', async ({
  page,
  signIn,
  insertNewUser,
  createMovie,
  createEpisode,
}) => {
  const stamp = uniqueStamp();
  const movie = await createMovie({ title: `Nhà Bà Nữ ${stamp}`, published: true });
  const first = await createEpisode(movie, { name: 'Tập 1' });
  const second = await createEpisode(movie, { name: 'Tập 2' });
  const viewer = await insertNewUser({ name: `Phạm Đức Anh ${stamp}` });
  await signIn(page, viewer);
  await page.request.put(`/api/follows/${movie.id}`, {
    headers: await xsrfHeader(page),
  });
  await savePosition(page, first.id, 2700, 2760);
  await savePosition(page, second.id, 600, 2760);

  await waitForHydration(page);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL('/user/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(viewer.name);
  await expect(page.getByText(/^Joined \d\d\/\d\d\/\d{4}$/)).toBeVisible();
  await expect(page.getByTestId('count-following')).toContainText('1');
  await expect(page.getByTestId('count-watched')).toContainText('1');
  const recent = page.getByRole('region', { name: 'Recently watched' });
  const resume = recent.getByRole('link', { name: `Resume ${movie.title}, Tập 2` });
  await expect(resume).toHaveAttribute('href', `/watch/${movie.slug}/${second.ep}`);

  await page.context().clearCookies();
  await open(page, '/user/profile');
  await expect(page.getByRole('heading', { name: 'Sign in to see your profile' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/auth/login?redirect=%2Fuser%2Fprofile',
  );
});

/** The CSRF header a cookie-mode write needs, from the page's XSRF cookie. */
async function xsrfHeader(page: Page) {
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(token) };
}

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 780 } });

  test("a long press opens a card's menu without opening the movie", async ({
    page,
    createMovie,
  }) => {
    const stamp = uniqueStamp();
    const movie = await createMovie({ title: `Bố Già ${stamp}`, published: true });
    await open(page, `/movies?q=${stamp}`);
    const box = (await page.getByTestId('movie-card').first().boundingBox())!;
    // Playwright's touchscreen only taps: hold a finger down through the DevTools protocol.
    const cdp = await page.context().newCDPSession(page);
    const finger = { x: box.x + box.width / 2, y: box.y + box.height / 3 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [finger] });
    await page.waitForTimeout(800);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(page.getByRole('menu')).toContainText(movie.title);
    await expect(page).toHaveURL(`/movies?q=${stamp}`);
    // A guest's follow goes to sign in first.
    await page.getByRole('menuitem', { name: 'Follow' }).tap();
    await expect(page).toHaveURL(
      `/auth/login?redirect=${encodeURIComponent(`/movies?q=${stamp}`)}`,
    );
  });
});
