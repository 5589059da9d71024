// Navigation links (decision 048): an admin adds a header menu with a genre under it at /vnwa/Link; a phone's
// drawer lists it, expands it and follows the genre to its page; on a computer the Genres mega-menu works from
// the keyboard. The menus go back to the defaults afterwards, for the other specs.
import { DEFAULT_NAVIGATION } from '#shared/navigation.ts';
import { ADMIN, expect, test, type Term } from './fixtures.ts';
import { axeViolations, open, uniqueStamp } from './helpers.ts';

test.use({ locale: 'en-US' });

test.afterEach(async ({ adminApi }) => {
  expect(
    (await adminApi.put('/api/admin/settings/navigation', { data: DEFAULT_NAVIGATION })).ok(),
  ).toBe(true);
});

test('an admin adds a menu with a genre under it, and a phone follows it', async ({
  page,
  browser,
  signIn,
  adminApi,
}) => {
  const stamp = uniqueStamp();
  const created = await adminApi.post('/api/admin/terms/genre', {
    data: { name: `Kiếm Hiệp ${stamp}` },
  });
  const genre = (await created.json()).term as Term;
  const heading = `Picks ${stamp}`;

  await signIn(page, ADMIN, '/vnwa/Link');
  await expect(page).toHaveTitle('Links | Phim');
  await expect(page.getByRole('tab', { name: /Header menu/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  expect(await axeViolations(page), '/vnwa/Link').toEqual([]);

  // A heading first, then the genre under it.
  await page.getByRole('button', { name: 'Add an item', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a menu item' });
  await dialog.getByLabel('Label (English)').fill(heading);
  await dialog.getByLabel('Label (Vietnamese)').fill(`Chọn lọc ${stamp}`);
  await dialog.getByLabel('Links to').selectOption('none');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: `Add an item under ${heading}` }).click();
  dialog = page.getByRole('dialog', { name: 'Add a menu item' });
  await dialog.getByLabel('Links to').selectOption('term');
  await dialog.getByLabel('Kind').selectOption('genre');
  await dialog.getByLabel('Genre, type or country').selectOption(String(genre.id));
  // The genre's name became the label.
  await expect(dialog.getByLabel('Label (Vietnamese)')).toHaveValue(genre.name);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Genre: ${genre.name}`)).toBeVisible();

  // Moved up with the keyboard's buttons, above Years.
  await page.getByRole('button', { name: `Move ${heading} up` }).click();
  const rows = page.getByTestId('nav-row');
  await expect(rows.nth(5)).toContainText(heading);
  // Dragged: Years onto the top edge of Home goes first.
  await rows
    .filter({ hasText: 'Recent years' })
    .dragTo(rows.first(), { targetPosition: { x: 40, y: 3 } });
  await expect(rows.first()).toContainText('Years');
  await expect(rows.nth(6)).toContainText(heading);

  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Menus saved.')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  const stored = await (await adminApi.get('/api/admin/settings/navigation')).json();
  expect(stored.header[0].expand).toBe('years');
  expect(stored.header[6]).toMatchObject({
    label: { en: heading },
    target: { kind: 'none' },
    children: [{ target: { kind: 'term', term: 'genre', id: genre.id } }],
  });

  // A phone: the drawer lists the menu, the group expands, the genre opens its page.
  const phone = await browser.newPage({ viewport: { width: 390, height: 800 }, locale: 'en-US' });
  await open(phone, '/');
  await phone.getByRole('button', { name: 'Menu', exact: true }).click();
  const drawer = phone.getByRole('dialog');
  const group = drawer.getByText(heading, { exact: true });
  await expect(group).toBeVisible();
  const link = drawer.getByRole('link', { name: genre.name });
  await expect(link).toBeHidden();
  await group.click();
  await link.click();
  await expect(phone).toHaveURL(`/${genre.slug}`);
  await expect(phone.getByRole('heading', { level: 1, name: genre.name })).toBeVisible();
  await expect(drawer).toBeHidden();
  await phone.close();
});

test('the Genres mega-menu opens, moves and closes from the keyboard', async ({
  page,
  adminApi,
}) => {
  // Enough genres for the panel of columns (the menu lists every visible one).
  const stamp = uniqueStamp();
  const ids: number[] = [];
  for (let n = 1; n <= 10; n += 1) {
    const created = await adminApi.post('/api/admin/terms/genre', {
      data: { name: `Thể Loại ${stamp} ${n}` },
    });
    ids.push(((await created.json()).term as Term).id);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, '/');
  const nav = page.getByRole('navigation', { name: 'Menu' });
  const button = nav.getByRole('button', { name: 'Genres' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  // Closed, its links are not in the page yet: they are made when it first opens.
  const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);
  await expect(panel).toBeHidden();
  expect(await panel.locator('a').count()).toBe(0);

  // Tab reaches it; Enter opens it, focus stays on the button.
  await page.getByRole('link', { name: 'Movies', exact: true }).first().focus();
  await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(panel).toBeVisible();
  const links = panel.getByRole('link');
  expect(await links.count()).toBeGreaterThan(8);
  expect(await axeViolations(page), 'mega-menu open').toEqual([]);

  // Arrows walk the links; Escape closes and gives focus back to the button.
  await page.keyboard.press('ArrowDown');
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(links.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();

  // ArrowDown on the button opens it at its first link; Enter there follows it.
  await page.keyboard.press('ArrowDown');
  await expect(links.first()).toBeFocused();
  const href = await links.first().getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(href!);
  await expect(panel).toBeHidden();

  // Tab past the last link closes it too; the pointer opens it on hover.
  await button.hover();
  await expect(panel).toBeVisible();
  await page.mouse.move(5, 600);
  await expect(panel).toBeHidden();

  // On a page where it never opened, ArrowUp makes its links and focuses the last one.
  await open(page, '/movies');
  await nav.getByRole('button', { name: 'Genres' }).focus();
  await page.keyboard.press('ArrowUp');
  const fresh = page.locator(
    `#${await nav.getByRole('button', { name: 'Genres' }).getAttribute('aria-controls')}`,
  );
  await expect(fresh.getByRole('link').last()).toBeFocused();

  for (const id of ids) await adminApi.delete(`/api/admin/terms/genre/${id}`);
});
