// An episode that plays a video of the video manager, end to end: a clip uploaded over tus and transcoded for real,
// attached to an episode with the episode manager's picker, played by a visitor (time advances, the quality menu
// lists the ladder's rungs, the storyboard feeds the seek previews), and "unavailable" once the video is trashed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { open } from './helpers.ts';

const admin = { email: 'admin@phim.test', password: 'admin-password-123' };
test.use({ locale: 'en-US' });

/** 6 s of test pattern and tone at 854×480: the ladder is 480p and 360p (never above the source). */
function makeClip(file: string) {
  execFileSync(process.env.FFMPEG_PATH || 'ffmpeg', [
    ...['-y', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=854x480:rate=25:duration=6'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', file],
  ]);
  return fs.readFileSync(file);
}

/** Uploads over tus in token mode (a Bearer token needs no CSRF token), in one PATCH; answers the video id. */
async function uploadVideo(
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
) {
  const clip = makeClip(path.join(process.env.PHIM_E2E_DATA_DIR!, `${name}.mp4`));
  const created = await request.post('/api/admin/videos/uploads', {
    headers: {
      ...headers,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(clip.length),
      'Upload-Metadata': `filename ${Buffer.from(`${name}.mp4`).toString('base64')}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = new URL(created.headers()['location']!, 'http://x').pathname;
  const finished = await request.patch(location, {
    headers: {
      ...headers,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    data: clip,
  });
  expect(finished.status(), await finished.text()).toBe(204);
  return Number(created.headers()['phim-video-id']);
}

const currentTime = (page: Page) =>
  page.evaluate(
    () => (document.querySelector('hls-video') as HTMLVideoElement | null)?.currentTime ?? 0,
  );

test('an episode plays a transcoded video until the video goes to the trash', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const login = await request.post('/api/auth/login', { data: { ...admin, device_name: 'e2e' } });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  const stamp = Date.now().toString(36);
  const videoName = `Phim ngắn ${stamp}`;
  const videoId = await uploadVideo(request, headers, `clip-${stamp}`);
  const renamed = await request.patch(`/api/admin/videos/${videoId}`, {
    data: { name: videoName },
    headers,
  });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  // The transcode runs in the server's own job worker.
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/admin/videos/${videoId}`, { headers })).json()).video
          .status,
      { timeout: 180_000, intervals: [1000] },
    )
    .toBe('ready');

  const { movie } = await (
    await request.post('/api/admin/movies', {
      data: { title: `Video riêng ${stamp}`, published: true },
      headers,
    })
  ).json();
  await request.post(`/api/admin/movies/${movie.id}/servers`, {
    data: { name: 'Vietsub #1' },
    headers,
  });

  // The admin attaches the video to a new episode with the picker.
  await open(page, '/vnwa/login?redirect=%2Fvnwa%2Fmovie%2Ffilm%2Flist');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/vnwa/movie/film/list');
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
  await visitor.locator('media-control-bar media-play-button').click();
  await expect.poll(() => currentTime(visitor), { timeout: 30_000 }).toBeGreaterThan(1);
  await visitor.locator('media-settings-menu-button').click();
  await visitor.locator('media-settings-menu-item').filter({ hasText: 'Quality' }).click();
  const renditions = visitor.locator('media-rendition-menu').getByRole('menuitemradio');
  await expect(renditions).toHaveCount(3);
  await expect(renditions.nth(0)).toHaveAccessibleName('480p');
  await expect(renditions.nth(1)).toHaveAccessibleName('360p');
  await expect(renditions.nth(2)).toHaveAccessibleName(/^Auto/);

  // The admin trashes the video although an episode plays it: the episode is unavailable, not broken.
  const trashed = await request.delete(`/api/admin/videos/${videoId}?force=1`, { headers });
  expect(trashed.status(), await trashed.text()).toBe(200);
  await open(visitor, `/watch/${movie.slug}/tap-1`);
  await expect(visitor.getByText('This episode cannot be played here yet')).toBeVisible();
  await expect(visitor.locator('hls-video')).toHaveCount(0);
  // The episode manager says so too.
  await page.reload();
  await expect(page.getByTestId('episode-row')).toContainText('Cannot play');
  await visitor.close();
});
