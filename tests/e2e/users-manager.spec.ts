// The Users Manager as an admin uses it: find people without typing accents, filter, sort, page, open a user,
// ban and unban, change roles, delete; their own row cannot be banned or deleted; phones get cards.
import { ADMIN, expect, test } from './fixtures.ts';
import { open, uniqueStamp, valuesOver } from './helpers.ts';

test.use({ locale: 'en-US' });

test('an admin finds, inspects, bans, unbans, promotes and deletes users', async ({
  page,
  signIn,
  insertNewUser,
}) => {
  const stamp = uniqueStamp();
  const anh = `anh-${stamp}@example.com`;
  await insertNewUser({ name: 'Nguyễn Văn Ánh', email: anh });
  await insertNewUser({ name: `Trần Bình ${stamp}`, email: `binh-${stamp}@example.com` });
  await insertNewUser({ name: `Gone ${stamp}`, email: `gone-${stamp}@example.com` });

  await signIn(page, ADMIN, '/vnwa/users');
  await expect(page).toHaveTitle('Users Manager | Phim');

  // Diacritics-insensitive search, typed as a person types, kept in the URL.
  const search = page.getByRole('searchbox', { name: 'Search by name or email' });
  // A pause after a space lets the URL catch up; what is typed must stay as it is.
  await search.pressSequentially('nguyen ', { delay: 20 });
  await expect(page).toHaveURL(/search=nguyen$/);
  await search.pressSequentially('van anh', { delay: 20 });
  await expect(page).toHaveURL(/search=nguyen\+van\+anh/);
  await expect(search).toHaveValue('nguyen van anh');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Nguyễn Văn Ánh');
  await page.reload();
  await expect(search).toHaveValue('nguyen van anh');
  await expect(rows).toHaveCount(1);

  // The detail panel, addressable by URL: sessions, sign-ins and counts.
  await rows
    .first()
    .getByRole('button', { name: /^Nguyễn Văn Ánh/ })
    .click();
  await expect(page).toHaveURL(/[?&]user=/);
  const detail = page.getByTestId('user-detail');
  await expect(detail).toContainText(anh);
  await expect(detail).toContainText('Signed-in devices (1)');
  await expect(detail).toContainText('Recent sign-ins');
  await expect(detail).toContainText('Followed movies');
  await page.reload();
  await expect(detail).toContainText(anh);
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]user=/);

  // Ban with a reason (required): the status changes and its badge tells why.
  await page.getByRole('button', { name: 'Actions for Nguyễn Văn Ánh' }).click();
  await page.getByRole('menuitem', { name: 'Ban' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Ban' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByLabel('Reason (shown to them)').fill('Spam in comments');
  await dialog.getByRole('button', { name: 'Ban' }).click();
  await expect(page.getByText('Nguyễn Văn Ánh is banned.')).toBeVisible();
  await expect(rows.first()).toContainText('Banned');
  await rows.first().getByTestId('ban-status').hover();
  await expect(page.getByRole('tooltip')).toContainText('Spam in comments');
  await expect(page.getByRole('tooltip')).toContainText('No end date');

  // Filter by status, then lift the ban: nothing is banned any more.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('banned');
  await expect(page).toHaveURL(/status=banned/);
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Actions for Nguyễn Văn Ánh' }).click();
  await page.getByRole('menuitem', { name: 'Lift the ban' }).click();
  await expect(page.getByText('Nguyễn Văn Ánh can sign in again.')).toBeVisible();
  await expect(page.getByText('Nothing matches')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/vnwa/users');
  await expect(search).toHaveValue('');

  // Roles: make Ánh an admin.
  await search.fill(anh);
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Actions for Nguyễn Văn Ánh' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByRole('dialog').getByLabel('Admin').check();
  await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The user was updated.')).toBeVisible();
  await expect(rows.first()).toContainText('Admin');

  // Delete asks first, then the row is gone.
  await search.fill(`gone-${stamp}`);
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: `Actions for Gone ${stamp}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText(`Delete Gone ${stamp}?`);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByText(`Gone ${stamp} was deleted.`)).toBeVisible();
  await expect(page.getByText('Nothing matches')).toBeVisible();
});

test('sorting, page size and pages, the URL as the state, and the admin’s own row', async ({
  page,
  signIn,
  insertNewUser,
}) => {
  const stamp = uniqueStamp();
  for (let i = 0; i < 12; i += 1)
    await insertNewUser({ name: `Zed ${stamp} ${i}`, email: `zed-${stamp}-${i}@example.com` });
  await signIn(page, ADMIN, '/vnwa/users');

  // A header click sorts ascending, the next one descending; dates start with the newest.
  const userHeader = page.getByRole('columnheader', { name: 'User' });
  await page.getByRole('button', { name: 'User', exact: true }).click();
  await expect(page).toHaveURL(/sort=name&order=asc/);
  await expect(userHeader).toHaveAttribute('aria-sort', 'ascending');
  const names = () => page.locator('tbody tr td:first-child .font-medium').allTextContents();
  const ascending = await names();
  expect([...ascending].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toEqual(
    ascending,
  );
  await page.getByRole('button', { name: 'User', exact: true }).click();
  await expect(page).toHaveURL(/sort=name&order=desc/);
  await expect(userHeader).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('button', { name: 'Joined', exact: true }).click();
  await expect(page).toHaveURL(/sort=created_at&order=desc/);
  await expect(page.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(userHeader).not.toHaveAttribute('aria-sort');

  // Page size and pages.
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
  await expect(page).toHaveURL(/per_page=10/);
  await expect(page.locator('tbody tr')).toHaveCount(10);
  const range = page.getByTestId('table-range');
  await expect(range).toHaveText(/^1–10 of \d+$/);
  const total = Number((await range.textContent())!.match(/of (\d+)/)![1]);
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(range).toHaveText(`11–${Math.min(20, total)} of ${total}`);
  await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page).not.toHaveURL(/[?&]page=/);

  // Bad values fall back to their defaults one by one; a page past the end shows the last page.
  await open(page, `/vnwa/users?search=zed-${stamp}&sort=nonsense&per_page=7`);
  await expect(page.locator('tbody tr')).toHaveCount(12);
  await expect(page.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await open(page, `/vnwa/users?search=zed-${stamp}&per_page=10&page=99`);
  await expect(page).toHaveURL(new RegExp(`search=zed-${stamp}&per_page=10&page=2$`));
  await expect(page.getByTestId('table-range')).toHaveText('11–12 of 12');

  // Their own row: no ban, no delete; they can rename themselves but not change their roles.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await page.getByRole('searchbox').fill(ADMIN.email);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr')).toContainText('(you)');
  await page.getByRole('button', { name: 'Actions for Admin' }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Ban' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Admin')).toBeDisabled();
  await expect(dialog).toContainText('You cannot change your own roles.');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The user was updated.')).toBeVisible();

  // The back button walks the searches back, and the box follows without pushing them again.
  await open(page, '/vnwa/users');
  const box = page.getByRole('searchbox');
  await box.fill(`zed-${stamp}-5`);
  await expect(page).toHaveURL(/search=zed/);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL('/vnwa/users');
  await page.goBack();
  await expect(box).toHaveValue(`zed-${stamp}-5`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.goBack();
  await expect(box).toHaveValue('');
  // Nor does the box push a search of its own afterwards: watched for longer than its delay (SEARCH_DELAY_MS, 300 ms).
  const address = async () => new URL(page.url()).pathname + new URL(page.url()).search;
  expect(await valuesOver(500, address)).toEqual(['/vnwa/users']);
  await expect(page).toHaveURL('/vnwa/users');

  // An unknown user in the URL is a 404.
  const response = await page.goto('/vnwa/users?user=nobody-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /vnwa/users?user=nobody-here')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('rows are cards with a sort menu, and nothing scrolls sideways', async ({
    page,
    signIn,
    insertNewUser,
  }) => {
    const stamp = uniqueStamp();
    await insertNewUser({
      name: `Công Tôn Nữ Thị Thùy Dương Hoàng Yến ${stamp}`,
      email: `cong-ton-nu-${stamp}@a-rather-long-domain-name.example.com`,
    });
    await signIn(page, ADMIN, '/vnwa/users');
    await expect(page.locator('table')).toBeHidden();
    const card = page.getByRole('listitem').filter({ hasText: `cong-ton-nu-${stamp}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Joined');
    await expect(card.getByRole('button', { name: /^Actions for Công Tôn/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    await page.getByRole('combobox', { name: 'Sort' }).selectOption('name');
    await expect(page).toHaveURL(/sort=name&order=asc/);
    await page.getByRole('button', { name: 'Sorted ascending; reverse the order' }).click();
    await expect(page).toHaveURL(/sort=name&order=desc/);

    // Other users (the admin, other specs' viewers) may sort before this one, onto a later page: find it.
    await page.getByRole('searchbox').fill(stamp);
    await expect(page).toHaveURL(new RegExp(`search=${stamp}`));
    await card.getByRole('button', { name: /^Công Tôn/ }).click();
    await expect(page.getByTestId('user-detail')).toContainText(`cong-ton-nu-${stamp}`);
  });
});
