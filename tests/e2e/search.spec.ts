// Search as a visitor uses it: types a title without accents in the header, sees suggestions with posters, picks
// one with the keyboard and lands on the movie; submitting shows the results page with its count. On a phone the
// field opens from a button.
import { expect, test as base } from './fixtures.ts';
import { open, uniqueStamp, uploadImage } from './helpers.ts';

type Titles = { first: string; second: string; hidden: string };

/** Three movies of one stamp, with a poster: two published, one not. */
const test = base.extend<{ phoenix: { stamp: string; titles: Titles } }>({
  phoenix: async ({ adminApi, createMovie }, provide) => {
    // Unique per test, letters only, and random throughout: stamps must not look alike to trigrams.
    const stamp = uniqueStamp();
    // The stamp right after the shared words: a query of those words and the stamp is then as close to every
    // title, however long the rest (with the stamp last, the longer title's match was looser, and a typo sometimes
    // left it below the close pass's threshold, depending on the stamp's letters).
    const titles: Titles = {
      first: `Phượng Hoàng ${stamp} Lửa`,
      second: `Phượng Hoàng ${stamp} Đêm Trắng`,
      hidden: `Phượng Hoàng ${stamp} Bí Mật`,
    };
    const poster = await uploadImage(adminApi);
    for (const [title, published] of [
      [titles.first, true],
      [titles.second, true],
      [titles.hidden, false],
    ] as const)
      await createMovie({ title, original_title: 'Phoenix', poster, year: 2024, published });
    await provide({ stamp, titles });
  },
});

test.use({ locale: 'en-US' });

test('a visitor finds a movie without typing accents and opens it from the keyboard', async ({
  page,
  phoenix,
}) => {
  const { stamp, titles } = phoenix;
  await open(page, '/');
  const field = page.getByRole('combobox', { name: 'Search movies' });
  await field.fill(`phuong hoang ${stamp}`);
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list).toBeVisible();
  const options = list.getByRole('option');
  // Both published movies, never the unpublished one, then "see all results".
  await expect(options).toHaveCount(3);
  await expect(list).toContainText(titles.first);
  await expect(list).toContainText(titles.second);
  await expect(list).not.toContainText(titles.hidden);
  await expect(options.last()).toHaveText(`See all results for “phuong hoang ${stamp}”`);
  // Posters come through the image endpoint.
  await expect(options.first().locator('img')).toHaveAttribute('src', /\/_img\?src=\/storage\//);

  await field.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', /.+/);
  await field.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await field.press('ArrowUp');
  const picked = (await options.first().getByTestId('search-suggestion-title').textContent())!;
  await field.press('Enter');
  await expect(page).toHaveURL(/\/watch\/phuong-hoang-/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(picked);
  await expect(list).toBeHidden();

  // Escape closes the list and keeps the text; a second Escape clears it.
  await field.fill(`${stamp} lua`);
  await expect(options.first()).toContainText(titles.first);
  await field.press('Escape');
  await expect(list).toBeHidden();
  await expect(field).toHaveValue(`${stamp} lua`);
  await field.press('Escape');
  await expect(field).toHaveValue('');
});

test('submitting the search shows the results page with the count', async ({ page, phoenix }) => {
  const { stamp } = phoenix;
  await open(page, '/');
  const field = page.getByRole('combobox', { name: 'Search movies' });
  // One wrong letter ("hoamg") and no accents.
  await field.fill(`phuong hoamg ${stamp}`);
  await expect(page.getByRole('option').first()).toBeVisible();
  await field.press('Enter');
  await expect(page).toHaveURL(`/movies?q=phuong+hoamg+${stamp}`);
  await expect(page).toHaveTitle(`Search: phuong hoamg ${stamp} | Phim`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`“phuong hoamg ${stamp}”`);
  await expect(page.getByTestId('result-count')).toHaveText('Movies found: 2');
  await expect(page.getByTestId('movie-card')).toHaveCount(2);
  await expect(page.getByLabel('Sort by')).toHaveValue('relevance');

  // A filter keeps the search, and applies as it changes.
  await page.getByLabel('Year').selectOption('2024');
  await expect(page).toHaveURL(/q=phuong\+hoamg/);
  await expect(page).toHaveURL(/year=2024/);
  await expect(page.getByTestId('result-count')).toHaveText('Movies found: 2');

  await open(page, `/movies?q=${stamp}+nothing+like+this+zzqx`);
  await expect(page.getByText(`No movie matches “${stamp} nothing like this zzqx”`)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the search opens from a button over the header', async ({ page, phoenix }) => {
    const { stamp, titles } = phoenix;
    await open(page, '/');
    const field = page.getByRole('combobox', { name: 'Search movies' });
    await expect(field).toBeHidden();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(field).toBeVisible();
    await expect(field).toBeFocused();
    const box = (await field.boundingBox())!;
    expect(box.width).toBeGreaterThan(250);
    await field.fill(`hoang ${stamp} lua`);
    const option = page.getByRole('option', { name: new RegExp(titles.first) });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(new RegExp(`/watch/phuong-hoang-${stamp}-lua`));
    await expect(field).toBeHidden();
  });
});
