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
  const rows = page.getByRole('main').getByRole('listitem');
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

test('the home page offers to continue where the viewer left off', async ({
  page,
  signIn,
  insertNewUser,
  createMovie,
  createEpisode,
}) => {
  const stamp = uniqueStamp();
  const series = await createMovie({ title: `Thương Ngày Nắng Về ${stamp}`, published: true });
  const one = await createEpisode(series, { name: 'Tập 1' });
  const two = await createEpisode(series, { name: 'Tập 2' });
  const film = await createMovie({ title: `Em Và Trịnh ${stamp}`, published: true });
  const full = await createEpisode(film, { name: 'Full' });
  await signIn(page, await insertNewUser());
  // Nothing watched: no row.
  await expect(page.getByTestId('continue-row')).toHaveCount(0);

  await savePosition(page, one.id, 2700, 2760);
  await savePosition(page, full.id, 1800, 7200);
  await page.reload();
  const row = page.getByTestId('continue-row');
  await expect(row.getByRole('heading', { name: 'Continue watching' })).toBeVisible();
  const cards = row.getByTestId('continue-card');
  await expect(cards).toHaveCount(2);
  // Newest first; the film resumes where it was left, the series moves on to its next episode.
  await expect(cards.nth(0)).toContainText(`Full · 1:30:00 left`);
  await expect(cards.nth(0).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  await expect(cards.nth(1)).toContainText('Up next: Tập 2');
  await expect(cards.nth(1)).toHaveAttribute(
    'href',
    `/watch/${series.slug}/${two.ep}?server=${two.server_id}`,
  );
  await cards.nth(1).click();
  await expect(page).toHaveURL(`/watch/${series.slug}/${two.ep}?server=${two.server_id}`);
});

test('a viewer pauses their history, and nothing new is kept until they turn it back on', async ({
  page,
  signIn,
  insertNewUser,
  createMovie,
  createEpisode,
}) => {
  const movie = await createMovie({
    title: `Cô Gái Đến Từ Hôm Qua ${uniqueStamp()}`,
    published: true,
  });
  const first = await createEpisode(movie, { name: 'Tập 1' });
  const second = await createEpisode(movie, { name: 'Tập 2' });
  await signIn(page, await insertNewUser());
  await savePosition(page, first.id, 600, 2760);
  await page.goto('/user/histories');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Pause history' }).click();
  await expect(page.getByText('Your history is paused')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn history back on' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // What was there stays; what is watched now is not kept.
  await savePosition(page, second.id, 300, 2760);
  await page.reload();
  await expect(page.getByText('1 episode', { exact: true })).toBeVisible();
  await expect(page.getByText('Your history is paused')).toBeVisible();

  await waitForHydration(page);
  await page.getByRole('button', { name: 'Turn history back on' }).click();
  await expect(page.getByText('Your history is paused')).toBeHidden();
  await savePosition(page, second.id, 300, 2760);
  await page.reload();
  await expect(page.getByText('2 episodes')).toBeVisible();
});

test('a guest is asked to sign in first', async ({ page }) => {
  await page.goto('/user/histories');
  await expect(page).toHaveURL('/auth/login?redirect=%2Fuser%2Fhistories');
});
