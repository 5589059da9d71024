// The genre, type and nation managers: an admin adds a genre with a Vietnamese name, sees its slug, finds it
// without accents, edits it and deletes it.
import { slugify } from '#shared/text.ts';
import { ADMIN, expect, test } from './fixtures.ts';
import { uniqueStamp } from './helpers.ts';

test.use({ locale: 'en-US' });

test('an admin manages genres', async ({ page, signIn, adminApi }) => {
  const name = `Viễn Tưởng ${uniqueStamp()}`;
  await signIn(page, ADMIN, '/vnwa/movie/genre');
  await expect(page).toHaveTitle('Movie Genre Manager | Phim');

  await page.getByRole('button', { name: 'New genre' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await expect(dialog.getByLabel('Slug')).toHaveValue(/^vien-tuong-/);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Created.')).toBeVisible();

  await page.getByRole('searchbox').fill('vien tuong');
  const row = page.locator('tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('/vien-tuong-');

  // The same name again: its address is taken, and the toast says which one it got instead.
  const slug = slugify(name);
  await page.getByRole('button', { name: 'New genre' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Saved at /${slug}-2: /${slug} is taken.`)).toBeVisible();
  const twin = page.locator('tbody tr').filter({ hasText: `/${slug}-2` });
  await expect(twin).toHaveCount(1);
  const listed = await adminApi.get(`/api/admin/terms/genre?search=${encodeURIComponent(name)}`);
  const twinId = (await listed.json()).data.find(
    (term: { slug: string }) => term.slug === `${slug}-2`,
  ).id;
  expect((await adminApi.delete(`/api/admin/terms/genre/${twinId}`)).ok()).toBe(true);
  await page.reload();
  await expect(twin).toHaveCount(0);

  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByRole('dialog').getByLabel('Visible on the site').uncheck();
  await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
  await expect(row).toContainText('Hidden');

  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} was deleted.`)).toBeVisible();
  await expect(page.getByText('Nothing matches')).toBeVisible();

  // The same screen serves types and nations.
  await page.goto('/vnwa/movie/types');
  await expect(page).toHaveTitle('Movie Type Manager | Phim');
  await expect(page.getByRole('button', { name: 'New type' })).toBeVisible();
});
