// The Home Page Manager as an admin uses it (decision 049): two sections, reordered by dragging one onto the other;
// the live preview follows before saving, and after Save the public home page shows the new order. Then `/movies`
// (issue 17's fixes): a filter applies as it changes, keeps the focus, and the URL holds only what is set.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axeViolations, open, uniqueStamp } from './helpers.ts';

test.use({ locale: 'en-US' });

/** The section headings of a home page, in order, among `titles`. */
async function order(page: Page, titles: string[]) {
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  return headings.filter((heading) => titles.includes(heading));
}

test('reorder home sections by dragging, preview them, save, and see the home page follow', async ({
  asAdmin: admin,
  adminApi,
  createMovie,
  browser,
}) => {
  const stamp = uniqueStamp(6);
  // A visitor, in a browser of their own.
  const visitor = await browser.newContext({ locale: 'en-US' });
  const page = await visitor.newPage();
  const first = await createMovie({ title: `Mắt Biếc ${stamp}`, published: true });
  const second = await createMovie({ title: `Bố Già ${stamp}`, published: true });
  const alpha = `Alpha picks ${stamp}`;
  const beta = `Beta picks ${stamp}`;
  const titles = [alpha, beta];
  const put = (sections: unknown[]) =>
    adminApi.put('/api/admin/home-sections', { data: { sections } });
  expect(
    (
      await put([
        { kind: 'picked', title: alpha, settings: { movie_ids: [first.id] } },
        { kind: 'picked', title: beta, layout: 'grid', settings: { movie_ids: [second.id] } },
      ])
    ).status(),
  ).toBe(200);
  try {
    await open(admin, '/vnwa/appearance/home-page');
    await expect(admin).toHaveTitle('Home Page Manager | Phim');
    const list = admin.getByTestId('home-section-title');
    await expect(list).toHaveText(titles);
    const preview = admin.frameLocator('[data-testid="home-preview"]');
    const previewTitles = preview.getByRole('heading', { level: 2 }).filter({ hasText: stamp });
    await expect(previewTitles).toHaveText(titles);

    // Drag Beta onto Alpha: Beta takes its place.
    await admin
      .getByTestId('home-section')
      .filter({ hasText: beta })
      .dragTo(admin.getByTestId('home-section').filter({ hasText: alpha }));
    await expect(list).toHaveText([beta, alpha]);
    await expect(admin.getByTestId('save-bar')).toContainText('Unsaved changes');
    // The preview follows the draft, before anything is saved. A retrying locator assertion: the preview's frame
    // reloads with the draft, and a one-off read during that reload failed ("execution context was destroyed").
    await expect(preview.getByRole('heading', { level: 2 }).filter({ hasText: stamp })).toHaveText(
      [beta, alpha],
      { timeout: 15_000 },
    );
    await open(page, '/');
    expect(await order(page, titles)).toEqual(titles);

    // The arrows do the same from a keyboard: down and back up.
    await admin.getByRole('button', { name: `Move down: ${beta}` }).click();
    await expect(list).toHaveText(titles);
    await admin.getByRole('button', { name: `Move up: ${beta}` }).press('Enter');
    await expect(list).toHaveText([beta, alpha]);

    await admin.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Home page saved: visitors see it now.')).toBeVisible();
    await expect(admin.getByTestId('save-bar')).toContainText('Saved');

    await open(page, '/');
    expect(await order(page, titles)).toEqual([beta, alpha]);
    await expect(page.getByTestId('movie-grid').getByText(second.title)).toBeVisible();
  } finally {
    // The built-in sections again, for the other tests.
    expect((await put([])).status()).toBe(200);
    await visitor.close();
  }
});

test('filters on /movies apply as they change, keep the focus and only set values', async ({
  page,
  createMovie,
}) => {
  const stamp = uniqueStamp(6);
  await createMovie({ title: `Hai Phượng ${stamp}`, published: true, year: 2019 });
  await open(page, `/movies?q=${stamp}`);
  await expect(page.getByRole('button', { name: 'Filter' })).toHaveCount(0);
  const year = page.getByLabel('Year');
  await year.focus();
  await year.selectOption('2019');
  await expect(page).toHaveURL(`/movies?q=${stamp}&year=2019`);
  await expect(year).toBeFocused();
  await expect(page.getByTestId('result-count')).toHaveText('Movies found: 1');
  await year.selectOption('');
  await expect(page).toHaveURL(`/movies?q=${stamp}`);
  await expect(year).toBeFocused();
  // Replaced, not pushed: Back leaves the listing.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/movies/);
});

test('the managers, the home page’s layouts and the movies banner pass axe, phone and desktop', async ({
  asAdmin: admin,
  adminApi,
  createMovie,
}) => {
  test.setTimeout(120_000);
  const movie = await createMovie({ title: `Cô Ba Sài Gòn ${uniqueStamp(6)}`, published: true });
  const picked = { movie_ids: [movie.id] };
  expect(
    (
      await adminApi.put('/api/admin/home-sections', {
        data: {
          sections: [
            { kind: 'hero', settings: { source: 'picked', ...picked } },
            { kind: 'picked', layout: 'landscape', settings: picked },
            { kind: 'picked', layout: 'grid', title: 'Grid', settings: picked },
          ],
        },
      })
    ).status(),
  ).toBe(200);
  await adminApi.put('/api/admin/settings/movies_page', {
    data: { banner: { movie_id: movie.id } },
  });
  try {
    for (const view of [
      { width: 360, height: 780, colorScheme: 'light' },
      { width: 1440, height: 900, colorScheme: 'dark' },
    ] as const) {
      await admin.setViewportSize({ width: view.width, height: view.height });
      await admin.emulateMedia({ colorScheme: view.colorScheme });
      await open(admin, '/vnwa/appearance/home-page');
      await admin
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await expect(admin.getByLabel('Title (English)')).toBeVisible();
      expect(
        await axeViolations(admin, { exclude: '[data-testid="home-preview"]' }),
        `home page manager ${view.width}`,
      ).toEqual([]);
      await open(admin, '/vnwa/appearance/movies-page');
      expect(await axeViolations(admin), `movies page manager ${view.width}`).toEqual([]);
      for (const url of ['/', '/movies']) {
        await open(admin, url);
        expect(await axeViolations(admin), `${url} ${view.width}`).toEqual([]);
      }
    }
  } finally {
    await adminApi.put('/api/admin/home-sections', { data: { sections: [] } });
    await adminApi.put('/api/admin/settings/movies_page', { data: {} });
  }
});
