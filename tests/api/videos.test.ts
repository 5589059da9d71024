// The video pipeline through the real HTTP stack: resumable tus uploads (a cut-off upload resumes byte-exact, a
// text file posing as .mp4 is refused and leaves nothing), transcoding by the pg-boss worker to an HLS ladder no
// taller than the source, /storage/ serving it, cancel and retry, the trash (restore, purge, delete forever) and
// the admin-only video API.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { episodes, videos } from '#server/db/schema/index.ts';
import type { DomainEvents } from '#server/events.ts';
import { makeTestClip } from '#tests/media-utils.ts';
import { waitFor } from '#tests/wait-utils.ts';
import { createEpisode, createMovie, createUser } from '#tests/factories.ts';
import { Client, signInFirstAdmin } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp({ env: { VIDEO_MAX_UPLOAD_BYTES: 2 ** 50 } });
let admin: Client;
let base: string;
let clip: Buffer;
let silentClip: Buffer;
const seen: Array<{ name: keyof DomainEvents; payload: unknown }> = [];

/** A test clip: testsrc picture, a sine tone unless `silent`. */
async function makeClip(file: string, size: string, seconds: number, silent = false) {
  await makeTestClip(file, { size, seconds, silent });
  return fs.readFile(file);
}

beforeAll(async () => {
  // The largest limit the configuration allows, so that a declared size can exceed the free disk space.
  admin = await signInFirstAdmin(t.app);
  await admin.csrf();
  for (const name of ['video.progress', 'video.ready', 'video.failed'] as const)
    t.app.services.events.on(name, (payload) => seen.push({ name, payload }));
  await t.app.services.jobs.start({ workers: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  clip = await makeClip(path.join(t.dataDir, 'clip.mp4'), '854x480', 6);
  silentClip = await makeClip(path.join(t.dataDir, 'silent.mp4'), '426x240', 20, true);
}, 120_000);

/** Headers of the signed-in admin in cookie mode, as a browser's tus client sends them. */
const adminHeaders = () => ({
  cookie: admin.cookieHeader(),
  'x-xsrf-token': decodeURIComponent(admin.jar.get('XSRF-TOKEN') ?? ''),
  'tus-resumable': '1.0.0',
});

const b64 = (text: string) => Buffer.from(text).toString('base64');

async function tusCreate(size: number, filename?: string, headers = adminHeaders()) {
  return fetch(`${base}/api/admin/videos/uploads`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(size),
      ...(filename ? { 'upload-metadata': `filename ${b64(filename)}` } : {}),
    },
  });
}

async function tusPatch(location: string, offset: number, body: Buffer) {
  return fetch(`${base}${location}`, {
    method: 'PATCH',
    headers: {
      ...adminHeaders(),
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
    },
    body: new Uint8Array(body),
  });
}

async function tusOffset(location: string) {
  const response = await fetch(`${base}${location}`, { method: 'HEAD', headers: adminHeaders() });
  expect(response.status).toBe(200);
  return Number(response.headers.get('upload-offset'));
}

/** Uploads a whole file in one PATCH; answers the finishing response and the video id. */
async function upload(data: Buffer, filename: string) {
  const created = await tusCreate(data.length, filename);
  expect(created.status, await created.clone().text()).toBe(201);
  const location = created.headers.get('location')!;
  const finished = await tusPatch(location, 0, data);
  return { finished, location, videoId: Number(created.headers.get('phim-video-id')) };
}

const video = async (id: number) => (await admin.get(`/api/admin/videos/${id}`)).json().video;
const waitForStatus = (id: number, status: string) =>
  waitFor(async () => {
    const current = await video(id);
    return current.status === status ? current : undefined;
  });
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

let readyId: number;

describe('access', () => {
  it('is for admins only, and ids are checked', async () => {
    const { client: viewer } = await createUser(t.app);
    const guest = new Client(t.app);
    expect((await guest.get('/api/admin/videos')).statusCode).toBe(401);
    expect((await guest.get('/api/admin/videos/trash')).statusCode).toBe(401);
    expect((await viewer.get('/api/admin/videos')).statusCode).toBe(403);
    expect((await viewer.patch('/api/admin/videos/1', { name: 'x' })).statusCode).toBe(403);
    expect((await viewer.delete('/api/admin/videos/trash')).statusCode).toBe(403);
    // tus too: no session, a viewer's session, and an admin without the CSRF header.
    expect((await tusCreate(10, 'a.mp4', { 'tus-resumable': '1.0.0' } as never)).status).toBe(401);
    await viewer.csrf();
    const viewerHeaders = {
      cookie: viewer.cookieHeader(),
      'x-xsrf-token': decodeURIComponent(viewer.jar.get('XSRF-TOKEN') ?? ''),
      'tus-resumable': '1.0.0',
    };
    expect((await tusCreate(10, 'a.mp4', viewerHeaders)).status).toBe(403);
    const { 'x-xsrf-token': _dropped, ...noCsrf } = adminHeaders();
    expect((await tusCreate(10, 'a.mp4', noCsrf as never)).status).toBe(419);
    expect((await admin.get('/api/admin/videos/abc')).statusCode).toBe(422);
    expect((await admin.get('/api/admin/videos/999999')).statusCode).toBe(404);
    expect((await admin.post('/api/admin/videos/999999/retry')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/videos?status=done')).statusCode).toBe(422);
    expect((await admin.patch('/api/admin/videos/999999', { name: '' })).statusCode).toBe(422);
    // Nothing was created by the refused requests.
    expect((await admin.get('/api/admin/videos')).json().meta.total).toBe(0);
  });
});

describe('uploads', () => {
  it('are refused before the first byte when too large or larger than the free disk space', async () => {
    const tooLarge = await tusCreate(2 ** 50 + 1, 'huge.mkv');
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error.message).toMatch(/largest video this site accepts/);
    const stats = await fs.statfs(t.dataDir);
    const noRoom = await tusCreate(stats.bavail * stats.bsize + 1, 'big.mkv');
    expect(noRoom.status).toBe(507);
    expect((await noRoom.json()).error.message).toMatch(/free/);
    const unnamed = await tusCreate(100);
    expect(unnamed.status).toBe(422);
    // The name becomes the video's: a NUL, which PostgreSQL text cannot hold, was a 500.
    const nul = await tusCreate(100, 'a\u0000b.mp4');
    expect(nul.status).toBe(422);
    expect((await nul.json()).error.fields).toHaveProperty('filename');
    // Parallel uploads cannot be joined here: tus answered 501 Not Implemented.
    const partial = await tusCreate(100, 'part.mp4', {
      ...adminHeaders(),
      'upload-concat': 'partial',
    } as never);
    expect(partial.status).toBe(422);
    expect((await partial.json()).error.fields).toHaveProperty('Upload-Concat');
    expect((await admin.get('/api/admin/videos')).json().meta.total).toBe(0);
  });

  it('resume after being cut off half-way and end byte-identical', async () => {
    const created = await tusCreate(clip.length, 'Tập 1 – Người Nhện.mp4');
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const videoId = Number(created.headers.get('phim-video-id'));
    expect(location).toMatch(/^\/api\/admin\/videos\/uploads\/\d+-[a-f0-9]+$/);
    expect((await video(videoId)).status).toBe('uploading');

    // The connection drops after half of the file: the request declared it all, sent half, and died.
    const half = Math.floor(clip.length / 2);
    await new Promise<void>((resolve) => {
      const request = http.request(`${base}${location}`, {
        method: 'PATCH',
        headers: {
          ...adminHeaders(),
          'content-type': 'application/offset+octet-stream',
          'upload-offset': '0',
          'content-length': String(clip.length),
        },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(clip.subarray(0, half), () => {
        setTimeout(() => request.destroy(), 500);
      });
    });
    const offset = await waitFor(async () => {
      const value = await tusOffset(location);
      return value > 0 ? value : undefined;
    }, 10_000);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(clip.length);

    const finished = await tusPatch(location, offset, clip.subarray(offset));
    expect(finished.status, await finished.clone().text()).toBe(204);
    expect(Number(finished.headers.get('phim-video-id'))).toBe(videoId);
    const original = await fs.readFile(t.app.services.videoFiles.original(videoId));
    expect(sha256(original)).toBe(sha256(clip));
    const row = await video(videoId);
    expect(row).toMatchObject({
      name: 'Tập 1 – Người Nhện',
      original_filename: 'Tập 1 – Người Nhện.mp4',
      size: clip.length,
      width: 854,
      height: 480,
      codecs: { video: 'h264', audio: 'aac' },
    });
    expect(['queued', 'processing', 'ready']).toContain(row.status);
    readyId = videoId;
  });

  it('refuse a text file renamed .mp4, naming it and why, and leave nothing behind', async () => {
    const text = Buffer.from('These are my notes, not a film.\n'.repeat(200));
    const { finished, videoId } = await upload(text, 'notes.mp4');
    expect(finished.status).toBe(422);
    const message = (await finished.json()).error.message as string;
    expect(message).toContain('notes.mp4');
    expect(message).toMatch(/not a video/);
    const row = await video(videoId);
    expect(row.status).toBe('failed');
    expect(row.failure_reason).toContain('notes.mp4');
    // The back office offers no Retry for it.
    expect(row.can_retry).toBe(false);
    const files = t.app.services.videoFiles;
    expect(await exists(files.original(videoId))).toBe(false);
    expect(await exists(files.publicDir(videoId))).toBe(false);
    const left = await fs.readdir(files.uploadsDir);
    expect(left.filter((name) => name.startsWith(`${videoId}-`))).toEqual([]);
    // Retrying has nothing to work from.
    expect((await admin.post(`/api/admin/videos/${videoId}/retry`)).json().error.code).toBe(
      'no_original',
    );
  });
});

describe('transcoding', () => {
  it('writes a ladder no taller than the source, every segment it names, a poster and a storyboard', async () => {
    const ready = await waitForStatus(readyId, 'ready');
    expect(ready.progress).toBe(100);
    expect(ready.renditions.map((r: { name: string }) => r.name)).toEqual(['480p', '360p']);
    expect(seen).toContainEqual({ name: 'video.ready', payload: { videoId: readyId } });
    expect(seen.some((e) => e.name === 'video.progress')).toBe(true);

    const master = await get(ready.master_url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const streams = master.body.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF'));
    expect(streams).toHaveLength(2);
    for (const line of streams) {
      expect(line).toMatch(/BANDWIDTH=\d+/);
      expect(line).toMatch(/CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"/);
      const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)![1]);
      expect(height).toBeLessThanOrEqual(480);
    }
    const folder = ready.master_url.replace(/master\.m3u8$/, '');
    let segments = 0;
    for (const rendition of ready.renditions as Array<{ playlist: string }>) {
      const playlist = await get(folder + rendition.playlist);
      expect(playlist.statusCode).toBe(200);
      const dir = folder + rendition.playlist.replace(/[^/]+$/, '');
      const named = [
        ...Array.from(playlist.body.matchAll(/#EXT-X-MAP:URI="([^"]+)"/g), (m) => m[1]!),
        ...playlist.body.split('\n').filter((line) => line && !line.startsWith('#')),
      ];
      expect(named.length).toBeGreaterThan(1);
      for (const name of named) {
        const segment = await get(dir + name);
        expect(segment.statusCode, dir + name).toBe(200);
        expect(segment.headers['content-type']).toMatch(/^video\//);
        segments += 1;
      }
    }
    expect(segments).toBeGreaterThanOrEqual(4);

    const poster = await get(ready.poster_url);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const vtt = await get(ready.storyboard_url);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toContain('00:00:00.000 --> 00:00:06.000\nsprite_001.jpg#xywh=0,0,160,90');
    expect((await get(folder + 'sprite_001.jpg')).statusCode).toBe(200);
    // Nothing is left in the work folder.
    expect(await exists(t.app.services.videoFiles.workDir(readyId))).toBe(false);
  });

  it('serve ranges, ETags and Last-Modified, and refuse to leave the storage root', async () => {
    const ready = await video(readyId);
    const url = ready.master_url.replace('master.m3u8', '480p/seg_00000.m4s');
    const whole = await get(url);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['last-modified']).toBeTruthy();
    const part = await get(url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${whole.rawPayload.length}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
    const suffix = await get(url, { range: 'bytes=-10' });
    expect(suffix.rawPayload).toEqual(whole.rawPayload.subarray(-10));
    expect((await get(url, { range: `bytes=${whole.rawPayload.length}-` })).statusCode).toBe(416);
    expect((await get(url, { 'if-none-match': String(whole.headers.etag) })).statusCode).toBe(304);
    expect(
      (await get(url, { 'if-modified-since': String(whole.headers['last-modified']) })).statusCode,
    ).toBe(304);
    for (const bad of [
      '/storage/../secrets.json',
      '/storage/%2e%2e/secrets.json',
      '/storage/videos/..%2f..%2fsecrets.json',
      '/storage/.hidden',
    ])
      expect((await get(bad)).statusCode, bad).toBe(404);
  });

  it('can be cancelled and retried; a source without audio gets a silent ladder', async () => {
    const { finished, videoId } = await upload(silentClip, 'silent.mp4');
    expect(finished.status).toBe(204);
    await waitForStatus(videoId, 'processing');
    const cancelled = await admin.post(`/api/admin/videos/${videoId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().video).toMatchObject({
      status: 'failed',
      failure_reason: 'Cancelled by an admin.',
      // Its original is kept: a retry can work.
      can_retry: true,
    });
    expect(seen).toContainEqual({
      name: 'video.failed',
      payload: { videoId, reason: 'Cancelled by an admin.' },
    });
    expect((await admin.post(`/api/admin/videos/${videoId}/cancel`)).statusCode).toBe(409);
    const files = t.app.services.videoFiles;
    await waitFor(async () => ((await exists(files.workDir(videoId))) ? undefined : true), 10_000);
    expect(await exists(files.publicDir(videoId))).toBe(false);

    const retried = await admin.post(`/api/admin/videos/${videoId}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().video.status).toBe('queued');
    const ready = await waitForStatus(videoId, 'ready');
    expect(ready.renditions).toHaveLength(1);
    expect(ready.renditions[0]).toMatchObject({ name: '240p', height: 240 });
    expect(ready.renditions[0].codecs).not.toContain('mp4a');
    expect((await admin.post(`/api/admin/videos/${videoId}/retry`)).statusCode).toBe(409);
  }, 180_000);
});

describe('the video list', () => {
  it('searches without diacritics, filters by status, sorts and pages', async () => {
    const names = async (query: string) =>
      (await admin.get(`/api/admin/videos?${query}`))
        .json()
        .data.map((v: { name: string }) => v.name);
    expect(await names('search=nguoi nhen')).toEqual(['Tập 1 – Người Nhện']);
    expect(await names('status=failed')).toEqual(['notes']);
    expect(await names('sort=name&order=asc')).toEqual(['notes', 'silent', 'Tập 1 – Người Nhện']);
    const page = (await admin.get('/api/admin/videos?per_page=2&page=2')).json();
    expect(page.meta).toMatchObject({ page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(page.data).toHaveLength(1);
    const renamed = await admin.patch(`/api/admin/videos/${readyId}`, { name: '  Tập 1  ' });
    expect(renamed.json().video.name).toBe('Tập 1');
  });
});

describe('the trash', () => {
  it('warns about episodes, hides the files, restores, purges and deletes exactly what a video owns', async () => {
    const files = t.app.services.videoFiles;
    const movie = await createMovie(admin, { title: 'Người Nhện' });
    const episode = await createEpisode(admin, movie, {
      name: 'Tập 1',
      source_type: 'video',
      video_id: readyId,
    });
    const listed = (await admin.get('/api/admin/videos?search=tap 1')).json().data[0];
    expect(listed.episodes).toEqual([
      {
        id: episode!.id,
        name: 'Tập 1',
        ep: 'tap-1',
        movie_id: movie!.id,
        movie_title: 'Người Nhện',
      },
    ]);
    const ready = await video(readyId);
    expect((await get(ready.master_url)).statusCode).toBe(200);

    const refused = await admin.delete(`/api/admin/videos/${readyId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'video_in_use' });
    expect(refused.json().error.message).toContain('Người Nhện – Tập 1');

    const trashed = await admin.delete(`/api/admin/videos/${readyId}?force=1`);
    expect(trashed.statusCode).toBe(200);
    expect(trashed.json().video.deleted_at).toBeTruthy();
    expect((await get(ready.master_url)).statusCode).toBe(404);
    expect((await get(ready.poster_url)).statusCode).toBe(404);
    expect((await admin.get('/api/admin/videos?search=tap 1')).json().data).toEqual([]);
    const trash = (await admin.get('/api/admin/videos/trash')).json().data;
    expect(trash.map((v: { id: number }) => v.id)).toEqual([readyId]);
    const purgeAt = Date.parse(trash[0].purge_at) - Date.parse(trash[0].deleted_at);
    expect(purgeAt).toBe(30 * 24 * 60 * 60 * 1000);

    const restored = await admin.post(`/api/admin/videos/${readyId}/restore`);
    expect(restored.json().video.deleted_at).toBeNull();
    expect((await get(ready.master_url)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/videos/${readyId}/restore`)).statusCode).toBe(409);

    // Two videos in the trash: one deleted 31 days ago, one just now. The purge takes only the first.
    const silent = (await admin.get('/api/admin/videos?search=silent')).json().data[0];
    await admin.delete(`/api/admin/videos/${readyId}?force=1`);
    await admin.delete(`/api/admin/videos/${silent.id}`);
    await t.db
      .update(videos)
      .set({ deletedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(videos.id, readyId));
    expect(await exists(files.trashDir(readyId))).toBe(true);
    expect(await exists(files.original(readyId))).toBe(true);
    expect(await t.app.services.videos.purgeTrash()).toBe(1);
    expect(await exists(files.trashDir(readyId))).toBe(false);
    expect(await exists(files.publicDir(readyId))).toBe(false);
    expect(await exists(files.original(readyId))).toBe(false);
    expect((await admin.get(`/api/admin/videos/${readyId}`)).statusCode).toBe(404);
    const [unlinked] = await t.db.select().from(episodes).where(eq(episodes.id, episode!.id));
    expect(unlinked!.videoId).toBeNull();
    // The other one is untouched.
    expect(await exists(files.trashDir(silent.id))).toBe(true);
    expect(await exists(files.original(silent.id))).toBe(true);

    // Delete forever: only from the trash, and it takes every file.
    const notes = (await admin.get('/api/admin/videos?status=failed')).json().data[0];
    expect((await admin.delete(`/api/admin/videos/trash/${notes.id}`)).statusCode).toBe(409);
    expect((await admin.delete(`/api/admin/videos/trash/${silent.id}`)).json()).toEqual({
      ok: true,
    });
    expect(await exists(files.trashDir(silent.id))).toBe(false);
    expect(await exists(files.original(silent.id))).toBe(false);

    // Empty trash also takes an unfinished upload's bytes.
    const created = await tusCreate(clip.length, 'half.mp4');
    const partial = Number(created.headers.get('phim-video-id'));
    await tusPatch(created.headers.get('location')!, 0, clip.subarray(0, 1000)).catch(() => {});
    await admin.delete(`/api/admin/videos/${notes.id}`);
    await admin.delete(`/api/admin/videos/${partial}`);
    expect((await admin.delete('/api/admin/videos/trash')).json()).toEqual({ deleted: 2 });
    expect((await admin.get('/api/admin/videos/trash')).json().data).toEqual([]);
    const leftovers = await fs.readdir(files.uploadsDir);
    expect(leftovers.filter((name) => name.startsWith(`${partial}-`))).toEqual([]);
  }, 60_000);

  it('cleans uploads nobody finished for a day, and only those', async () => {
    const files = t.app.services.videoFiles;
    const start = async (name: string) => {
      const created = await tusCreate(clip.length, name);
      const location = created.headers.get('location')!;
      expect((await tusPatch(location, 0, clip.subarray(0, 2000))).status).toBe(204);
      return {
        id: Number(created.headers.get('phim-video-id')),
        uploadId: location.split('/').pop()!,
      };
    };
    const old = await start('old.mp4');
    const fresh = await start('fresh.mp4');
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await fs.utimes(files.upload(old.uploadId), dayAgo, dayAgo);
    await t.db.update(videos).set({ createdAt: dayAgo }).where(eq(videos.id, old.id));
    expect(await t.app.services.videos.cleanStaleUploads()).toBe(1);
    expect(await exists(files.upload(old.uploadId))).toBe(false);
    expect((await admin.get(`/api/admin/videos/${old.id}`)).statusCode).toBe(404);
    expect(await exists(files.upload(fresh.uploadId))).toBe(true);
    expect(await tusOffset(`/api/admin/videos/uploads/${fresh.uploadId}`)).toBe(2000);
    // Only ids the server made name a file.
    for (const bad of ['..%2F..%2Fsecrets.json', '1-zz', `${fresh.uploadId}.json`]) {
      const response = await fetch(`${base}/api/admin/videos/uploads/${bad}`, {
        method: 'HEAD',
        headers: adminHeaders(),
      });
      expect(response.status, bad).toBe(404);
    }
  });
});

describe('a transcode whose process died', () => {
  it('is found by the watchdog and starts over cleanly from a fresh folder', async () => {
    const files = t.app.services.videoFiles;
    const { finished, videoId } = await upload(clip, 'crash.mp4');
    expect(finished.status).toBe(204);
    const first = await waitForStatus(videoId, 'ready');
    // As a `kill -9` leaves it: processing, a heartbeat long gone, a job nobody runs, half-written output.
    await t.db
      .update(videos)
      .set({
        status: 'processing',
        progress: 42,
        jobId: crypto.randomUUID(),
        heartbeatAt: new Date(Date.now() - 5 * 60 * 1000),
      })
      .where(eq(videos.id, videoId));
    await fs.mkdir(path.join(files.workDir(videoId), 'dead'), { recursive: true });
    await fs.writeFile(path.join(files.workDir(videoId), 'dead', 'seg_00000.m4s'), 'half');
    const lost = await t.app.services.transcoder.findLost((id) =>
      t.app.services.videos.queueTranscode(id),
    );
    expect(lost).toBe(1);
    const again = await waitForStatus(videoId, 'ready');
    expect(again.master_url).not.toBe(first.master_url);
    expect((await get(again.master_url)).statusCode).toBe(200);
    // The dead run's leftovers are gone by the time it reads as ready; the earlier output goes right after the
    // row points at the new one.
    expect(await exists(files.workDir(videoId))).toBe(false);
    await expect.poll(async () => (await get(first.master_url)).statusCode).toBe(404);
    await expect.poll(async () => (await fs.readdir(files.publicDir(videoId))).length).toBe(1);
  }, 120_000);
});

describe('the OpenAPI document', () => {
  it('lists the video endpoints', async () => {
    const paths = Object.keys((await get('/api/openapi.json')).json().paths);
    for (const path of [
      '/api/admin/videos',
      '/api/admin/videos/trash',
      '/api/admin/videos/{id}',
      '/api/admin/videos/{id}/retry',
      '/api/admin/videos/{id}/cancel',
      '/api/admin/videos/{id}/restore',
      '/api/admin/videos/trash/{id}',
      '/api/admin/videos/uploads',
    ])
      expect(paths).toContain(path);
  });
});
