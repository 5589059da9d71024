// The watch history page (/user/histories): what a signed-in viewer watched, newest first, with how far; remove one,
// clear all after a confirm; a guest is asked to sign in. The player's saving is watch.spec.ts's.
import { expect, test } from './fixtures.ts';
import { savePosition, uniqueStamp, waitForHydration } from './helpers.ts';

test.use({ locale: 'en-US' });

test('a viewer finds what they watched, removes one episode, then clears the rest', async ({
  page,
  signIn,
  insertNewUser,
  createMovie,
  createEpisode,
}) => {
  const stamp = uniqueStamp();
  const movie = await createMovie({ title: `Hai Phượng ${stamp}`, published: true });
  const first = await createEpisode(movie, { name: 'Tập 1' });
  const second = await createEpisode(movie, { name: 'Tập 2' });
  await signIn(page, await insertNewUser());
  await savePosition(page, first.id, 2700, 2760);
  await savePosition(page, second.id, 754, 2760);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Viewing history' }).click();
  await expect(page).toHaveURL('/user/histories');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Viewing history' })).toBeVisible();
  await expect(page.getByText('2 episodes')).toBeVisible();
  const rows = page.getByRole('listitem');
  // Newest first: the second episode was saved last.
  await expect(rows.nth(0)).toContainText('Tập 2 · 12:34 of 46:00');
  await expect(rows.nth(0).getByRole('link', { name: 'Resume' })).toHaveAttribute(
    'href',
    `/watch/${movie.slug}/${second.ep}`,
  );
  await expect(rows.nth(1)).toContainText('Tập 1 · watched');
  await expect(rows.nth(1).getByRole('link', { name: 'Watch again' })).toBeVisible();

  await page
    .getByRole('button', { name: `Remove ${movie.title} – Tập 1 from the history` })
    .click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText('1 episode', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Clear history' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear your whole watch history?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear history' }).click();
  await dialog.getByRole('button', { name: 'Clear history' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing watched yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse movies' })).toHaveAttribute(
    'href',
    '/movies',
  );
});

test('a guest is asked to sign in first', async ({ page }) => {
  await page.goto('/user/histories');
  await expect(page).toHaveURL('/auth/login?redirect=%2Fuser%2Fhistories');
});
