// The back office's operations screens (decision 051): the overview's "viewers now" follows a viewer who starts
// playing without a reload, and the audit log shows an admin's change with who made it and what was sent.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { open, uniqueStamp } from './helpers.ts';

test.use({ locale: 'en-US' });

/** A guest's request context with its CSRF cookie, as the site's own pages send POSTs. */
async function guestApi(request: APIRequestContext) {
  await request.get('/api/csrf-cookie');
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  return { 'X-XSRF-TOKEN': decodeURIComponent(cookie!.value) };
}

test('the overview counts a viewer who starts playing, live', async ({
  asAdmin: admin,
  playwright,
  baseURL,
  createMovie,
  createEpisode,
}) => {
  const movie = await createMovie({ title: `Đang phát ${uniqueStamp()}`, published: true });
  const episode = await createEpisode(movie, { name: 'Tập 1' });
  await open(admin, '/vnwa/overview');
  await expect(admin).toHaveTitle('Overview | Phim');
  const figure = admin.getByRole('region', { name: 'Viewers now' }).locator('[aria-live]');
  const before = Number((await figure.textContent())!.replace(/\D/g, ''));

  const viewer = await playwright.request.newContext({
    baseURL,
    userAgent: `viewer-${uniqueStamp()}`,
  });
  const headers = await guestApi(viewer);
  expect((await viewer.post(`/api/episodes/${episode.id}/view`, { headers })).status()).toBe(200);
  // The count moves on the page by itself (each node counts every 15 s and tells the admins' room).
  await expect(figure).toHaveText(String(before + 1), { timeout: 25_000 });
  await viewer.dispose();
});

test('the audit log shows who changed what, with what was sent', async ({
  asAdmin: admin,
  adminApi,
  createMovie,
}) => {
  const stamp = uniqueStamp();
  const movie = await createMovie({ title: `Trước ${stamp}` });
  const changed = await adminApi.patch(`/api/admin/movies/${movie.id}`, {
    data: { title: `Sau ${stamp}` },
  });
  expect(changed.status()).toBe(200);

  await open(admin, '/vnwa/setting/audit-log');
  await expect(admin).toHaveTitle('Audit log | Phim');
  await admin.getByRole('searchbox').fill(String(movie.id));
  const row = admin
    .locator('tbody tr')
    .filter({ hasText: 'Edit a movie' })
    .filter({
      hasText: `#${movie.id}`,
    });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('admin@phim.test');
  await expect(row).toContainText('Done');
  await row.getByRole('button', { name: 'Details of “Edit a movie”' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit a movie' });
  await expect(dialog).toContainText(`PATCH /api/admin/movies/${movie.id} → 200`);
  await expect(dialog).toContainText(`Sau ${stamp}`);
});
