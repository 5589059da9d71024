// The Report Manager as an admin uses it (decision 042): a viewer reports an episode on the watch page while the admin
// has the manager open; the row and the menu's open count appear without a reload; the admin resolves it, the
// count drops and the reporter's bell tells them (decision 043).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axeViolations, isSameDocument, markDocument, open, uniqueStamp } from './helpers.ts';

test.use({ locale: 'en-US' });

/** The number in the menu's badge beside "Report Manager" (none shown: 0). */
async function openCount(page: Page) {
  const badge = page.getByRole('navigation').getByTestId('open-reports');
  if (!(await badge.count())) return 0;
  return Number(await badge.locator('[aria-hidden]').textContent());
}

test('a report arrives live, resolving it lowers the open count, and the reporter is told', async ({
  asAdmin: admin,
  adminApi,
  browser,
  signIn,
  insertNewUser,
  createMovie,
  createEpisode,
}) => {
  const stamp = uniqueStamp();
  const movie = await createMovie({ title: `Thám Tử Lừng Danh ${stamp}`, published: true });
  const episode = await createEpisode(movie, { name: 'Tập 12' });
  const viewer = await insertNewUser({ name: `Phạm Minh Châu ${stamp}` });

  await open(admin, `/vnwa/movie/reports?search=${stamp}`);
  await expect(admin).toHaveTitle('Report Manager | Phim');
  await expect(admin.getByText('No reports')).toBeHidden();
  await expect(admin.getByText('Nothing matches')).toBeVisible();
  const before = await openCount(admin);
  await markDocument(admin);

  // The viewer, in a browser of their own, reports the episode.
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await signIn(page, viewer);
  await open(page, `/watch/${movie.slug}/${episode.ep}`);
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem with this episode' });
  await dialog.getByRole('radio', { name: 'Subtitles are wrong or missing' }).check();
  await dialog.getByLabel('Details (optional)').fill(`Phụ đề lệch từ phút 12 ${stamp}`);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thanks — we’ll look into it')).toBeVisible();
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');

  // The admin's table and badge follow, without a reload.
  const row = admin.locator('tbody tr').filter({ hasText: movie.title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Tập 12');
  await expect(row).toContainText('Vietsub #1');
  await expect(row).toContainText('Subtitles');
  await expect(row).toContainText(`Phụ đề lệch từ phút 12 ${stamp}`);
  await expect(row).toContainText(viewer.name);
  await expect(row).toContainText('Open');
  await expect.poll(() => openCount(admin)).toBe(before + 1);
  expect(await isSameDocument(admin)).toBe(true);
  // With a row, the badge and the live bar's place in it, the screen passes axe.
  expect(await axeViolations(admin)).toEqual([]);

  // Its menu links to the episode manager and the public episode.
  const actions = admin.getByRole('button', {
    name: `Actions for the report on ${movie.title} – Tập 12`,
  });
  await actions.click();
  await expect(admin.getByRole('menuitem', { name: 'Episode manager' })).toHaveAttribute(
    'href',
    `/vnwa/movie/film/episodes-${movie.id}`,
  );
  await expect(admin.getByRole('menuitem', { name: 'Watch the episode' })).toHaveAttribute(
    'href',
    `/watch/${movie.slug}/${episode.ep}?server=${episode.server_id}`,
  );
  await admin.getByRole('menuitem', { name: 'Mark resolved' }).click();
  await expect(admin.getByText('1 report resolved.')).toBeVisible();
  await expect(row).toContainText('Resolved');
  await expect(row).toContainText('by ');
  await expect.poll(() => openCount(admin)).toBe(before);

  // The reporter, still on the episode, hears of it without a reload.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });
  await bell.click();
  await expect(page.getByRole('menu')).toContainText('Your report on Tập 12 has been resolved');
  await context.close();

  // Among the resolved ones it is selected; a report that arrives meanwhile waits in a bar instead of clearing the
  // selection; the selected one is deleted with the bulk bar (asked first).
  await admin.getByRole('combobox', { name: 'State' }).selectOption('resolved');
  await expect(admin).toHaveURL(/status=resolved/);
  await expect(row).toHaveCount(1);
  await row.getByRole('checkbox').check();
  const another = await adminApi.post('/api/reports', {
    data: { episode_id: episode.id, reason: 'other', message: `Lại lỗi ${stamp}` },
  });
  expect(another.status()).toBe(201);
  await expect(admin.getByText('New or changed reports are waiting.')).toBeVisible();
  await expect.poll(() => openCount(admin)).toBe(before + 1);
  await expect(row.getByRole('checkbox')).toBeChecked();
  await admin.getByTestId('bulk-bar').getByRole('button', { name: 'Delete' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click();
  await expect(admin.getByText('1 report deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(admin.getByText('New or changed reports are waiting.')).toBeHidden();

  // The open one, deleted from its menu (asked first): the count is back where it was.
  await admin.getByRole('combobox', { name: 'State' }).selectOption('open');
  await expect(row).toContainText(`Lại lỗi ${stamp}`);
  await actions.click();
  await admin.getByRole('menuitem', { name: 'Delete' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click();
  await expect(admin.getByText('1 report deleted.').last()).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect.poll(() => openCount(admin)).toBe(before);
  expect(await isSameDocument(admin)).toBe(true);
});
