// The Movie Manager as an admin uses it: create a movie with a poster through the one form, find it without
// accents, and unpublish it with a bulk action.
import { expect, test } from '@playwright/test';
import { open } from './helpers.ts';

const admin = { email: 'admin@phim.test', password: 'admin-password-123' };
// A 2×2 red PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);
test.use({ locale: 'en-US' });

test('an admin creates, finds and unpublishes a movie', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const title = `Mắt Biếc ${stamp}`;
  await open(page, '/vnwa/login?redirect=%2Fvnwa%2Fmovie%2Ffilm%2Flist');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/vnwa/movie/film/list');
  await expect(page).toHaveTitle('Movie Manager | Phim');

  await page.getByRole('button', { name: 'New movie' }).click();
  const form = page.getByTestId('movie-form');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('This field is required.')).toBeVisible();
  await form.getByLabel('Title', { exact: true }).fill(title);
  await expect(form.getByLabel('Slug')).toHaveValue(`mat-biec-${stamp}`);
  await form.getByLabel('Original title').fill('Dreamy Eyes');
  await page
    .getByTestId('poster-input')
    .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: png });
  await expect(form.locator('img').first()).toHaveAttribute(
    'src',
    /\/_img\?src=\/storage\/uploads\//,
  );
  await form.getByLabel('Year').fill('1800');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('alert').first()).toBeVisible();
  await form.getByLabel('Year').fill('2019');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The movie was created.')).toBeVisible();

  await page.getByRole('searchbox').fill(`mat biec ${stamp}`);
  const row = page.locator('tbody tr').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Dreamy Eyes');
  await expect(row).toContainText('2019');

  await row.getByRole('checkbox').check();
  await expect(page.getByTestId('bulk-bar')).toContainText('1 selected');
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Done: 1 movie(s) changed.')).toBeVisible();
  await expect(row).toContainText('Draft');
});

test('an admin adds servers and episodes, pastes many, and reorders them', async ({ page }) => {
  await open(page, '/vnwa/login?redirect=%2Fvnwa%2Fmovie%2Ffilm%2Flist');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/vnwa/movie/film/list');
  const title = `Tây Du Ký ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New movie' }).click();
  await page.getByTestId('movie-form').getByLabel('Title', { exact: true }).fill(title);
  await page.getByTestId('movie-form').getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The movie was created.')).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Manage episodes' }).click();
  await expect(page).toHaveURL(/\/vnwa\/movie\/film\/episodes-\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page.getByRole('button', { name: 'New server' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Vietsub #1');
  await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('tab', { name: /Vietsub #1/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.getByRole('button', { name: 'Add many' }).click();
  const lines = page.getByRole('dialog').getByLabel('Episodes');
  await lines.fill('Tập 1|https://cdn.example/1/master.m3u8\nnot a line');
  await page.getByRole('dialog').getByRole('button', { name: 'Add episodes' }).click();
  await expect(page.getByRole('dialog').getByText(/Line 2/)).toBeVisible();
  await lines.fill('Tập 1|https://cdn.example/1/master.m3u8\nTập 2|https://player.example/embed/2');
  await page.getByRole('dialog').getByRole('button', { name: 'Add episodes' }).click();
  await expect(page.getByText('2 episode(s) added.')).toBeVisible();
  const rows = page.getByTestId('episode-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('HLS');
  await expect(rows.nth(1)).toContainText('EMBED');

  await page.getByRole('button', { name: 'Move Tập 2 up' }).click();
  await expect(rows.nth(0)).toContainText('Tập 2');
  await page.reload();
  await expect(rows.nth(0)).toContainText('Tập 2');

  const response = await page.goto('/vnwa/movie/film/episodes-999999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-message')).toHaveText(
    'Page Not Found: /vnwa/movie/film/episodes-999999999',
  );
});
