// The movie page and the episode page around the player (issue 16): the episode count of a movie on two servers,
// share and trailer, the synopsis and "More like this" under the player, and a signed-in viewer's progress in the
// episode lists with the Watch button resuming where they left off.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { makeClip, open, uniqueStamp } from './helpers.ts';

test.use({ locale: 'en-US' });

test('a movie on two servers counts the episodes out once, not once per server', async ({
  page,
  createMovie,
  createServer,
  createEpisode,
}) => {
  const movie = await createMovie({ published: true, total_episodes: 24 });
  for (const name of ['Vietsub #1', 'Thuyết minh']) {
    const server = await createServer(movie, { name });
    for (const episode of ['Tập 1', 'Tập 2'])
      await createEpisode(movie, { server_id: server.id, name: episode });
  }
  await open(page, `/watch/${movie.slug}`);
  await expect(page.getByText('2 of 24 episodes')).toBeVisible();
});

test('the movie page shares its address, and plays its trailer in a dialog when it has one', async ({
  page,
  context,
  baseURL,
  createMovie,
  createEpisode,
}) => {
  const youtube = await createMovie({
    published: true,
    trailer_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  });
  await createEpisode(youtube, { name: 'Tập 1' });
  const file = await createMovie({ published: true, trailer_url: 'https://cdn.example/t.mp4' });
  const none = await createMovie({ published: true });

  // Where the browser has a share sheet, Share opens it with the movie's address.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
      },
    });
  });
  await open(page, `/watch/${youtube.slug}?from=home`);
  const actions = page.getByTestId('movie-actions');
  await actions.getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
    .toEqual({ title: youtube.title, url: `${baseURL}/watch/${youtube.slug}` });

  // Without one, the address is copied, and a toast says so.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() =>
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined }),
  );
  await actions.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/watch/${youtube.slug}`,
  );

  // A YouTube trailer plays in YouTube's privacy-enhanced embed.
  await actions.getByRole('button', { name: 'Trailer' }).click();
  let dialog = page.getByRole('dialog', { name: `Trailer: ${youtube.title}` });
  await expect(dialog.getByTestId('trailer-frame')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A video file plays in a video element.
  const clip = makeClip(path.join(process.env.PHIM_E2E_DATA_DIR!, `trailer-${uniqueStamp()}.mp4`));
  await page.route('https://cdn.example/t.mp4', (route) =>
    route.fulfill({ body: fs.readFileSync(clip), contentType: 'video/mp4' }),
  );
  await open(page, `/watch/${file.slug}`);
  await actions.getByRole('button', { name: 'Trailer' }).click();
  dialog = page.getByRole('dialog', { name: `Trailer: ${file.title}` });
  const video = dialog.getByTestId('trailer-video');
  await expect(video).toHaveAttribute('src', 'https://cdn.example/t.mp4');
  await expect
    .poll(() => video.evaluate((element) => (element as HTMLVideoElement).readyState))
    .toBeGreaterThan(0);

  // No trailer, no button.
  await open(page, `/watch/${none.slug}`);
  await expect(actions.getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Trailer' })).toHaveCount(0);
});

test('under the player: the synopsis, folded until asked, and More like this', async ({
  page,
  createTerm,
  createMovie,
  createEpisode,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const genre = await createTerm('genre');
  const paragraph = (n: number) =>
    `<p>Đoạn ${n}: Một câu chuyện dài về gia đình, tình yêu và những lựa chọn khó khăn giữa Sài Gòn và Hà Nội, kể qua nhiều thế hệ.</p>`;
  const movie = await createMovie({
    published: true,
    genre_ids: [genre.id],
    description: [1, 2, 3, 4, 5, 6].map(paragraph).join(''),
  });
  await createEpisode(movie, { name: 'Tập 1' });
  const like = await createMovie({ published: true, genre_ids: [genre.id] });

  await open(page, `/watch/${movie.slug}/tap-1`);
  const synopsis = page.getByRole('region', { name: 'Synopsis' });
  const last = synopsis.getByText('Đoạn 6:');
  await expect(synopsis.getByText('Đoạn 1:')).toBeVisible();
  // Folded: the last paragraph is cut off, out of sight.
  const box = (await page.getByTestId('synopsis').boundingBox())!;
  expect((await last.boundingBox())!.y).toBeGreaterThan(box.y + box.height);
  const more = synopsis.getByRole('button', { name: 'Show more' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(synopsis.getByRole('button', { name: 'Show less' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const open_ = (await page.getByTestId('synopsis').boundingBox())!;
  expect((await last.boundingBox())!.y).toBeLessThan(open_.y + open_.height);

  const row = page.getByRole('region', { name: 'More like this' });
  // Its cards are made as it nears the screen (decision 065).
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByTestId('movie-card')).toHaveCount(1);
  await expect(row.getByTestId('movie-card')).toContainText(like.title);
});

test('a signed-in viewer sees how far they got in each episode, and Watch resumes; a guest sees none of it', async ({
  page,
  signIn,
  insertNewUser,
  createMovie,
  createServer,
  createEpisode,
}) => {
  const movie = await createMovie({ published: true });
  const server = await createServer(movie, { name: 'Vietsub #1' });
  const [first, second] = [
    await createEpisode(movie, { server_id: server.id, name: 'Tập 1' }),
    await createEpisode(movie, { server_id: server.id, name: 'Tập 2' }),
    await createEpisode(movie, { server_id: server.id, name: 'Tập 3' }),
  ];
  await signIn(page, await insertNewUser());
  // What the player saves as the viewer watches: Tập 1 to the end credits, then half of Tập 2.
  for (const [episode, position] of [
    [first!, 1290],
    [second!, 620],
  ] as const) {
    const { ticket } = await (await page.request.get(`/api/history/${episode.id}/ticket`)).json();
    const saved = await page.request.post(`/api/history/${episode.id}`, {
      data: { ticket, position, duration: 1320 },
    });
    expect(saved.status()).toBe(204);
    await page.waitForTimeout(20);
  }

  await open(page, `/watch/${movie.slug}`);
  const resume = page.getByRole('link', { name: 'Resume Tập 2' });
  await expect(resume).toHaveAttribute('href', `/watch/${movie.slug}/tap-2?server=${server.id}`);
  const list = page.getByRole('region', { name: 'Episodes' });
  const tile = (name: string) => list.getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(tile('Tập 1')).toHaveAccessibleName('Tập 1, watched');
  await expect(tile('Tập 1').getByTestId('episode-watched')).toBeVisible();
  await expect(tile('Tập 2')).toHaveAccessibleName('Tập 2, 47% watched');
  await expect(tile('Tập 2').getByTestId('episode-progress')).toHaveAttribute(
    'style',
    /width:\s*47%/,
  );
  await expect(tile('Tập 3').getByTestId('episode-progress')).toHaveCount(0);

  // The episode page's grid says the same, its bar across the tile's foot.
  await resume.click();
  await expect(page).toHaveURL(`/watch/${movie.slug}/tap-2?server=${server.id}`);
  const grid = page.getByTestId('episode-grid');
  await expect(grid.getByRole('link', { name: 'Tập 1, watched' })).toBeVisible();
  const current = grid.getByRole('link', { name: 'Tập 2, 47% watched' });
  const bar = (await current.getByTestId('episode-progress').boundingBox())!;
  const tileBox = (await current.boundingBox())!;
  expect(bar.height).toBeGreaterThan(2);
  expect(Math.abs(bar.y + bar.height - (tileBox.y + tileBox.height))).toBeLessThan(1.5);
  expect(bar.width / tileBox.width).toBeCloseTo(0.47, 1);

  // Watched past 90 %: Watch goes on to the next one.
  const { ticket } = await (await page.request.get(`/api/history/${second!.id}/ticket`)).json();
  await page.request.post(`/api/history/${second!.id}`, {
    data: { ticket, position: 1250, duration: 1320 },
  });
  await open(page, `/watch/${movie.slug}`);
  await expect(page.getByRole('link', { name: 'Watch Tập 3' })).toHaveAttribute(
    'href',
    `/watch/${movie.slug}/tap-3?server=${server.id}`,
  );

  // A guest: the first episode, and no bars.
  await page.context().clearCookies();
  await open(page, `/watch/${movie.slug}`);
  await expect(page.getByRole('link', { name: 'Watch now' })).toBeVisible();
  await expect(page.getByTestId('episode-progress')).toHaveCount(0);
  await open(page, `/watch/${movie.slug}/tap-1`);
  await expect(page.getByTestId('episode-grid').getByRole('link')).toHaveCount(3);
  await expect(page.getByTestId('episode-progress')).toHaveCount(0);
});
