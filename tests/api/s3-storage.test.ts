// STORAGE_DRIVER=s3 end to end against a real S3-protocol server (s3rver) on loopback (decision 055): a 40 MB tus
// upload goes to the bucket as a multipart upload, is transcoded from the bucket to the bucket and plays from the
// URLs the API gives (Range reads included); the trash moves it out of the public prefix and purging deletes every
// object; images, Local Files and subtitles live in the bucket; /storage/ redirects; nothing lands in DATA_DIR.
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaStorage } from '#server/media/storage.ts';
import { seedDemo } from '#server/demo/seed.ts';
import { contentSecurityPolicy } from '#server/http/security.ts';
import { createEpisode, createMovie, createServer } from '#tests/factories.ts';
import { solidImage } from '#tests/image-utils.ts';
import { startS3, type TestS3 } from '#tests/s3-utils.ts';
import { waitFor } from '#tests/wait-utils.ts';
import { signInFirstAdmin, type Client } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

const env: Record<string, string | number> = { VIDEO_MAX_UPLOAD_BYTES: 1024 ** 3 };
let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
  Object.assign(env, s3.env);
});
// Registered first, so it runs last: after the app is closed.
afterAll(async () => {
  await s3?.stop();
});
const t = withTestApp({ env });

let admin: Client;
let base: string;
let storage: MediaStorage;
let big: Buffer;
let videoId: number;
let bucketBase: string;

const sha256 = (data: Buffer | Uint8Array) =>
  crypto.createHash('sha256').update(data).digest('hex');
const keysUnder = async (prefix: string) => {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys;
};
/** Files under DATA_DIR's media folders: with S3 there must be none. */
async function localMedia() {
  const found: string[] = [];
  for (const folder of ['storage', 'originals', 'trash', 'uploads']) {
    const entries = await fs
      .readdir(path.join(t.dataDir, folder), { recursive: true, withFileTypes: true })
      .catch(() => []);
    for (const entry of entries) if (entry.isFile()) found.push(`${folder}/${entry.name}`);
  }
  return found;
}

const adminHeaders = () => ({
  cookie: admin.cookieHeader(),
  'x-xsrf-token': decodeURIComponent(admin.jar.get('XSRF-TOKEN') ?? ''),
  'tus-resumable': '1.0.0',
});
const video = async (id: number) => (await admin.get(`/api/admin/videos/${id}`)).json().video;

beforeAll(async () => {
  admin = await signInFirstAdmin(t.app);
  await admin.csrf();
  await t.app.services.jobs.start({ workers: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  storage = t.app.services.storage;
  bucketBase = `${s3.settings.endpoint}/${s3.settings.bucket}`;
  // Lossless noise compresses badly: 4 s of 360p are about 40 MB, five S3 parts of 8 MB.
  const file = path.join(t.dataDir, '..', `phim-s3-clip-${process.pid}.mp4`);
  await promisify(execFile)('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-vf', 'noise=alls=60:allf=t'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', file],
  ]);
  big = await fs.readFile(file);
  await fs.rm(file);
}, 120_000);

describe('with STORAGE_DRIVER=s3', () => {
  it('takes a 40 MB resumable upload as an S3 multipart upload, byte-exact in the bucket', async () => {
    expect(storage.driver).toBe('s3');
    expect(big.length).toBeGreaterThan(30 * 1024 * 1024);
    const created = await fetch(`${base}/api/admin/videos/uploads`, {
      method: 'POST',
      headers: {
        ...adminHeaders(),
        'upload-length': String(big.length),
        'upload-metadata': `filename ${Buffer.from('noise.mp4').toString('base64')}`,
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;
    videoId = Number(created.headers.get('phim-video-id'));
    const patch = (offset: number, body: Buffer) =>
      fetch(`${base}${location}`, {
        method: 'PATCH',
        headers: {
          ...adminHeaders(),
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
        },
        body: new Uint8Array(body),
      });
    // Three PATCHes, as a client resuming after a cut: the offset is read back from S3 in between.
    const cuts = [0, 17 * 1024 * 1024, 29 * 1024 * 1024, big.length];
    for (let index = 0; index < 3; index += 1) {
      const response = await patch(cuts[index]!, big.subarray(cuts[index], cuts[index + 1]));
      expect(response.status, await response.clone().text()).toBe(204);
      const head = await fetch(`${base}${location}`, { method: 'HEAD', headers: adminHeaders() });
      expect(Number(head.headers.get('upload-offset'))).toBe(cuts[index + 1]);
    }
    const original = await storage.get(`originals/${videoId}`);
    expect(original!.length).toBe(big.length);
    expect(sha256(original!)).toBe(sha256(big));
    // The upload's objects went once it became the original; nothing was written to the local disk.
    expect(await keysUnder('uploads/')).toEqual([]);
    expect(await localMedia()).toEqual([]);
  }, 120_000);

  it('transcodes from the bucket to the bucket, and plays from the URLs the API gives', async () => {
    const ready = await waitFor(async () => {
      const current = await video(videoId);
      if (current.status === 'failed') throw new Error(current.failure_reason);
      return current.status === 'ready' ? current : undefined;
    }, 180_000);
    expect(ready.master_url).toMatch(
      new RegExp(`^${bucketBase}/storage/videos/${videoId}/[a-f0-9]+/master\\.m3u8$`),
    );
    expect(ready.poster_url).toMatch(/\/poster\.jpg$/);
    const master = await fetch(ready.master_url);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const variant = new URL(
      (await master.text()).split('\n').find((line) => line.endsWith('.m3u8'))!,
      ready.master_url,
    );
    const playlist = await (await fetch(variant)).text();
    const segment = new URL(
      playlist.split('\n').find((line) => /\.m4s$/.test(line))!,
      variant,
    );
    const segmentAnswer = await fetch(segment);
    // Kept by browsers and a CDN for a year: a new transcode writes a new revision's folder.
    expect(segmentAnswer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const whole = Buffer.from(await segmentAnswer.arrayBuffer());
    expect(whole.length).toBeGreaterThan(1000);
    const part = await fetch(segment, { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(100, 1100));
    // The watch page plays it from the bucket too (its player source, poster and the playlist preload).
    const movie = await createMovie(admin, { title: 'Phim Trên S3', published: true });
    const server = await createServer(admin, movie);
    const episode = await admin.post(`/api/admin/movies/${movie.id}/episodes`, {
      server_id: server.id,
      name: 'Tập 1',
      source_type: 'video',
      video_id: videoId,
    });
    expect(episode.statusCode, episode.body).toBe(201);
    const watched = await t.app.services.watch.episodePage(movie.slug, episode.json().episode.ep);
    expect(watched?.episode).toMatchObject({
      source_url: ready.master_url,
      poster: ready.poster_url,
    });
    const poster = await fetch(ready.poster_url);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    // A stored /storage/ path (what the database keeps) redirects to the bucket; nothing is served locally.
    const pathOnSite = new URL(ready.master_url).pathname.replace(`/${s3.settings.bucket}`, '');
    const redirect = await t.app.inject({ method: 'GET', url: pathOnSite });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(ready.master_url);
    expect(await localMedia()).toEqual([]);
    expect(await fs.readdir(path.join(t.dataDir, 'work', 'transcode')).catch(() => [])).toEqual([]);
  }, 200_000);

  it('moves a trashed video out of the public prefix, and deletes every object when the trash is purged', async () => {
    const ready = await video(videoId);
    const published = await keysUnder(`storage/videos/${videoId}/`);
    expect(published.length).toBeGreaterThan(5);
    expect((await admin.delete(`/api/admin/videos/${videoId}?force=1`)).statusCode).toBe(200);
    expect(await keysUnder(`storage/videos/${videoId}/`)).toEqual([]);
    expect((await keysUnder(`trash/videos/${videoId}/`)).length).toBe(published.length);
    expect((await fetch(ready.master_url)).ok).toBe(false);
    expect((await admin.post(`/api/admin/videos/${videoId}/restore`, {})).statusCode).toBe(200);
    expect((await fetch(ready.master_url)).status).toBe(200);
    expect((await admin.delete(`/api/admin/videos/${videoId}?force=1`)).statusCode).toBe(200);
    // Past the retention, the scheduled purge takes the objects with the row.
    const later = new Date(Date.now() + 400 * 24 * 60 * 60 * 1000);
    expect(await t.app.services.videos.purgeTrash(later)).toBe(1);
    for (const prefix of [`storage/videos/${videoId}/`, `trash/videos/${videoId}/`])
      expect(await keysUnder(prefix)).toEqual([]);
    expect(await storage.stat(`originals/${videoId}`)).toBeNull();
  });

  it('keeps uploaded images in the bucket; /_img resizes them and /storage/ redirects', async () => {
    const upload = await admin.multipart('POST', '/api/admin/uploads/image', {
      image: {
        data: await solidImage('png', 800, 400, '#1e293b'),
        name: 'p.png',
        type: 'image/png',
      },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const stored: string = upload.json().path;
    expect(stored).toMatch(/^\/storage\/uploads\/\d{4}\/\d{2}\/[a-f0-9]+\.webp$/);
    expect(await storage.stat(stored.slice(1))).not.toBeNull();
    const resized = await t.app.inject({ method: 'GET', url: `/_img?src=${stored}&w=160` });
    expect(resized.statusCode).toBe(200);
    expect(resized.headers['content-type']).toBe('image/webp');
    const redirect = await t.app.inject({ method: 'GET', url: stored });
    expect(redirect.statusCode).toBe(302);
    const direct = await fetch(redirect.headers.location as string);
    expect(direct.headers.get('content-type')).toBe('image/webp');
    expect(
      (await t.app.inject({ method: 'GET', url: '/storage/../secrets.json' })).statusCode,
    ).toBe(404);
    expect(await localMedia()).toEqual([]);
  });

  it('runs Local Files on the bucket: upload, folders, move, delete', async () => {
    const png = await solidImage('png', 300, 200, '#0f766e');
    const boundary = '----s3files';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="Bìa.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await admin.request('POST', '/api/admin/files/upload?path=files', body, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().files[0]).toMatchObject({
      path: 'files/Bia.png',
      kind: 'image',
      width: 300,
    });
    expect(await storage.stat('storage/files/Bia.png')).not.toBeNull();
    const folder = await admin.post('/api/admin/files/folders', { path: 'files', name: 'posters' });
    expect(folder.statusCode, folder.body).toBe(201);
    const listing = await admin.get('/api/admin/files?path=files');
    expect(
      listing
        .json()
        .entries.map((entry: { name: string }) => entry.name)
        .sort(),
    ).toEqual(['Bia.png', 'posters']);
    const moved = await admin.post('/api/admin/files/move', {
      paths: ['files/Bia.png'],
      to: 'files/posters',
    });
    expect(moved.json()).toEqual({ moved: 1 });
    expect(await storage.stat('storage/files/posters/Bia.png')).not.toBeNull();
    expect(await storage.stat('storage/files/Bia.png')).toBeNull();
    // An admin's picture from Local Files is read from the bucket too.
    const avatar = await admin.put('/api/user/avatar/from-storage', {
      path: '/storage/files/posters/Bia.png',
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    const picture: string = avatar.json().user.avatar;
    expect(picture).toMatch(/^\/storage\/avatars\//);
    expect(await storage.stat(picture.slice(1))).not.toBeNull();
    const deleted = await admin.post('/api/admin/files/delete', { paths: ['files/posters'] });
    expect(deleted.json()).toEqual({ deleted: 1 });
    expect(await keysUnder('storage/files/posters/')).toEqual([]);
    expect(await localMedia()).toEqual([]);
  });

  it('keeps subtitles in the bucket and gives their bucket URL', async () => {
    const movie = await createMovie(admin);
    const episode = await createEpisode(admin, movie);
    const added = await admin.multipart(
      'POST',
      `/api/admin/movies/${movie.id}/episodes/${episode.id}/subtitles`,
      {
        language: 'vi',
        label: 'Tiếng Việt',
        file: {
          name: 'vi.srt',
          data: Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nXin chào\n'),
          type: 'text/plain',
        },
      },
    );
    expect(added.statusCode, added.body).toBe(201);
    const url: string = added.json().subtitle.url;
    expect(url.startsWith(`${bucketBase}/storage/subtitles/${episode.id}/`)).toBe(true);
    const served = await fetch(url);
    expect(served.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await served.text()).toContain('Xin chào');
    const id = added.json().subtitle.id;
    const removed = await admin.delete(
      `/api/admin/movies/${movie.id}/episodes/${episode.id}/subtitles/${id}`,
    );
    expect(removed.statusCode).toBeLessThan(300);
    expect(await keysUnder(`storage/subtitles/${episode.id}/`)).toEqual([]);
  });

  it('admits the bucket in the pages’ Content-Security-Policy', () => {
    const policy = contentSecurityPolicy({ dev: false, mediaOrigin: storage.mediaOrigin });
    for (const directive of ['img-src', 'media-src', 'connect-src'])
      expect(policy).toMatch(new RegExp(`${directive} [^;]*${s3.settings.endpoint}`));
  });

  it('seeds the demo into the bucket: posters, the sample clip and the demo videos', async () => {
    const seeded = await seedDemo(t.app, t.db, { clipSeconds: 6 });
    expect(seeded.video).toBe('created');
    await seeded.clips;
    expect(await storage.stat('storage/demo/sample/index.m3u8')).not.toBeNull();
    expect((await keysUnder('storage/uploads/')).length).toBeGreaterThan(40);
    expect(await localMedia()).toEqual([]);
  }, 180_000);

  it('refuses a backup with media: the bucket is backed up by its own means', async () => {
    const response = await admin.post('/api/admin/backups', { media: true });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('media_in_bucket');
  });
});
