// The Movie Manager as an admin uses it: create a movie with a poster through the one form, find it without
// accents, and unpublish it with a bulk action.
import { expect, test } from './fixtures.ts';
import { open, PNG, uniqueStamp } from './helpers.ts';

test.use({ locale: 'en-US' });

test('an admin creates, finds and unpublishes a movie', async ({ asAdmin: page }) => {
  const stamp = uniqueStamp();
  const title = `Mắt Biếc ${stamp}`;
  await expect(page).toHaveTitle('Movie Manager | Phim');

  await page.getByRole('button', { name: 'New movie' }).click();
  const form = page.getByTestId('movie-form');
  // The buttons stay at the sheet's bottom edge, the form scrolling under them, never showing below them.
  const atBottom = () =>
    page.evaluate(() => {
      const point = document.elementFromPoint(window.innerWidth - 60, window.innerHeight - 3);
      return Boolean(point?.closest('[data-sticky-footer]'));
    });
  // Once the sheet has slid in (its dialog's code loads when first asked for).
  await expect.poll(atBottom).toBe(true);
  await form.getByLabel('Original title').hover();
  await page.mouse.wheel(0, 400);
  expect(await atBottom()).toBe(true);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('This field is required.')).toBeVisible();
  await form.getByLabel('Title', { exact: true }).fill(title);
  await expect(form.getByLabel('Slug')).toHaveValue(`mat-biec-${stamp}`);
  await form.getByLabel('Original title').fill('Dreamy Eyes');
  // A new movie is a draft until it is published.
  await expect(form.getByLabel('Published')).not.toBeChecked();
  await form.getByLabel('Published').check();
  await page
    .getByTestId('poster-input')
    .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.locator('img').first()).toHaveAttribute(
    'src',
    /\/_img\?src=\/storage\/uploads\//,
  );
  await form.getByLabel('Year').fill('1800');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('alert').first()).toBeVisible();
  await form.getByLabel('Year').fill('2019');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The movie was created.')).toBeVisible();

  await page.getByRole('searchbox').fill(`mat biec ${stamp}`);
  // The new movie tops the unfiltered list too: wait for the search to reach the URL, or the list it loads would
  // replace the row (and its selection) half-way through the steps below.
  await expect(page).toHaveURL(new RegExp(`search=mat\\+biec\\+${stamp}`));
  const row = page.locator('tbody tr').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Dreamy Eyes');
  await expect(row).toContainText('2019');
  // A published movie's menu leads to its public page.
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await expect(page.getByRole('menuitem', { name: 'View on site' })).toHaveAttribute(
    'href',
    new RegExp(`^/watch/mat-biec-${stamp}`, 'i'),
  );
  await page.keyboard.press('Escape');

  await row.getByRole('checkbox').check();
  await expect(page.getByTestId('bulk-bar')).toContainText('1 selected');
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Done: 1 movie changed.')).toBeVisible();
  await expect(row).toContainText('Draft');
});

test('an admin adds servers and episodes, pastes many, and reorders them', async ({
  asAdmin: page,
}) => {
  const title = `Tây Du Ký ${uniqueStamp()}`;
  await page.getByRole('button', { name: 'New movie' }).click();
  await page.getByTestId('movie-form').getByLabel('Title', { exact: true }).fill(title);
  await page.getByTestId('movie-form').getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The movie was created.')).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Manage episodes' }).click();
  await expect(page).toHaveURL(/\/vnwa\/movie\/film\/episodes-\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // A draft has no public page to view yet.
  await expect(page.getByRole('link', { name: 'View on site' })).toHaveCount(0);

  await page.getByRole('button', { name: 'New server' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Vietsub #1');
  await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('tab', { name: /Vietsub #1/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.getByRole('button', { name: 'Add many' }).click();
  const lines = page.getByRole('dialog').getByLabel('Episodes');
  await lines.fill('Tập 1|https://cdn.example/1/master.m3u8\nnot a line');
  await page.getByRole('dialog').getByRole('button', { name: 'Add episodes' }).click();
  await expect(page.getByRole('dialog').getByText(/Line 2/)).toBeVisible();
  await lines.fill('Tập 1|https://cdn.example/1/master.m3u8\nTập 2|https://player.example/embed/2');
  await page.getByRole('dialog').getByRole('button', { name: 'Add episodes' }).click();
  await expect(page.getByText('2 episodes added.')).toBeVisible();
  const rows = page.getByTestId('episode-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('HLS');
  await expect(rows.nth(1)).toContainText('EMBED');

  await page.getByRole('button', { name: 'Move Tập 2 up' }).click();
  await expect(rows.nth(0)).toContainText('Tập 2');
  await page.reload();
  await expect(rows.nth(0)).toContainText('Tập 2');

  // A second server: moved before the first, renamed, then deleted.
  await page.getByRole('button', { name: 'New server' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Thuyết minh');
  await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText([/Vietsub #1/, /Thuyết minh/]);
  await page.getByRole('button', { name: 'Server “Thuyết minh”' }).click();
  await page.getByRole('menuitem', { name: 'Move tab left' }).click();
  await expect(tabs).toHaveText([/Thuyết minh/, /Vietsub #1/]);
  await page.getByRole('button', { name: 'Server “Thuyết minh”' }).click();
  await page.getByRole('menuitem', { name: 'Rename server' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Lồng tiếng');
  await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
  await expect(tabs).toHaveText([/Lồng tiếng/, /Vietsub #1/]);
  await page.getByRole('button', { name: 'Server “Lồng tiếng”' }).click();
  await page.getByRole('menuitem', { name: 'Delete server' }).click();
  await page
    .getByRole('dialog', { name: 'Delete the server “Lồng tiếng”?' })
    .getByRole('button', { name: 'Delete for good' })
    .click();
  await expect(tabs).toHaveText([/Vietsub #1/]);

  const response = await page.goto('/vnwa/movie/film/episodes-999999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-message')).toHaveText(
    'Page Not Found: /vnwa/movie/film/episodes-999999999',
  );
});

test('a visitor browses the listing and a genre landing, with filters in the URL', async ({
  page,
  createTerm,
  createMovie,
}) => {
  const stamp = uniqueStamp();
  const genre = await createTerm('genre', {
    name: `Hài Hước ${stamp}`,
    description: 'Phim làm bạn cười.',
  });
  for (const [title, quality] of [
    [`Bố Già ${stamp}`, 'FHD'],
    [`Nhà Bà Nữ ${stamp}`, 'HD'],
  ] as const)
    await createMovie({
      title,
      quality,
      genre_ids: [genre.id],
      published: true,
      year: 2023,
      languages: ['Vietsub'],
    });
  await createMovie({ title: `Bản Nháp ${stamp}`, genre_ids: [genre.id], published: false });

  const landing = await open(page, `/${genre.slug}`);
  expect(landing?.status()).toBe(200);
  await expect(page).toHaveTitle(`Hài Hước ${stamp} | Phim`);
  await expect(page.getByText('Phim làm bạn cười.')).toBeVisible();
  await expect(page.getByTestId('movie-card')).toHaveCount(2);
  await expect(page.getByTestId('result-count')).toHaveText('Movies found: 2');

  await page.getByRole('combobox', { name: 'Quality' }).selectOption('FHD');
  await expect(page).toHaveURL(/quality=FHD/);
  await expect(page.getByTestId('movie-card')).toHaveCount(1);
  await expect(page.getByTestId('movie-card')).toContainText(`Bố Già ${stamp}`);

  await open(page, `/movies?genre=${genre.slug}&sort=title`);
  await expect(page.getByTestId('movie-card').first()).toContainText(`Bố Già ${stamp}`);
  expect((await page.goto('/no-such-genre-here'))?.status()).toBe(404);
});

test('a visitor opens a movie: details, episodes by server, related movies, and old links still work', async ({
  page,
  request,
  adminApi,
  createTerm,
  createMovie,
  createServer,
}) => {
  const stamp = uniqueStamp();
  const genre = await createTerm('genre', { name: `Cổ Trang ${stamp}` });
  const create = (title: string) =>
    createMovie({
      title,
      original_title: 'Journey to the West',
      genre_ids: [genre.id],
      published: true,
      description: '<p>Thầy trò <strong>Đường Tăng</strong> đi thỉnh kinh.</p>',
      actors: ['Lục Tiểu Linh Đồng'],
      total_episodes: 25,
    });
  const movie = await create(`Tây Du Ký ${stamp}`);
  await create(`Tây Du Ký Hậu Truyện ${stamp}`);
  const server = await createServer(movie);
  await adminApi.post(`/api/admin/movies/${movie.id}/servers/${server.id}/episodes/bulk`, {
    data: {
      lines: 'Tập 1|https://cdn.example/1/master.m3u8\nTập 2|https://cdn.example/2/master.m3u8',
    },
  });

  await open(page, `/watch/${movie.slug}`);
  await expect(page).toHaveTitle(`Tây Du Ký ${stamp} | Phim`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tây Du Ký ${stamp}`);
  await expect(page.getByRole('main').locator('section').first()).toContainText(
    'Journey to the West',
  );
  await expect(page.getByText('Đường Tăng')).toBeVisible();
  await expect(page.getByText('2 of 25 episodes')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Watch now' })).toHaveAttribute(
    'href',
    `/watch/${movie.slug}/tap-1`,
  );
  await expect(page.getByRole('link', { name: 'Tập 2' })).toHaveAttribute(
    'href',
    `/watch/${movie.slug}/tap-2?server=${server.id}`,
  );
  // Related movies, at the foot of the page: made as they near the screen (decision 065).
  const related = page.getByRole('region', { name: 'You may also like' });
  await related.scrollIntoViewIfNeeded();
  await expect(related.getByTestId('movie-card')).toHaveCount(1);
  await page.getByRole('link', { name: `Cổ Trang ${stamp}` }).click();
  await expect(page).toHaveURL(`/${genre.slug}`);

  // A renamed movie keeps its old address working.
  await adminApi.patch(`/api/admin/movies/${movie.id}`, {
    data: { slug: `tay-du-ky-moi-${stamp}` },
  });
  const old = await request.get(`/watch/${movie.slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers()['location']).toBe(`/watch/tay-du-ky-moi-${stamp}`);
  expect((await page.goto('/watch/no-such-movie'))?.status()).toBe(404);
});

test('a deleted movie waits in the trash and comes back as a draft', async ({
  asAdmin: page,
  createMovie,
}) => {
  const title = `Thùng rác ${uniqueStamp()}`;
  await createMovie({ title, published: true });
  await page.getByRole('searchbox').fill(title);
  const row = page.locator('tbody tr').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Move “${title}” to the trash?` });
  await expect(dialog).toContainText('restore it from the trash for 30 days');
  await dialog.getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByText(`“${title}” is in the trash.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('link', { name: /^Trash \(\d+\)$/ }).click();
  await expect(page).toHaveURL('/vnwa/movie/film/trash');
  await expect(page).toHaveTitle('Movies trash | Phim');
  const trashed = page.locator('tbody tr').filter({ hasText: title });
  await trashed.getByRole('button', { name: `Restore ${title}` }).click();
  await expect(page.getByText(`“${title}” is back, as a draft.`)).toBeVisible();
  await expect(trashed).toHaveCount(0);

  await page.getByRole('link', { name: 'Movie Manager' }).first().click();
  await page.getByRole('searchbox').fill(title);
  await expect(row).toContainText('Draft');
});
