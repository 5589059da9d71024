// Section roots redirect to their first screen, and the guards send anonymous visitors to sign in.
import { expect, test } from './fixtures.ts';

/**
 * A section root, the screens it redirects a guest through, and the sign-in page its last screen sends the guest to
 * (with that screen as `redirect`): the hops are the screens, then that sign-in URL.
 */
const chains = [
  { from: '/vnwa', screens: ['/vnwa/dashboard', '/vnwa/movie/film/list'], signIn: '/vnwa/login' },
  { from: '/vnwa/movie', screens: ['/vnwa/movie/film/list'], signIn: '/vnwa/login' },
  { from: '/vnwa/movie/film', screens: ['/vnwa/movie/film/list'], signIn: '/vnwa/login' },
  {
    from: '/vnwa/vmedia/video-manager',
    screens: ['/vnwa/vmedia/video-manager/list'],
    signIn: '/vnwa/login',
  },
  { from: '/vnwa/account', screens: ['/vnwa/account/general'], signIn: '/vnwa/login' },
  { from: '/account', screens: ['/account/general'], signIn: '/auth/login' },
].map(({ from, screens, signIn }) => ({
  from,
  hops: [...screens, `${signIn}?redirect=${encodeURIComponent(screens.at(-1)!)}`],
}));

test.use({ locale: 'en-US' });

for (const { from, hops } of chains) {
  test(`${from} leads to ${hops.at(-1)}`, async ({ page, request }) => {
    let current = from;
    for (const next of hops) {
      const response = await request.get(current, { maxRedirects: 0 });
      expect(response.status(), `status of ${current}`).toBe(302);
      expect(response.headers()['location'], `Location of ${current}`).toBe(next);
      current = next;
    }
    // The sign-in pages are pages, not further redirects.
    const last = await request.get(current, { maxRedirects: 0 });
    expect(last.status(), `status of ${current}`).not.toBe(302);

    await page.goto(from);
    await expect(page).toHaveURL(hops.at(-1) ?? '');
  });
}

test('a trailing slash on a section root redirects the same way', async ({ request }) => {
  const response = await request.get('/vnwa/', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()['location']).toBe('/vnwa/dashboard');
});
