// The Users Manager as an admin uses it: find people without typing accents, filter, sort, page, open a user,
// ban and unban, change roles; their own row cannot be banned or deleted.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { open } from './helpers.ts';

const admin = { email: 'admin@phim.test', password: 'admin-password-123' };
const password = 'quiet-river-2026';
const stamp = Date.now().toString(36);

async function registerViaApi(request: APIRequestContext, name: string, email: string) {
  const response = await request.post('/api/auth/register', {
    data: {
      name,
      email,
      password,
      password_confirmation: password,
      locale: 'en',
      device_name: 'set-up',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.use({ locale: 'en-US' });

test('an admin finds, inspects, bans, unbans and promotes a user', async ({ page, request }) => {
  const anh = `anh-${stamp}@example.com`;
  await registerViaApi(request, 'Nguyễn Văn Ánh', anh);
  await registerViaApi(request, `Trần Bình ${stamp}`, `binh-${stamp}@example.com`);

  await open(page, '/vnwa/login?redirect=%2Fvnwa%2Fusers');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/vnwa/users');
  await expect(page).toHaveTitle('Users Manager | Phim');

  // Diacritics-insensitive search, kept in the URL.
  await page.getByRole('searchbox').fill('nguyen van anh');
  await expect(page).toHaveURL(/search=nguyen\+van\+anh/);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Nguyễn Văn Ánh');
  await page.reload();
  await expect(page.getByRole('searchbox')).toHaveValue('nguyen van anh');
  await expect(rows).toHaveCount(1);

  // The detail panel: sessions and sign-ins.
  await rows
    .first()
    .getByRole('button', { name: /^Nguyễn Văn Ánh/ })
    .click();
  const detail = page.getByTestId('user-detail');
  await expect(detail).toContainText(anh);
  await expect(detail).toContainText('Signed-in devices (1)');
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);

  // Ban with a reason: the status changes; then lift it.
  await page.getByRole('button', { name: 'Actions for Nguyễn Văn Ánh' }).click();
  await page.getByRole('menuitem', { name: 'Ban' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Ban' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByLabel('Reason (shown to them)').fill('Spam in comments');
  await dialog.getByRole('button', { name: 'Ban' }).click();
  await expect(page.getByText('Nguyễn Văn Ánh is banned.')).toBeVisible();
  await expect(rows.first()).toContainText('Banned');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('banned');
  await expect(page).toHaveURL(/status=banned/);
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Actions for Nguyễn Văn Ánh' }).click();
  await page.getByRole('menuitem', { name: 'Lift the ban' }).click();
  await expect(page.getByText('Nothing matches')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/vnwa/users');

  // Roles: make Ánh an admin.
  await page.getByRole('searchbox').fill(anh);
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Actions for Nguyễn Văn Ánh' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByRole('dialog').getByLabel('Admin').check();
  await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The user was updated.')).toBeVisible();
  await expect(rows.first()).toContainText('Admin');
});

test('sorting, page size, and the admin’s own row', async ({ page, request }) => {
  for (let i = 0; i < 3; i += 1)
    await registerViaApi(request, `Zed ${stamp} ${i}`, `zed-${stamp}-${i}@example.com`);
  await open(page, '/vnwa/login?redirect=%2Fvnwa%2Fusers');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/vnwa/users');

  await page.getByRole('button', { name: 'User', exact: true }).click();
  await expect(page).toHaveURL(/sort=name&order=asc/);
  await expect(page.getByRole('columnheader', { name: 'User' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const names = await page.locator('tbody tr td:first-child .font-medium').allTextContents();
  expect([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toEqual(
    names,
  );

  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
  await expect(page).toHaveURL(/per_page=10/);
  await expect(page.getByTestId('table-range')).toContainText(/^1–\d+ of \d+$/);

  await page.getByRole('searchbox').fill(admin.email);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: 'Actions for Admin' }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Ban' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);

  // An unknown user in the URL is a 404.
  const response = await page.goto('/vnwa/users?user=nobody-here');
  expect(response?.status()).toBe(404);
});
