// Every page has exactly one main landmark, `#main`, the skip link's target: error pages included,
// whichever layout (or none) they render in.
import { expect, test } from './fixtures.ts';
import { open } from './helpers.ts';

const pages = [
  { path: '/', status: 200 },
  { path: '/auth/login', status: 200 },
  { path: '/auth/verify', status: 404 }, // the brand layout's error boundary, inside its card
  { path: '/user/profile', status: 200 }, // a guest's card in the site layout
  { path: '/no/such/page', status: 404 },
  { path: '/vnwa/login', status: 200 }, // a page with no layout
] as const;

for (const { path, status } of pages) {
  test(`${path} has one main landmark`, async ({ page }) => {
    const response = await open(page, path);
    expect(response?.status()).toBe(status);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.locator('main')).toHaveCount(1);
    await expect(page.locator('[id="main"]')).toHaveCount(1);
    await expect(page.locator('main')).toHaveAttribute('id', 'main');
  });
}

test('an error inside the sign-in card stays card-sized', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, '/auth/verify');
  const card = page.getByRole('main').getByTestId('error-view');
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  // The full-page error view is at least 60 % of the viewport tall; in the card it is just its content.
  expect(box?.height).toBeLessThan(900 * 0.5);
});
