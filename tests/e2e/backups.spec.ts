// Backups as an admin uses them (decision 045): back up now, see the backup in the list with its size, delete a
// movie, restore the backup typing the site's name, and find the movie back.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { axeViolations, open, uniqueStamp } from './helpers.ts';

test.use({ locale: 'en-US' });

test('an admin backs up, restores with the typed confirmation, and the site is back', async ({
  asAdmin: admin,
  adminApi,
  createMovie,
}) => {
  const stamp = uniqueStamp();
  const movie = await createMovie({ title: `Người Phán Xử ${stamp}`, published: true });
  // A media file large enough that backing up and restoring take a visible moment.
  const folder = path.join(process.env.PHIM_E2E_DATA_DIR!, 'storage', `backup-${stamp}`);
  const file = path.join(folder, 'film.bin');
  const content = crypto.randomBytes(48 * 1024 * 1024);
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(file, content);

  await open(admin, '/vnwa/setting/backup');
  await expect(admin).toHaveTitle('Backup | Phim');
  await expect(admin.getByText(/free of/)).toBeVisible();
  await admin.getByLabel('Include media files').check();
  await admin.getByRole('button', { name: 'Back up now' }).click();
  await expect(admin.getByRole('progressbar', { name: 'Progress' })).toBeVisible();
  await expect(admin.getByText('Backing up…')).toBeVisible();
  const ready = admin.getByText(/^Backup phim-\d{8}-\d{6}-manual-media\.phim-backup is ready\.$/);
  await expect(ready).toBeVisible({ timeout: 30_000 });
  const name = /(phim-\S+\.phim-backup)/.exec((await ready.textContent())!)![1]!;
  const row = admin.locator('tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Database + media');
  await expect(row).toContainText('Manual');
  await expect(row).toContainText(/\d+\.\d+ MB/);
  // The toast that said so is the toaster's (scanned where it is tested), not this page's.
  expect(await axeViolations(admin, { exclude: '[data-sonner-toaster]' })).toEqual([]);

  // The movie and the file are deleted after the backup.
  expect((await adminApi.delete(`/api/admin/movies/${movie.id}`)).status()).toBe(200);
  await fs.rm(folder, { recursive: true });
  expect((await adminApi.get(`/api/admin/movies/${movie.id}`)).status()).toBe(404);

  await row.getByRole('button', { name: `Restore ${name}` }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText('Everything in the database');
  await dialog.getByLabel("To confirm, type the site's name: Phim").fill('phim?');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByText('Type Phim exactly to restore.')).toBeVisible();
  await dialog.getByLabel("To confirm, type the site's name: Phim").fill('Phim');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('progressbar', { name: 'Progress' })).toBeVisible();
  await expect(
    admin.getByText(`Restoring ${name}: the site is in maintenance until it ends.`),
  ).toBeVisible();
  await expect(admin.getByText(`The site is back as it was in ${name}.`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(admin.getByRole('progressbar')).toBeHidden();

  // The movie and the file are back, and the admin still signed in.
  expect((await adminApi.get(`/api/admin/movies/${movie.id}`)).status()).toBe(200);
  expect((await fs.readFile(file)).equals(content)).toBe(true);
  await fs.rm(folder, { recursive: true });
  await open(admin, '/vnwa/movie/film/list?search=' + stamp);
  await expect(admin.getByRole('table').getByText(movie.title)).toBeVisible();

  // A file that is not a backup is refused, saying so, and nothing is added.
  await open(admin, '/vnwa/setting/backup');
  const rows = await admin.locator('tbody tr').count();
  await admin.locator('input[type=file]').setInputFiles({
    name: 'notes.phim-backup',
    mimeType: 'application/gzip',
    buffer: Buffer.from('not a backup at all'),
  });
  await expect(admin.getByText('This is not a Phim backup.')).toBeVisible();
  await expect(admin.locator('tbody tr')).toHaveCount(rows);

  // Deleting the backup asks first.
  await admin
    .locator('tbody tr')
    .filter({ hasText: name })
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText('Backup deleted.')).toBeVisible();
  await expect(admin.locator('tbody tr').filter({ hasText: name })).toHaveCount(0);
});
