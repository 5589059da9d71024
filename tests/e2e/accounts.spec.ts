// Accounts as a new viewer lives them: register, verify from the email, sign in on two devices, revoke one,
// forget and reset the password, get banned; and the guards that send people where they belong.
import type { Browser } from '@playwright/test';
import { readLatestMail } from '#tests/mail-utils.ts';
import { ADMIN, expect, PASSWORD as password, test } from './fixtures.ts';
import { fillSignInForm, open, PNG, uniqueStamp } from './helpers.ts';

const dataDir = process.env.PHIM_E2E_DATA_DIR!;

const uniqueEmail = (prefix: string) => `${prefix}-${uniqueStamp()}@example.com`;

/** Waits for the newest mail to `to` (mail is written as .eml files into DATA_DIR/mail). */
async function mailTo(to: string, subject: RegExp) {
  let found: Awaited<ReturnType<typeof readLatestMail>> | null = null;
  await expect
    .poll(
      async () => {
        found = await readLatestMail(dataDir, to).catch(() => null);
        return found?.subject ?? '';
      },
      { timeout: 10_000 },
    )
    .toMatch(subject);
  return found!;
}

function linkTo(mail: { links: string[] }, path: string) {
  const link = mail.links.find((href) => new URL(href).pathname.startsWith(path));
  expect(link, `a link to ${path} in ${mail.links.join(', ')}`).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

async function newViewerPage(browser: Browser) {
  const context = await browser.newContext({ locale: 'en-US' });
  return { context, page: await context.newPage() };
}

test.use({ locale: 'en-US' });

test('a new viewer registers, verifies from the email, and sees the account as verified', async ({
  page,
}) => {
  const email = uniqueEmail('lan');
  await open(page, '/auth/register');
  await page.getByLabel('Name').fill('Trần Thị Lan');
  await page.getByLabel('Email').fill(email);
  // Mistakes are shown next to their fields before anything is sent.
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText(`We sent a verification link to ${email}`)).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();

  // Unverified: a page that needs a verified email explains and offers to resend.
  await open(page, '/account/follow-movies');
  await expect(page).toHaveURL(/\/auth\/unverified\?redirect=%2Faccount%2Ffollow-movies/);
  await expect(page.getByRole('heading', { name: 'Verify your email first' })).toBeVisible();

  const mail = await mailTo(email, /verif/i);
  await page.goto(linkTo(mail, '/auth/verify'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  // The same link again: already verified.
  await page.goto(linkTo(mail, '/auth/verify'));
  await expect(page.getByRole('heading', { name: 'Already verified' })).toBeVisible();

  await open(page, '/account/general');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Trần Thị Lan');
});

test('a tampered verification link is refused, and /auth/verify without one is a 404', async ({
  page,
}) => {
  await open(page, '/auth/verify?verify_url=%2Fapi%2Fauth%2Fverify-email%3Ftoken%3Dnot-a-token');
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  // Only this site's own endpoint is ever called.
  await open(page, `/auth/verify?verify_url=${encodeURIComponent('https://evil.example/steal')}`);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  const response = await page.goto('/auth/verify');
  expect(response?.status()).toBe(404);
});

test('two devices: each sees both, one signs the other out, and the other is signed out on its next step', async ({
  browser,
  insertNewUser,
  signIn,
}) => {
  const minh = await insertNewUser({ name: 'Minh' });

  const laptop = await newViewerPage(browser);
  const phone = await newViewerPage(browser);
  await signIn(laptop.page, minh);
  await signIn(phone.page, minh);

  await open(laptop.page, '/account/devices');
  // The set-up token counts as a device too.
  const devices = laptop.page.getByTestId('device');
  await expect(devices).toHaveCount(3);
  const current = laptop.page.locator('[data-testid="device"][data-current]');
  await expect(current).toHaveCount(1);
  await expect(current.getByText('This device')).toBeVisible();

  await laptop.page.getByRole('button', { name: 'Sign out all other devices' }).click();
  await laptop.page
    .getByRole('dialog')
    .getByRole('button', { name: 'Sign out all other devices' })
    .click();
  await expect(laptop.page.getByText('All other devices were signed out.')).toBeVisible();
  await expect(devices).toHaveCount(1);

  // The phone's next request finds its session gone.
  await phone.page.goto('/account/general');
  await expect(phone.page).toHaveURL(/\/auth\/login\?redirect=%2Faccount%2Fgeneral/);
  // The page notices the session is gone and drops its signed-in flag.
  await expect
    .poll(async () => (await phone.context.cookies()).some((c) => c.name === 'phim_logged_in'))
    .toBe(false);

  // The laptop signs out from its menu and lands home, signed out.
  await open(laptop.page, '/');
  await laptop.page.getByTestId('user-menu').click();
  await laptop.page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(laptop.page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await laptop.page.goto('/account/general');
  await expect(laptop.page).toHaveURL(/\/auth\/login/);
  await laptop.context.close();
  await phone.context.close();
});

test('forgot and reset: the emailed link sets a new password, once', async ({
  page,
  insertNewUser,
}) => {
  const { email } = await insertNewUser({ name: 'Hoa' });

  await open(page, '/auth/forgot');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('forgot-sent')).toContainText(email);
  // An unknown address gets the same answer.
  await page.getByRole('button', { name: 'Send to another address' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('forgot-sent')).toBeVisible();

  const mail = await mailTo(email, /password/i);
  const resetPath = linkTo(mail, '/auth/reset/');
  await open(page, resetPath);
  const newPassword = 'brand-new-lantern-77';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByText('Your password was changed.')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page).toHaveURL('/auth/login');

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Welcome back, Hoa!')).toBeVisible();

  // The link is spent.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await open(page, resetPath);
  await page.getByLabel('New password').fill('another-fresh-pass-9');
  await page.getByLabel('Confirm password').fill('another-fresh-pass-9');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
});

test('a banned viewer is signed out on their next request and told why at sign-in', async ({
  page,
  adminApi,
  insertNewUser,
  signIn,
}) => {
  const khoa = await insertNewUser({ name: 'Khoa' });
  const { email } = khoa;
  await signIn(page, khoa);

  const ban = await adminApi.post(`/api/admin/users/${khoa.id}/ban`, {
    data: { reason: 'Sharing the account' },
  });
  expect(ban.status(), await ban.text()).toBe(200);

  // The open page's next step: the session is gone.
  await page.goto('/account/devices');
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').first()).toContainText('Sharing the account');
});

test('account settings: name, picture and password', async ({
  page,
  request,
  insertNewUser,
  signIn,
}) => {
  await signIn(page, await insertNewUser({ name: 'Quang' }), '/account/general');

  await page.getByLabel('Name').fill('Lê Quang Vinh');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your changes were saved.')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toContainText('Lê Quang Vinh');
  await page.keyboard.press('Escape');

  // A file that only pretends to be an image is refused; a real one becomes the picture.
  await page.getByTestId('avatar-input').setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image at all'),
  });
  await expect(
    page.locator('#profile-title').locator('..').locator('..').getByRole('alert'),
  ).toBeVisible();
  await page
    .getByTestId('avatar-input')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Your picture was updated.')).toBeVisible();
  const src = await page.getByTestId('user-menu').locator('img').getAttribute('src');
  expect(src).toMatch(/^\/storage\/avatars\/.+\.webp$/);
  const image = await request.get(src!);
  expect(image.headers()['content-type']).toBe('image/webp');

  // The wrong current password is named; the right one changes it.
  await page.getByLabel('Current password').last().fill('not-my-password');
  await page.getByLabel('New password').fill('the-new-secret-42');
  await page.getByLabel('Confirm password').fill('the-new-secret-42');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.locator('#password-title').locator('..').locator('..').getByRole('alert'),
  ).toBeVisible();
  await page.getByLabel('Current password').last().fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();
  // Still signed in here.
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Lê Quang Vinh');
});

test('a toast closes by itself after 5 seconds, or at once when swiped away', async ({
  page,
  insertNewUser,
  signIn,
}) => {
  const thu = await insertNewUser({ name: 'Thu' });
  await signIn(page, thu);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Welcome back, Thu!' });
  await expect(toast).toBeVisible();
  const shownAt = Date.now();
  await expect(toast).toHaveCount(0, { timeout: 8_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(3_500);

  // Another one, swiped to the right.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signIn(page, thu);
  await expect(toast).toBeVisible();
  // Swipe only once it has finished sliding in and the page under it has settled: sonner ignores a drag that
  // starts while the toast is still entering, and a moving target is missed.
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  // Settled: two readings of its box in a row, a poll interval apart, are the same.
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await toast.boundingBox());
        const settled = now === last;
        last = now;
        return settled;
      },
      { intervals: [250] },
    )
    .toBe(true);
  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, y, { steps: 6 });
  await page.mouse.move(box.x + box.width / 2 + 140, y, { steps: 6 });
  await page.mouse.up();
  await expect(toast).toHaveCount(0, { timeout: 2_000 });
});

test.describe('guards', () => {
  test('account pages send guests to sign in, and back after signing in', async ({
    page,
    insertNewUser,
  }) => {
    const { email } = await insertNewUser({ name: 'An' });
    await page.goto('/account/devices');
    await expect(page).toHaveURL('/auth/login?redirect=%2Faccount%2Fdevices');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/account/devices');
    await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();

    // Guest pages send a signed-in user home.
    for (const path of ['/auth/login', '/auth/register', '/auth/forgot']) {
      await page.goto(path);
      await expect(page).toHaveURL('/');
    }
    // A viewer in the back office gets a 403 page, not a loop; its sign-in refuses them.
    const response = await page.goto('/vnwa/movie/film/list');
    expect(response?.status()).toBe(403);
    await expect(
      page.getByRole('heading', { name: 'You do not have access to this page.' }),
    ).toBeVisible();
  });

  test('the back-office sign-in refuses a viewer and keeps no session', async ({
    page,
    insertNewUser,
  }) => {
    await fillSignInForm(page, await insertNewUser({ name: 'Bình' }), '/vnwa/login');
    await expect(page.getByText('This account has no access to the back office')).toBeVisible();
    await expect(page).toHaveURL('/vnwa/login');
    await page.goto('/account/general');
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test('an admin signs in to the back office, and /vnwa/login then leads inside', async ({
    page,
  }) => {
    await page.goto('/vnwa/users');
    await expect(page).toHaveURL('/vnwa/login?redirect=%2Fvnwa%2Fusers');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/vnwa/users');
    await page.goto('/vnwa/login');
    await expect(page).toHaveURL('/vnwa/movie/film/list');
    await open(page, '/vnwa/account/devices');
    await expect(page.getByTestId('device')).not.toHaveCount(0);
  });

  test.describe('before the page has hydrated', () => {
    test.use({ javaScriptEnabled: false });

    test('the sign-in button waits, and Enter or a password manager posts nothing to the page', async ({
      page,
    }) => {
      const response = await page.goto('/auth/login');
      expect(response?.status()).toBe(200);
      const button = page.getByRole('button', { name: 'Sign in' });
      await expect(button).toBeDisabled();
      // The fields take typing (or a password manager's fill) all the same.
      await page.getByLabel('Email').fill(ADMIN.email);
      const passwordField = page.getByLabel('Password', { exact: true });
      await passwordField.fill(ADMIN.password);
      const posted = page
        .waitForEvent('request', {
          predicate: (request) => request.method() === 'POST',
          timeout: 1_500,
        })
        .then((request) => request.url())
        .catch(() => null);
      await passwordField.press('Enter');
      expect(await posted).toBeNull();
      await expect(page).toHaveURL('/auth/login');
      await expect(passwordField).toHaveValue(ADMIN.password);
    });
  });
});
