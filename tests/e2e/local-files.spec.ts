// Local Files as an admin uses it (decision 050): upload two files at once and watch their progress, rename one,
// move it into a new folder, delete the other after the confirmation, then pick the uploaded picture as a movie's
// poster from the movie form and find it on the movie's public page.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { axeViolations, open, uniqueStamp } from './helpers.ts';

test.use({ locale: 'en-US' });

const picture = (background: string) =>
  sharp({ create: { width: 400, height: 600, channels: 3, background } })
    .png()
    .toBuffer();

/** Axe's findings on the page as it is, at a phone's width in light and a desktop's in dark (decision 021). */
async function expectAccessible(page: Page, label: string) {
  for (const view of [
    { width: 360, height: 780, colorScheme: 'light' },
    { width: 1440, height: 900, colorScheme: 'dark' },
  ] as const) {
    await page.setViewportSize({ width: view.width, height: view.height });
    await page.emulateMedia({ colorScheme: view.colorScheme });
    expect(await axeViolations(page), `${label}, ${view.width} ${view.colorScheme}`).toEqual([]);
  }
}

test('an admin uploads, renames, moves and deletes files, then picks one as a poster', async ({
  asAdmin: page,
  adminApi,
  createMovie,
}) => {
  const stamp = uniqueStamp().toLowerCase();
  const folder = `files/e2e-${stamp}`;
  const made = await adminApi.post('/api/admin/files/folders', {
    data: { path: 'files', name: `e2e-${stamp}` },
  });
  expect(made.status(), await made.text()).toBe(201);
  const movie = await createMovie({ title: `Bố Già ${stamp}`, published: true });
  try {
    await open(page, `/vnwa/vmedia/local-files?path=${folder}`);
    await expect(page).toHaveTitle('Local files | Phim');
    await expect(page.getByText('This folder is empty')).toBeVisible();

    // Two files at once: a progress bar each, then both in the grid.
    await page.getByTestId('local-files-input').setInputFiles([
      { name: 'poster one.png', mimeType: 'image/png', buffer: await picture('#0f766e') },
      { name: 'poster-two.png', mimeType: 'image/png', buffer: await picture('#be123c') },
    ]);
    for (const name of ['poster one.png', 'poster-two.png'])
      await expect(page.getByRole('progressbar', { name: `Uploading ${name}` })).toHaveAttribute(
        'aria-valuenow',
        '100',
      );
    await expect(page.getByText('2 files uploaded.')).toBeVisible();
    const cards = page.getByTestId('file-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'poster-one.png' })).toContainText('400×600');
    await expect(cards.filter({ hasText: 'poster-one.png' })).toContainText('Unused');
    // Scanned as a fresh page (a toast sliding in is half transparent, which axe counts as low contrast).
    await open(page, `/vnwa/vmedia/local-files?path=${folder}`);
    await expectAccessible(page, 'grid');

    // The preview says the picture's size.
    await page.getByRole('button', { name: 'Preview poster-one.png' }).click();
    await expect(page.getByTestId('preview-dimensions')).toHaveText('400 × 600 px');
    await page.keyboard.press('Escape');

    // Rename, keeping the extension.
    await page.getByRole('button', { name: 'Actions for poster-two.png' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill('Áp phích mới');
    await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByText('Renamed.')).toBeVisible();
    await expect(cards.filter({ hasText: 'Ap-phich-moi.png' })).toHaveCount(1);

    // Move into a new folder.
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill('chosen');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Folder created.')).toBeVisible();
    await page.getByRole('button', { name: 'Actions for Ap-phich-moi.png' }).click();
    await page.getByRole('menuitem', { name: 'Move' }).click();
    const move = page.getByRole('dialog', { name: 'Move 1 item' });
    await move.getByRole('button', { name: 'chosen' }).click();
    await expect(move.getByText(`Into: ${folder}/chosen`)).toBeVisible();
    await move.getByRole('button', { name: 'Move here' }).click();
    await expect(page.getByText('1 item moved.')).toBeVisible();
    await expect(cards.filter({ hasText: 'Ap-phich-moi.png' })).toHaveCount(0);

    // Delete the other, after the question that says what and how many.
    await page.getByRole('checkbox', { name: 'Select poster-one.png' }).check();
    await page
      .getByRole('region', { name: 'Selected files' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete poster-one.png?' });
    await expect(confirm).toContainText('1 item will be deleted for good');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('1 item deleted.')).toBeVisible();
    await expect(cards.filter({ hasText: 'poster-one.png' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open folder chosen' }).click();
    await expect(page).toHaveURL(new RegExp(`path=${folder.replace('/', '%2F')}%2Fchosen`));
    await expect(cards.filter({ hasText: 'Ap-phich-moi.png' })).toHaveCount(1);
    // The breadcrumb leads back up.
    await page
      .getByRole('navigation', { name: 'Folders' })
      .getByRole('button', { name: `e2e-${stamp}` })
      .click();
    await expect(cards.filter({ hasText: 'chosen' })).toHaveCount(1);
    await page
      .getByRole('navigation', { name: 'Folders' })
      .getByRole('button', { name: 'Storage' })
      .click();
    await expect(page).toHaveURL(/local-files\?path=$/);
    await expect(page.getByRole('button', { name: 'Open folder Files' })).toBeVisible();

    // Pick it as the movie's poster from the movie form.
    const poster = `/storage/${folder}/chosen/Ap-phich-moi.png`;
    await open(page, `/vnwa/movie/film/list?search=${stamp}`);
    await page.getByRole('button', { name: `Actions for ${movie.title}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const form = page.getByTestId('movie-form');
    await form.getByRole('button', { name: 'Local Files…' }).first().click();
    const picker = page.getByRole('dialog', { name: 'Choose an image from Local Files' });
    await picker.getByRole('button', { name: `Open folder e2e-${stamp}` }).click();
    await picker.getByRole('button', { name: 'Open folder chosen' }).click();
    await picker.getByRole('button', { name: 'Use Ap-phich-moi.png' }).click();
    await expect(picker).toBeHidden();
    await expect(form.locator(`img[src^="/_img?src=${poster}&"]`)).toHaveCount(1);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The movie was saved.')).toBeVisible();

    // The public page shows it through the image route.
    await open(page, `/watch/${movie.slug}`);
    const shown = page.locator(`img[src^="/_img?src=${poster}&"]`).first();
    await expect(shown).toBeVisible();
    expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // And Local Files now says the site uses it.
    await open(page, `/vnwa/vmedia/local-files?path=${folder}/chosen`);
    await expect(cards.filter({ hasText: 'Ap-phich-moi.png' })).not.toContainText('Unused');
  } finally {
    await adminApi.patch(`/api/admin/movies/${movie.id}`, { data: { poster: null } });
    await adminApi.post('/api/admin/files/delete', { data: { paths: [folder], force: true } });
  }
});
