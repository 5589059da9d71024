// Subtitles of an episode through the API: admins only, .srt converted to WebVTT on disk, bad files named,
// delete removes the file, and the hourly sweep removes the files of deleted episodes.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEpisode, createMovie, createServer, createUser } from '#tests/factories.ts';
import { BROKEN_FORMS, Client, expectInvalid, signInFirstAdmin } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

const SRT = '1\n00:00:01,000 --> 00:00:03,000\nXin chào\n';
const t = withTestApp();
let admin: Client;
let movieId: number;
let episodeId: number;
let base: string;

const upload = (client: Client, fields: Record<string, string>, file?: [string, string]) =>
  client.multipart('POST', base, {
    ...fields,
    ...(file ? { file: { name: file[0], data: Buffer.from(file[1]), type: 'text/plain' } } : {}),
  });

beforeAll(async () => {
  admin = await signInFirstAdmin(t.app);
  const movie = await createMovie(admin);
  movieId = movie.id;
  episodeId = (await createEpisode(admin, movie)).id;
  base = `/api/admin/movies/${movieId}/episodes/${episodeId}/subtitles`;
});

describe('check params', () => {
  it('needs a signed-in admin', async () => {
    const { client: viewer } = await createUser(t.app);
    expect((await new Client(t.app).get(base)).statusCode).toBe(401);
    expect((await viewer.get(base)).statusCode).toBe(403);
    expect(
      (await upload(viewer, { language: 'vi', label: 'Việt' }, ['a.srt', SRT])).statusCode,
    ).toBe(403);
  });

  it('answers 404 for an unknown episode, or an episode of another movie', async () => {
    expect(
      (await admin.get(`/api/admin/movies/${movieId}/episodes/999999/subtitles`)).statusCode,
    ).toBe(404);
    const other = (await createMovie(admin)).id;
    expect(
      (await admin.get(`/api/admin/movies/${other}/episodes/${episodeId}/subtitles`)).statusCode,
    ).toBe(404);
    expect(
      (await admin.get(`/api/admin/movies/${movieId}/episodes/abc/subtitles`)).statusCode,
    ).toBe(422);
  });

  it('names each bad field', async () => {
    expectInvalid(
      await upload(admin, { language: 'Vietnamese', label: 'Việt' }, ['a.srt', SRT]),
      'language',
    );
    expectInvalid(await upload(admin, { language: 'vi', label: '' }, ['a.srt', SRT]), 'label');
    expectInvalid(
      await upload(admin, { language: 'vi', label: 'x'.repeat(41) }, ['a.srt', SRT]),
      'label',
    );
    expectInvalid(await upload(admin, { language: 'vi', label: 'Việt' }), 'file');
    expectInvalid(
      await upload(admin, { language: 'vi', label: 'Việt', colour: 'red' }, ['a.srt', SRT]),
      'colour',
    );
    // A NUL cannot be stored in PostgreSQL text (it was a 500).
    expectInvalid(
      await upload(admin, { language: 'vi', label: 'Vi\u0000t' }, ['a.srt', SRT]),
      'label',
    );
  });

  it('names the file when the form cannot be read (these were 500s)', async () => {
    for (const { body, ...headers } of BROKEN_FORMS)
      expectInvalid(await admin.request('POST', base, body, { headers }), 'file');
  });

  it('refuses a file that is not a subtitle, saying which file and why, and keeps nothing', async () => {
    const response = await upload(admin, { language: 'vi', label: 'Việt' }, ['notes.srt', 'hello']);
    expectInvalid(response, 'file');
    expect(response.json().error.fields.file).toBe(
      'notes.srt: No subtitle lines were found in the file.',
    );
    const wrongType = await upload(admin, { language: 'vi', label: 'Việt' }, ['movie.mp4', SRT]);
    expect(wrongType.json().error.fields.file).toMatch(/\.vtt or \.srt/);
    expect(fs.existsSync(path.join(t.dataDir, 'storage', 'subtitles'))).toBe(false);
    expect((await admin.get(base)).json().data).toEqual([]);
  });

  it('refuses a file over 2 MB', async () => {
    const big = `${SRT}\n${'x'.repeat(2 * 1024 * 1024)}`;
    expectInvalid(await upload(admin, { language: 'vi', label: 'Việt' }, ['big.srt', big]), 'file');
  });
});

describe('subtitles', () => {
  it('stores an .srt as WebVTT, lists several in order, serves them, and deletes one with its file', async () => {
    const vi = await upload(admin, { language: 'vi', label: 'Tiếng Việt' }, ['Tap 1.srt', SRT]);
    expect(vi.statusCode, vi.body).toBe(201);
    const subtitle = vi.json().subtitle;
    expect(subtitle).toMatchObject({ language: 'vi', label: 'Tiếng Việt', episode_id: episodeId });
    expect(subtitle.url).toMatch(/^\/storage\/subtitles\/\d+\/[0-9a-f]{24}\.vtt$/);
    const file = path.join(t.dataDir, subtitle.url);
    expect(fs.readFileSync(file, 'utf8')).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nXin chào\n',
    );

    const en = await upload(admin, { language: 'en', label: 'English' }, [
      'ep1.vtt',
      'WEBVTT\n\n00:01.000 --> 00:02.000\nHello\n',
    ]);
    expect(en.statusCode, en.body).toBe(201);
    expect((await admin.get(base)).json().data.map((s: { label: string }) => s.label)).toEqual([
      'Tiếng Việt',
      'English',
    ]);

    const served = await t.app.inject({ method: 'GET', url: subtitle.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^text\/vtt/);

    expect((await admin.delete(`${base}/${subtitle.id}`)).statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect((await admin.get(base)).json().data.map((s: { label: string }) => s.label)).toEqual([
      'English',
    ]);
    expect((await admin.delete(`${base}/${subtitle.id}`)).statusCode).toBe(404);
  });
});

describe('clean-up', () => {
  it('sweeps the files of deleted episodes and of lost uploads, and keeps what is in use', async () => {
    const server = await createServer(admin, { id: movieId }, { name: 'Thuyết minh' });
    const kept = (await createEpisode(admin, { id: movieId }, { server_id: server.id })).id;
    const gone = (await createEpisode(admin, { id: movieId }, { server_id: server.id })).id;
    const uploadTo = async (id: number) =>
      (
        await admin.multipart('POST', `/api/admin/movies/${movieId}/episodes/${id}/subtitles`, {
          language: 'vi',
          label: 'Việt',
          file: { name: 'a.srt', data: Buffer.from(SRT), type: 'text/plain' },
        })
      ).json().subtitle.url as string;
    const keptFile = path.join(t.dataDir, await uploadTo(kept));
    const goneFile = path.join(t.dataDir, await uploadTo(gone));
    // A file whose row never came (the server stopped in between), and one being written right now.
    const lost = path.join(path.dirname(keptFile), 'lost.vtt');
    const fresh = path.join(path.dirname(keptFile), 'fresh.vtt');
    fs.writeFileSync(lost, 'WEBVTT\n');
    fs.writeFileSync(fresh, 'WEBVTT\n');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const file of [keptFile, goneFile, lost]) fs.utimesSync(file, hourAgo, hourAgo);

    expect((await admin.delete(`/api/admin/movies/${movieId}/episodes/${gone}`)).statusCode).toBe(
      200,
    );
    expect(fs.existsSync(goneFile)).toBe(true); // the rows went by cascade, the file is still there

    const swept = await t.app.services.subtitles.sweepOrphans();
    expect(swept.removed).toBe(2);
    expect(fs.existsSync(path.dirname(goneFile))).toBe(false);
    expect(fs.existsSync(lost)).toBe(false);
    expect(fs.existsSync(keptFile)).toBe(true);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/storage/${path.relative(path.join(t.dataDir, 'storage'), keptFile)}`,
        })
      ).statusCode,
    ).toBe(200);
  });
});
