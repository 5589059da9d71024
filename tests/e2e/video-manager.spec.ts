// The Video Manager as an admin uses it: upload a real clip (made with ffmpeg here), watch it become ready without
// reloading, rename it, preview it, send it to the trash and back, then delete it for good; a text file named .mp4
// is refused with the reason next to it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { isSameDocument, markDocument, open } from './helpers.ts';

const admin = { email: 'admin@phim.test', password: 'admin-password-123' };
const LIST = '/vnwa/vmedia/video-manager/list';
test.use({ locale: 'en-US' });

let folder: string;
test.beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-vm-'));
});
test.afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

async function signIn(page: Page) {
  await open(page, `/vnwa/login?redirect=${encodeURIComponent(LIST)}`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(LIST);
  await expect(page).toHaveTitle('Video Manager | Phim');
}

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('an admin uploads a clip, watches it become ready, renames, previews, trashes and deletes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const stem = `clip-${stamp}`;
  const clip = path.join(folder, `${stem}.mp4`);
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4'],
    ...['-f', 'lavfi', '-i', 'sine=duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-shortest', clip],
  ]);

  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await signIn(page);
  await markDocument(page);
  await page.getByTestId('video-file-input').setInputFiles(clip);
  const upload = page.getByTestId('upload-item').filter({ hasText: `${stem}.mp4` });
  await expect(upload.getByRole('progressbar')).toBeVisible();
  await expect(upload.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(upload).toContainText('Uploaded, queued for processing');

  // The row appears, then reaches "Ready" from the realtime events, in this same document.
  const row = page.getByRole('row').filter({ hasText: `${stem}.mp4` });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('video-status')).toHaveText('Ready', { timeout: 90_000 });
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
  await expect(row).toHaveCount(0);

  await open(page, '/vnwa/vmedia/video-manager/trash');
  await trashed.getByRole('button', { name: `Delete ${name} forever` }).click();
  const forever = page.getByRole('dialog', { name: `Delete “${name}” forever?` });
  await forever.getByRole('button', { name: 'Delete forever' }).click();
  await expect(forever).toBeHidden();
  await expect(trashed).toHaveCount(0);
});

test('a text file named .mp4 is refused with the reason beside it', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const fake = path.join(folder, `notes-${stamp}.mp4`);
  fs.writeFileSync(fake, 'These are notes, not a film.\n'.repeat(50));
  await signIn(page);
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
  await expect(row.getByRole('button', { name: 'Retry' })).toBeVisible();
});
