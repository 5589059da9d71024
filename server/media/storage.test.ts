// The storage interface's contract (decision 055): the same list runs against the local driver (a temporary
// folder) and the S3 driver (a real S3-protocol server, s3rver, on loopback).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '#tests/s3-utils.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalStorage, keyOfStoragePath, type MediaStorage } from './storage.ts';

const text = async (stream: NodeJS.ReadableStream | null) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

let s3: TestS3;
const folders: string[] = [];
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const drivers: Array<[string, () => MediaStorage]> = [
  [
    'local',
    () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-storage-'));
      folders.push(folder);
      return createLocalStorage(folder);
    },
  ],
  ['s3', () => createS3Storage(s3.settings)],
];

describe.each(drivers)('the %s driver', (driver, make) => {
  let storage: MediaStorage;
  // Each driver gets its own part of the key space, so the S3 bucket can be shared by the list.
  const at = (key: string) => `t-${driver}/${key}`;
  beforeAll(() => {
    storage = make();
  });

  it('puts, gets and stats an object; a missing one is null', async () => {
    await storage.put(at('a/hello.txt'), 'hello');
    expect((await storage.get(at('a/hello.txt')))!.toString()).toBe('hello');
    const stat = await storage.stat(at('a/hello.txt'));
    expect(stat).toMatchObject({ key: at('a/hello.txt'), size: 5 });
    expect(stat!.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await storage.get(at('a/missing.txt'))).toBeNull();
    expect(await storage.stat(at('a/missing.txt'))).toBeNull();
    expect(await storage.stream(at('a/missing.txt'))).toBeNull();
  });

  it('reads a byte range, both ends included', async () => {
    await storage.put(at('range/digits.txt'), '0123456789');
    expect(await text(await storage.stream(at('range/digits.txt'), { start: 2, end: 5 }))).toBe(
      '2345',
    );
    expect(await text(await storage.stream(at('range/digits.txt')))).toBe('0123456789');
  });

  it('lists every object below a prefix and the direct children of a folder', async () => {
    await storage.put(at('tree/x/1.txt'), '1');
    await storage.put(at('tree/x/y/2.txt'), '22');
    await storage.put(at('tree/z.txt'), '333');
    const all = [];
    for await (const object of storage.list(at('tree/'))) all.push(object.key);
    expect(all.sort()).toEqual([at('tree/x/1.txt'), at('tree/x/y/2.txt'), at('tree/z.txt')]);
    const top = await storage.listFolder(at('tree/'));
    expect(top.folders).toEqual(['x']);
    expect(top.files.map((file) => file.key)).toEqual([at('tree/z.txt')]);
    expect(await storage.usage(at('tree/'))).toBe(6);
  });

  it('deletes one object and a whole prefix, leaving its neighbours', async () => {
    await storage.put(at('del/v/1/a.m4s'), 'a');
    await storage.put(at('del/v/1/b/c.m4s'), 'c');
    await storage.put(at('del/v/10/keep.m4s'), 'k');
    await storage.delete(at('del/v/10/missing'));
    expect(await storage.deletePrefix(at('del/v/1/'))).toBe(2);
    expect(await storage.stat(at('del/v/1/a.m4s'))).toBeNull();
    expect(await storage.stat(at('del/v/10/keep.m4s'))).not.toBeNull();
    await storage.delete(at('del/v/10/keep.m4s'));
    expect(await storage.stat(at('del/v/10/keep.m4s'))).toBeNull();
  });

  it('moves an object and a prefix', async () => {
    await storage.put(at('mv/one.txt'), 'one');
    expect(await storage.move(at('mv/one.txt'), at('mv/two.txt'))).toBe(true);
    expect(await storage.stat(at('mv/one.txt'))).toBeNull();
    expect((await storage.get(at('mv/two.txt')))!.toString()).toBe('one');
    expect(await storage.move(at('mv/none.txt'), at('mv/other.txt'))).toBe(false);

    await storage.put(at('mv/from/a/1.txt'), '1');
    await storage.put(at('mv/from/2.txt'), '2');
    await storage.put(at('mv/to/stale.txt'), 'old');
    expect(await storage.movePrefix(at('mv/from/'), at('mv/to/'))).toBe(true);
    const moved = [];
    for await (const object of storage.list(at('mv/to/'))) moved.push(object.key);
    expect(moved.sort()).toEqual([at('mv/to/2.txt'), at('mv/to/a/1.txt')]);
    expect((await storage.listFolder(at('mv/from/'))).files).toEqual([]);
    expect(await storage.movePrefix(at('mv/from/'), at('mv/else/'))).toBe(false);
  });

  it('uploads a local folder and downloads an object to a file', async () => {
    const local = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-upload-'));
    folders.push(local);
    await fsp.mkdir(path.join(local, 'v0'), { recursive: true });
    await fsp.writeFile(path.join(local, 'master.m3u8'), '#EXTM3U\n');
    await fsp.writeFile(path.join(local, 'v0', 'seg_0.m4s'), Buffer.alloc(1000, 7));
    const seen: string[] = [];
    await storage.uploadFolder(local, at('up/'), (key) => seen.push(key));
    expect(seen.sort()).toEqual([at('up/master.m3u8'), at('up/v0/seg_0.m4s')]);
    await storage.download(at('up/v0/seg_0.m4s'), path.join(local, 'back', 'seg.m4s'));
    expect(await fsp.readFile(path.join(local, 'back', 'seg.m4s'))).toEqual(Buffer.alloc(1000, 7));
  });

  it('gives a location ffprobe can read', async () => {
    await storage.put(at('probe/clip.txt'), 'abcdef');
    const location = await storage.readableLocation(at('probe/clip.txt'));
    if (driver === 'local') expect(fs.readFileSync(location, 'utf8')).toBe('abcdef');
    else {
      // A presigned URL: anyone holding it reads the private object, with Range.
      const whole = await fetch(location);
      expect(await whole.text()).toBe('abcdef');
      const part = await fetch(location, { headers: { range: 'bytes=1-2' } });
      expect(part.status).toBe(206);
      expect(await part.text()).toBe('bc');
    }
  });

  it('refuses keys that leave the root', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a\\b', 'a//b'])
      await expect(storage.put(key, 'x')).rejects.toThrow(/Not a storage key/);
  });

  it('answers public URLs for storage/ keys', async () => {
    const url = storage.publicUrl('storage/videos/1/ab/master.m3u8');
    if (driver === 'local') expect(url).toBe('/storage/videos/1/ab/master.m3u8');
    else {
      expect(url).toBe(`${s3.settings.endpoint}/phim-media/storage/videos/1/ab/master.m3u8`);
      await storage.put('storage/videos/1/ab/master.m3u8', '#EXTM3U\n');
      const answer = await fetch(url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    }
  });
});

it('copies an object above the single-copy limit in parts (UploadPartCopy)', async () => {
  // The limit is lowered so that 12 MB go as three parts of 5 MB, 5 MB and 2 MB (S3's smallest part is 5 MB).
  const storage = createS3Storage(s3.settings, {
    multipartCopyAbove: 1024 * 1024,
    copyPartBytes: 5 * 1024 * 1024,
  });
  const data = Buffer.alloc(12 * 1024 * 1024);
  for (let index = 0; index < data.length; index += 4) data.writeUInt32LE(index, index);
  await storage.put('uploads/large', data);
  expect(await storage.move('uploads/large', 'originals/large')).toBe(true);
  expect(await storage.stat('uploads/large')).toBeNull();
  expect((await storage.get('originals/large'))!.equals(data)).toBe(true);
});

describe('a stored /storage/ path', () => {
  it('is a key only when it is safe', () => {
    expect(keyOfStoragePath('/storage/uploads/2026/01/a.webp')).toBe(
      'storage/uploads/2026/01/a.webp',
    );
    for (const bad of [
      '/storage/',
      '/storage/../secrets.json',
      '/storage/a//b',
      '/storage/.x',
      '/other',
    ])
      expect(keyOfStoragePath(bad)).toBeNull();
  });
});

it('ffprobe reads a video through a presigned URL', async () => {
  const storage = createS3Storage(s3.settings);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-probe-'));
  folders.push(folder);
  const file = path.join(folder, 'clip.mp4');
  // Not execFileSync: s3rver answers from this very process.
  const run = promisify(execFile);
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x90:rate=10',
    '-t',
    '2',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  await storage.putFile('originals/probe', file);
  const { stdout: out } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    await storage.readableLocation('originals/probe'),
  ]);
  expect(Number(out)).toBeCloseTo(2, 0);
});
