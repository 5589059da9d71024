// An episode that plays a video of the video manager, end to end: a clip uploaded over tus and transcoded for real,
// attached to an episode with the episode manager's picker, played by a visitor (time advances, the quality menu
// lists the ladder's rungs, the storyboard feeds the seek previews), and "unavailable" once the admin moves the video
// to the trash from the video manager, which first names the episode that plays it (409) and asks again.
import { expect, test } from './fixtures.ts';
import { open, playAndListQualities, uniqueStamp } from './helpers.ts';

test.use({ locale: 'en-US' });

test('an episode plays a transcoded video until the video goes to the trash', async ({
  asAdmin: page,
  browser,
  request,
  adminApi,
  createVideo,
  createMovie,
  createServer,
}) => {
  test.setTimeout(240_000);
  const stamp = uniqueStamp();
  const videoName = `Phim ngắn ${stamp}`;
  const { id: videoId } = await createVideo(videoName);

  const movie = await createMovie({ title: `Video riêng ${stamp}`, published: true });
  await createServer(movie);

  // The admin attaches the video to a new episode with the picker.
  await open(page, `/vnwa/movie/film/episodes-${movie.id}`);
  await page.getByRole('button', { name: 'Add episode' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Tập 1');
  await expect(dialog.getByLabel('Source')).toHaveValue('video');
  // Saving without a video names the missing choice.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Choose a video.')).toBeVisible();
  await dialog.getByRole('searchbox').fill(stamp);
  const choice = dialog.getByRole('radio', { name: new RegExp(videoName) });
  await expect(choice).toContainText('6s');
  await choice.click();
  await expect(choice).toHaveAttribute('aria-checked', 'true');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('episode-video')).toContainText(videoName);

  // A visitor plays it.
  const visitor = await browser.newPage();
  await open(visitor, `/watch/${movie.slug}/tap-1`);
  await expect
    .poll(() =>
      visitor.evaluate(
        () => (document.querySelector('hls-video') as HTMLVideoElement | null)?.src ?? '',
      ),
    )
    .toMatch(/\/storage\/videos\/\d+\/[\w-]+\/master\.m3u8$/);
  const storyboard = visitor.locator('hls-video > track[kind="metadata"][label="thumbnails"]');
  await expect(storyboard).toHaveAttribute('src', /\/storyboard\.vtt$/);
  const vtt = await request.get((await storyboard.getAttribute('src'))!);
  expect(vtt.status()).toBe(200);
  expect(await vtt.text()).toContain('#xywh=');
  const renditions = await playAndListQualities(visitor);
  await expect(renditions).toHaveCount(3);
  await expect(renditions.nth(0)).toHaveAccessibleName('480p');
  await expect(renditions.nth(1)).toHaveAccessibleName('360p');
  await expect(renditions.nth(2)).toHaveAccessibleName(/^Auto/);

  // The admin moves the video to the trash from the video manager: the server refuses (409) and the dialog names
  // the episode that plays it; "anyway" moves it, and the episode is unavailable, not broken.
  await open(page, `/vnwa/vmedia/video-manager/list?search=${stamp}`);
  const row = page.getByRole('row').filter({ hasText: videoName });
  await expect(row).toContainText(`Video riêng ${stamp} · Tập 1`);
  await row.getByRole('button', { name: `Actions for ${videoName}` }).click();
  await page.getByRole('menuitem', { name: 'Move to trash' }).click();
  const confirm = page.getByRole('dialog', { name: `Move “${videoName}” to the trash?` });
  await confirm.getByRole('button', { name: 'Move to trash', exact: true }).click();
  await expect(confirm.getByRole('status')).toContainText('Episodes play this video');
  await expect(confirm.getByRole('status')).toContainText(
    `1 episode plays it: Video riêng ${stamp} · Tập 1`,
  );
  await confirm.getByRole('button', { name: 'Move to trash anyway' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  expect(
    (await (await adminApi.get(`/api/admin/videos/${videoId}`)).json()).video.deleted_at,
  ).not.toBeNull();
  await open(visitor, `/watch/${movie.slug}/tap-1`);
  await expect(visitor.getByText('This episode cannot be played here yet')).toBeVisible();
  await expect(visitor.locator('hls-video')).toHaveCount(0);
  // The episode manager says so too.
  await open(page, `/vnwa/movie/film/episodes-${movie.id}`);
  await expect(page.getByTestId('episode-row')).toContainText('Cannot play');
  await visitor.close();
});
