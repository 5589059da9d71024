// The Video Manager as an admin uses it: upload a real clip (made with ffmpeg here), watch it become ready without
// reloading, rename it, preview it, send it to the trash and back, then delete it for good; pause a large upload
// (nothing more reaches the server) and resume it to the whole file; attach a ready video to a new episode that a
// visitor then plays; a text file named .mp4 is refused with the reason next to it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { formatDuration, formatFileSize } from '../../app/lib/format.ts';
import { ADMIN, expect, test as base } from './fixtures.ts';
import {
  isSameDocument,
  makeClip,
  markDocument,
  open,
  playAndListQualities,
  uniqueStamp,
  valuesOver,
  waitForHydration,
} from './helpers.ts';

const LIST = '/vnwa/vmedia/video-manager/list';

const test = base.extend<{
  /** A folder of the test's own for the clips it makes, removed afterwards. */
  folder: string;
  /** The test's page, signed in to the back office on the Video Manager (for tests that listen to nothing before). */
  manager: Page;
}>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies here: this one has none.
  folder: async ({}, provide) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-vm-'));
    await provide(folder);
    fs.rmSync(folder, { recursive: true, force: true });
  },
  manager: async ({ page, signIn }, provide) => {
    await signIn(page, ADMIN, LIST);
    await expect(page).toHaveTitle('Video Manager | Phim');
    await provide(page);
  },
});

test.use({ locale: 'en-US' });

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('an admin uploads a clip, watches it become ready, renames, previews, trashes and deletes it', async ({
  page,
  folder,
  signIn,
}) => {
  test.setTimeout(180_000);
  const stamp = uniqueStamp();
  const stem = `clip-${stamp}`;
  const clip = makeClip(path.join(folder, `${stem}.mp4`), { size: '640x360', seconds: 4 });

  // Listening before the page opens its socket: signing in comes after.
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await signIn(page, ADMIN, LIST);
  await expect(page).toHaveTitle('Video Manager | Phim');
  await markDocument(page);
  await page.getByTestId('video-file-input').setInputFiles(clip);
  const upload = page.getByTestId('upload-item').filter({ hasText: `${stem}.mp4` });
  await expect(upload.getByRole('progressbar')).toBeVisible();
  await expect(upload.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(upload).toContainText('Uploaded: its processing shows in the list');

  // The row appears, then reaches "Ready" from the realtime events, in this same document.
  const row = page.getByRole('row').filter({ hasText: `${stem}.mp4` });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('video-status')).toHaveText('Ready', { timeout: 90_000 });
  // "Ready" comes from the socket at once; the list then reloads, and a row menu opened before that would close.
  // The ladder's rungs show once it has.
  await expect(row).toContainText('1 rendition (360p)');
  // The upload's card has made way for the row.
  await expect(upload).toHaveCount(0, { timeout: 15_000 });
  expect(await isSameDocument(page)).toBe(true);
  expect(sockets.some((url) => url.includes('/socket.io/'))).toBe(true);
  await expect(row).toContainText('640×360');
  await expect(row).toContainText('Not used');

  const name = `Tập thử ${stamp}`;
  await rowAction(page, stem, 'Rename');
  const rename = page.getByRole('dialog', { name: 'Rename video' });
  await rename.getByLabel('Name').fill(name);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await expect(row.getByTestId('video-name')).toHaveText(name);

  await rowAction(page, name, 'Preview');
  const preview = page.getByRole('dialog', { name });
  await expect(preview.getByTestId('video-preview')).toBeVisible();
  // Autoplay may be refused; press play as a person would if it did, then time must move.
  await page.waitForFunction(
    () => {
      const media = document.querySelector<HTMLVideoElement>(
        '[data-testid="video-preview"] hls-video',
      );
      if (!media) return false;
      if (media.paused && media.readyState >= 2) {
        media.muted = true;
        void media.play();
      }
      return media.currentTime > 1;
    },
    undefined,
    { timeout: 30_000 },
  );
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await rowAction(page, name, 'Move to trash');
  const confirm = page.getByRole('dialog', { name: `Move “${name}” to the trash?` });
  await confirm.getByRole('button', { name: 'Move to trash' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);

  await page.getByRole('link', { name: 'Trash', exact: true }).first().click();
  await expect(page).toHaveURL('/vnwa/vmedia/video-manager/trash');
  await expect(page.getByText(/deleted for good, with their files, 30 days after/)).toBeVisible();
  const trashed = page.getByRole('row').filter({ hasText: name });
  await expect(trashed).toContainText('Purged on');
  await trashed.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(trashed).toHaveCount(0);

  await open(page, LIST);
  await expect(row.getByTestId('video-status')).toHaveText('Ready');
  await rowAction(page, name, 'Move to trash');
  await confirm.getByRole('button', { name: 'Move to trash' }).click();
  // The dialog closes once the server has trashed it: only then is the trash sure to list it.
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);

  await open(page, '/vnwa/vmedia/video-manager/trash');
  await trashed.getByRole('button', { name: `Delete ${name} forever` }).click();
  const forever = page.getByRole('dialog', { name: `Delete “${name}” forever?` });
  await forever.getByRole('button', { name: 'Delete forever' }).click();
  await expect(forever).toBeHidden();
  await expect(trashed).toHaveCount(0);
});

test('an admin pauses a large upload, nothing more arrives, then resumes it to the whole file', async ({
  manager: page,
  folder,
}) => {
  test.setTimeout(180_000);
  const stamp = uniqueStamp();
  const stem = `big-${stamp}`;
  // 3 s of lossless noise: about 30 MB, several tus chunks.
  const clip = makeClip(path.join(folder, `${stem}.mp4`), {
    size: '640x360',
    seconds: 3,
    noise: true,
  });
  const size = fs.statSync(clip).size;
  expect(size).toBeGreaterThan(20 * 1024 * 1024);

  // On localhost 30 MB would be gone before anyone could press pause: slow the uplink to about 4 MB/s.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 4 * 1024 * 1024,
  });
  const created = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      response.url().endsWith('/api/admin/videos/uploads'),
  );
  await page.getByTestId('video-file-input').setInputFiles(clip);
  const uploadUrl = new URL((await created).headers()['location']!, page.url()).toString();
  const offset = async () =>
    Number(
      (await page.request.head(uploadUrl, { headers: { 'Tus-Resumable': '1.0.0' } })).headers()[
        'upload-offset'
      ],
    );

  const upload = page.getByTestId('upload-item').filter({ hasText: `${stem}.mp4` });
  const bar = upload.getByRole('progressbar');
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(10);
  await upload.getByRole('button', { name: `Pause ${stem}.mp4` }).click();
  await expect(upload).toContainText('Paused');
  const shown = await upload.textContent();
  const percent = await bar.getAttribute('aria-valuenow');
  // The aborted request may still be landing: once the server's offset settles, it must not move.
  let paused = await offset();
  await expect
    .poll(async () => {
      const now = await offset();
      const settled = now === paused;
      paused = now;
      return settled;
    })
    .toBe(true);
  // Then watched for two seconds: not one more byte arrives.
  expect(await valuesOver(2000, offset)).toEqual([paused]);
  expect(await offset()).toBe(paused);
  expect(paused).toBeGreaterThan(0);
  expect(paused).toBeLessThan(size);
  await expect(upload).toHaveText(shown!);
  await expect(bar).toHaveAttribute('aria-valuenow', percent!);

  await upload.getByRole('button', { name: `Resume ${stem}.mp4` }).click();
  await expect(upload).not.toContainText('Paused');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(upload).toContainText('Uploaded: its processing shows in the list', {
    timeout: 60_000,
  });
  await expect(upload).toContainText(`${formatFileSize(size)} / ${formatFileSize(size)}`);

  // The whole file arrived: the server kept every byte, and the video lasts as long as the clip.
  const row = page.getByRole('row').filter({ hasText: `${stem}.mp4` });
  await expect(row.getByTestId('video-status')).toHaveText('Ready', { timeout: 120_000 });
  await expect(row).toContainText(formatFileSize(size));
  await expect(row).toContainText(formatDuration(3));
  await expect(row).toContainText('640×360');
});

test('an admin attaches a ready video to a new episode, and a visitor plays it', async ({
  manager: page,
  browser,
  createVideo,
  createMovie,
  createServer,
  createEpisode,
}) => {
  test.setTimeout(240_000);
  const stamp = uniqueStamp();
  const videoName = `Tập đính kèm ${stamp}`;
  await createVideo(videoName);
  const title = `Phim gắn video ${stamp}`;
  const movie = await createMovie({ title, published: true });
  const server = await createServer(movie);
  const trailer = 'https://cdn.example.com/tap-1/index.m3u8';
  await createEpisode(movie, {
    server_id: server.id,
    name: 'Tập 1',
    source_type: 'hls',
    source_url: trailer,
  });

  await open(page, `${LIST}?search=${stamp}`);
  const row = page.getByRole('row').filter({ hasText: videoName });
  await expect(row).toContainText('Not used');
  await rowAction(page, videoName, 'Attach to episode…');
  const dialog = page.getByRole('dialog', { name: `Attach “${videoName}” to an episode` });

  // Attaching without a movie names the missing choice.
  await dialog.getByRole('button', { name: 'Attach' }).click();
  await expect(dialog.getByText('Choose a movie.')).toBeVisible();

  // By keyboard: type part of the title, Tab to the match, Space chooses it.
  await dialog.getByRole('searchbox').fill(`gan video ${stamp}`);
  const choice = dialog.getByRole('radio', { name: new RegExp(title) });
  await expect(choice).toBeVisible();
  await dialog.getByRole('searchbox').press('Tab');
  await expect(choice).toBeFocused();
  await page.keyboard.press('Space');
  await expect(choice).toHaveAttribute('aria-checked', 'true');

  await expect(dialog.getByLabel('Server')).toHaveValue(String(server.id));
  // An existing episode: the dialog says what its source is now, which this video replaces.
  await dialog.getByLabel('Episode', { exact: true }).selectOption({ label: 'Tập 1' });
  await expect(dialog.getByTestId('attach-replaces')).toContainText(trailer);
  // A new one instead: its address is made from its name.
  await dialog.getByLabel('Episode', { exact: true }).selectOption({ label: 'New episode' });
  await expect(dialog.getByTestId('attach-replaces')).toHaveCount(0);
  await dialog.getByLabel('Episode name').fill('Tập 2');
  await expect(dialog).toContainText(`Plays at /watch/${movie.slug}/tap-2`);
  await dialog.getByRole('button', { name: 'Attach' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`“${videoName}” now plays in ${title} · Tập 2.`)).toBeVisible();

  // "Used by" names the episode, linked to the episode manager.
  const used = row.getByRole('link', { name: `${title} · Tập 2` });
  await expect(used).toHaveAttribute('href', `/vnwa/movie/film/episodes-${movie.id}`);
  await used.click();
  await expect(page).toHaveURL(`/vnwa/movie/film/episodes-${movie.id}`);
  await expect(page.getByTestId('episode-video')).toContainText(videoName);

  const visitor = await browser.newPage();
  await open(visitor, `/watch/${movie.slug}/tap-2`);
  const renditions = await playAndListQualities(visitor);
  await expect(renditions).toHaveCount(3);
  await expect(renditions.nth(0)).toHaveAccessibleName('480p');
  await expect(renditions.nth(1)).toHaveAccessibleName('360p');
  await visitor.close();
});

test('a text file named .mp4 is refused with the reason beside it', async ({
  manager: page,
  folder,
}) => {
  const stamp = uniqueStamp();
  const fake = path.join(folder, `notes-${stamp}.mp4`);
  fs.writeFileSync(fake, 'These are notes, not a film.\n'.repeat(50));
  await page.getByTestId('video-file-input').setInputFiles(fake);
  const upload = page.getByTestId('upload-item').filter({ hasText: `notes-${stamp}.mp4` });
  await expect(upload.getByRole('alert')).toContainText('Not a video:');
  // ffprobe names the file by its path on the server; that folder is not the uploader's business.
  await expect(upload.getByRole('alert')).not.toContainText('originals/');
  // The refused file's row says why it failed.
  const row = page.getByRole('row').filter({ hasText: `notes-${stamp}.mp4` });
  await expect(row.getByTestId('video-status')).toContainText('Failed');
  await row.getByTestId('video-status').focus();
  await expect(page.getByRole('tooltip')).toContainText('is not a video');
  // Nothing was kept to retry with: no Retry, in the row or its menu; the row can go to the trash.
  await expect(row.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await row.getByRole('button', { name: new RegExp(`^Actions for notes-${stamp}`) }).click();
  await expect(page.getByRole('menuitem', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Move to trash' })).toBeVisible();
});

test('on a laptop screen, a long-named video keeps its actions in sight, in the list and in the trash', async ({
  page,
  signIn,
  createVideo,
}) => {
  const name = `Phim tài liệu về những con đường di sản miền Trung Việt Nam qua bốn mùa ${uniqueStamp()}`;
  await createVideo(name);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN, LIST);
  // Wholly inside the window, not clipped by the table's sideways scroll.
  const inSight = (button: ReturnType<Page['getByRole']>) =>
    expect(button).toBeInViewport({ ratio: 1 });
  const actions = page.getByRole('button', { name: `Actions for ${name}` });
  await inSight(actions);
  await waitForHydration(page);
  await rowAction(page, name, 'Move to trash');
  await page
    .getByRole('dialog', { name: `Move “${name}” to the trash?` })
    .getByRole('button', { name: 'Move to trash' })
    .click();
  await expect(actions).toHaveCount(0);

  await open(page, '/vnwa/vmedia/video-manager/trash');
  await inSight(page.getByRole('button', { name: `Restore ${name}` }));
  await inSight(page.getByRole('button', { name: `Delete ${name} forever` }));
});
