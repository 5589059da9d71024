// Subtitles in the episode manager as an admin uses them: upload an .srt for an episode, see it listed with its
// language, read the converted WebVTT, find it on the watch page's player, and delete it after confirming.
import { expect, test } from './fixtures.ts';
import { open } from './helpers.ts';

test.use({ locale: 'en-US' });

test('an admin adds a subtitle to an episode and deletes it', async ({
  asAdmin: page,
  createMovie,
  createEpisode,
}) => {
  const movie = await createMovie({ published: true });
  await createEpisode(movie, { name: 'Tập 1' });
  await open(page, `/vnwa/movie/film/episodes-${movie.id}`);

  await page.getByRole('button', { name: 'Subtitles of Tập 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subtitles: Tập 1' });
  await expect(dialog).toContainText('No subtitles yet.');
  await dialog.getByLabel('Language').selectOption('en');
  await expect(dialog.getByLabel('Label in the captions menu')).toHaveValue('English');
  await dialog.getByLabel('File').setInputFiles({
    name: 'notes.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from('just words'),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(
    dialog.getByText('notes.srt: No subtitle lines were found in the file.'),
  ).toBeVisible();

  await dialog.getByLabel('File').setInputFiles({
    name: 'tap-1.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from('1\n00:00:01,000 --> 00:00:02,500\nHello there\n'),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('The subtitle was added.')).toBeVisible();
  const list = dialog.getByRole('list', { name: 'Subtitles' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('en');
  const href = await list.getByRole('link', { name: 'English' }).getAttribute('href');
  const vtt = await page.request.get(href!);
  expect(await vtt.text()).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello there\n');

  // The watch page hands the track to the player, whose captions menu offers it.
  await page.keyboard.press('Escape');
  await open(page, `/watch/${movie.slug}/tap-1`);
  await expect(page.locator('hls-video > track')).toHaveAttribute('label', 'English');
  await expect(page.locator('hls-video > track')).toHaveAttribute('srclang', 'en');
  await expect(page.locator('hls-video > track')).toHaveAttribute('src', href!);
  await page.goBack();
  await page.getByRole('button', { name: 'Subtitles of Tập 1' }).click();
  await dialog.getByRole('button', { name: 'Delete the subtitle “English”' }).click();
  await page
    .getByRole('dialog', { name: 'Delete the subtitle “English”' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(dialog).toContainText('No subtitles yet.');
});
