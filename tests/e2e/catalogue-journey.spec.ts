// The catalogue from both sides, as people use it: an admin creates a genre, then a movie with a poster in that genre,
// and two servers with an HLS episode each, all through the back office; a visitor finds the movie by typing its
// title without accents in the header, opens its detail, starts the episode, switches server, and it plays on.
import { ADMIN, expect, test } from './fixtures.ts';
import { currentTime, open, playPastFirstSecond, PNG, uniqueStamp } from './helpers.ts';

test.use({ locale: 'en-US' });

test('an admin publishes a movie with two servers and a visitor finds it and watches it', async ({
  page,
  browser,
  baseURL,
  signIn,
  testLadder,
}) => {
  test.setTimeout(150_000);
  // Letters only and random: another run's movies must not look alike to the trigram search.
  const stamp = uniqueStamp(8);
  const genre = `Kiếm Hiệp ${stamp}`;
  const title = `Thiên Long Bát Bộ ${stamp}`;
  const stream = `${baseURL}${testLadder}`;

  // The admin: a genre first.
  await signIn(page, ADMIN, '/vnwa/movie/genre');
  await page.getByRole('button', { name: 'New genre' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(genre);
  await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Created.')).toBeVisible();

  // Then the movie, with its poster, in that genre, published.
  await open(page, '/vnwa/movie/film/list');
  await page.getByRole('button', { name: 'New movie' }).click();
  const form = page.getByTestId('movie-form');
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Original title').fill('Demi-Gods and Semi-Devils');
  await page
    .getByTestId('poster-input')
    .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.locator('img').first()).toHaveAttribute('src', /\/_img\?src=\/storage\//);
  await form.getByLabel(genre).check();
  // A new movie starts as a draft.
  await expect(form.getByLabel('Published')).not.toBeChecked();
  await form.getByLabel('Published').check();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The movie was created.')).toBeVisible();

  // Two servers, one HLS episode on each.
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Manage episodes' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  for (const server of ['Vietsub #1', 'Thuyết minh']) {
    await page.getByRole('button', { name: 'New server' }).first().click();
    await page.getByRole('dialog').getByLabel('Name').fill(server);
    await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('tab', { name: new RegExp(server) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('button', { name: 'Add many' }).click();
    await page.getByRole('dialog').getByLabel('Episodes').fill(`Tập 1|${stream}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Add episodes' }).click();
    await expect(page.getByText('1 episode added.').last()).toBeVisible();
    await expect(page.getByTestId('episode-row')).toHaveCount(1);
  }

  // A visitor, in a browser of their own, types the title without accents.
  const visitorContext = await browser.newContext({ locale: 'en-US' });
  const visitor = await visitorContext.newPage();
  await open(visitor, '/');
  const field = visitor.getByRole('combobox', { name: 'Search movies' });
  await field.fill(`thien long bat bo ${stamp}`);
  const suggestion = visitor.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await expect(suggestion.first()).toContainText(title);
  await field.press('ArrowDown');
  await field.press('Enter');

  // The detail: its genre, its two servers; then the episode plays.
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(visitor.getByRole('link', { name: genre })).toBeVisible();
  await expect(visitor.getByText('Thuyết minh')).toBeVisible();
  await visitor.getByRole('link', { name: 'Watch now' }).click();
  await expect(visitor.getByTestId('episode-name')).toContainText('Tập 1 · Vietsub #1');
  await playPastFirstSecond(visitor);

  // Another server plays the same episode.
  await visitor.getByRole('link', { name: 'Thuyết minh' }).click();
  await expect(visitor).toHaveURL(/\/tap-1\?server=\d+$/);
  await expect(visitor.getByTestId('episode-name')).toContainText('Tập 1 · Thuyết minh');
  // It plays on by itself: the visitor was already watching (decision 044).
  await expect.poll(() => currentTime(visitor), { timeout: 20_000 }).toBeGreaterThan(1);
  await visitorContext.close();
});
