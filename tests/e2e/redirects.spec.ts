// Section roots redirect to their first screen, and the guards send anonymous visitors to sign in.
import { expect, test } from './fixtures.ts';

const chains: Array<{ from: string; hops: string[] }> = [
  {
    from: '/vnwa',
    hops: [
      '/vnwa/dashboard',
      '/vnwa/movie/film/list',
      '/vnwa/login?redirect=%2Fvnwa%2Fmovie%2Ffilm%2Flist',
    ],
  },
  {
    from: '/vnwa/movie',
    hops: ['/vnwa/movie/film/list', '/vnwa/login?redirect=%2Fvnwa%2Fmovie%2Ffilm%2Flist'],
  },
  {
    from: '/vnwa/movie/film',
    hops: ['/vnwa/movie/film/list', '/vnwa/login?redirect=%2Fvnwa%2Fmovie%2Ffilm%2Flist'],
  },
  {
    from: '/vnwa/vmedia/video-manager',
    hops: [
      '/vnwa/vmedia/video-manager/list',
      '/vnwa/login?redirect=%2Fvnwa%2Fvmedia%2Fvideo-manager%2Flist',
    ],
  },
  {
    from: '/vnwa/account',
    hops: ['/vnwa/account/general', '/vnwa/login?redirect=%2Fvnwa%2Faccount%2Fgeneral'],
  },
  {
    from: '/account',
    hops: ['/account/general', '/auth/login?redirect=%2Faccount%2Fgeneral'],
  },
];

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
