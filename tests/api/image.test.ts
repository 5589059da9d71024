// GET /_img through the real HTTP stack: resizing, the placeholder, refusals, the disk cache and HTTP caching.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS as clientWidths } from '#app/components/image.tsx';
import { createLimiter, IMAGE_WIDTHS } from '#server/http/image.routes.ts';
import { solidImage } from '#tests/image-utils.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp();
let storage: string;

const img = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/_img?${query}`, headers });
const src = (value: string) => `src=${encodeURIComponent(value)}`;

/** Asks for `query` and expects a webp picture (a 200, its type, its content); returns it and its metadata. */
async function webp(query: string) {
  const response = await img(query);
  expect(response.statusCode, query).toBe(200);
  expect(response.headers['content-type'], query).toBe('image/webp');
  const meta = await sharp(response.rawPayload).metadata();
  expect(meta.format, query).toBe('webp');
  return { response, meta };
}

/** Asks for `query` and expects a refusal: the status, and the error the body carries. */
async function expectRefused(query: string, status: 404 | 422, error: Record<string, unknown>) {
  const response = await img(query);
  expect(response.statusCode, query).toBe(status);
  expect(response.json(), query).toMatchObject({ error });
  return response;
}
/** The error of a 422 that names `field`. */
const invalid = (field: string) => ({
  code: 'validation_failed',
  fields: { [field]: expect.any(String) },
});

/** A JPEG whose header claims `width`x`height` pixels: enough for the pixel check, no memory spent. */
async function jpegClaiming(width: number, height: number) {
  const data = await solidImage('jpeg', 8, 8, '#888');
  for (let i = 2; i < data.length - 9; i++) {
    if (data[i] === 0xff && (data[i + 1] === 0xc0 || data[i + 1] === 0xc2)) {
      data.writeUInt16BE(height, i + 5);
      data.writeUInt16BE(width, i + 7);
      return data;
    }
  }
  throw new Error('no SOF marker');
}

beforeAll(async () => {
  storage = path.join(t.dataDir, 'storage');
  await fs.mkdir(path.join(storage, 'posters'), { recursive: true });
  await fs.writeFile(
    path.join(storage, 'posters', 'poster.jpg'),
    await solidImage('jpeg', 600, 900, '#2a6'),
  );
  await fs.writeFile(path.join(storage, 'small.png'), await solidImage('png', 100, 50, '#f008', 4));
  await fs.writeFile(path.join(storage, 'a b.jpg'), await solidImage('jpeg', 40, 40));
  await fs.writeFile(path.join(storage, 'posters', 'broken.jpg'), 'not a picture');
  await fs.writeFile(path.join(storage, 'notes.txt'), 'hello');
  await fs.writeFile(
    path.join(storage, '.hidden.jpg'),
    await fs.readFile(path.join(storage, 'a b.jpg')),
  );
  await fs.mkdir(path.join(storage, 'folder.jpg'));
  await fs.writeFile(path.join(storage, 'huge.jpg'), await jpegClaiming(10_000, 8_000));
  // Targets outside the storage root that a climb would reach.
  await fs.writeFile(path.join(t.dataDir, 'secrets.json'), '{"secret":true}');
  await fs.copyFile(
    path.join(storage, 'posters', 'poster.jpg'),
    path.join(t.dataDir, 'outside.jpg'),
  );
  await fs.symlink(path.join(t.dataDir, 'outside.jpg'), path.join(storage, 'link.jpg'));
});

describe('GET /_img', () => {
  it('answers webp at the requested width, keeping the aspect ratio', async () => {
    const { response, meta } = await webp(`${src('/storage/posters/poster.jpg')}&w=240`);
    expect(meta).toMatchObject({ width: 240, height: 360 });
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  });

  it('never enlarges a smaller source', async () => {
    const { meta } = await webp(`${src('/storage/small.png')}&w=320`);
    expect(meta).toMatchObject({ width: 100, height: 50 });
  });

  it('makes the blurred placeholder 10 px wide at quality 50', async () => {
    const { response, meta } = await webp(`${src('/storage/posters/poster.jpg')}&blur=1`);
    expect(meta).toMatchObject({ width: 10, height: 15 });
    expect(response.rawPayload.length).toBeLessThan(1000);
    // The placeholder ignores w and q: one file per source.
    const again = await img(`${src('/storage/posters/poster.jpg')}&blur=1&w=640&q=90`);
    expect(again.headers.etag).toBe(response.headers.etag);
  });

  it('takes quality 30 to 90 and gives different files for different qualities', async () => {
    const low = await img(`${src('/storage/posters/poster.jpg')}&w=480&q=30`);
    const high = await img(`${src('/storage/posters/poster.jpg')}&w=480&q=90`);
    expect(low.statusCode).toBe(200);
    expect(high.statusCode).toBe(200);
    expect(low.headers.etag).not.toBe(high.headers.etag);
    for (const q of ['29', '91', 'abc', '75.5']) {
      const response = await img(`${src('/storage/posters/poster.jpg')}&w=480&q=${q}`);
      expect(response.statusCode, q).toBe(422);
      expect(response.json().error.fields.q).toBeDefined();
    }
  });

  it('reads src as a URL path, like /storage/ does', async () => {
    for (const value of ['/storage/a b.jpg', '/storage/a%20b.jpg']) {
      const response = await img(`${src(value)}&w=64`);
      expect(response.statusCode, value).toBe(200);
    }
  });

  it('answers 422 for a width outside the list, or none', async () => {
    for (const w of ['100', '0', '-240', '2560', 'abc', '240px', ''])
      await expectRefused(`${src('/storage/posters/poster.jpg')}&w=${w}`, 422, invalid('w'));
    const missing = await img(src('/storage/posters/poster.jpg'));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields.w).toBe('is required');
  });

  it('refuses absolute URLs, other hosts and paths outside /storage/ with 422', async () => {
    for (const value of [
      'http://evil/x.png',
      'https://evil.example/storage/x.png',
      '//evil/storage/x.png',
      '/etc/passwd',
      'storage/posters/poster.jpg',
      '/api/storage/x.jpg',
      '',
    ])
      await expectRefused(`${src(value)}&w=240`, 422, invalid('src'));
  });

  it('refuses every climb out of the storage root with 404', async () => {
    for (const value of [
      '/storage/../secrets.json',
      '/storage/../outside.jpg',
      '/storage/posters/../../outside.jpg',
      '/storage/%2e%2e/outside.jpg',
      '/storage/%2E%2E%2Foutside.jpg',
      '/storage/..%2foutside.jpg',
      '/storage/posters/..%5c..%5coutside.jpg',
      '/storage/posters\\..\\..\\outside.jpg',
      '/storage/%00../outside.jpg',
      '/storage/%E0%A4%A.jpg',
      '/storage/.hidden.jpg',
      '/storage/link.jpg',
    ]) {
      const response = await expectRefused(`${src(value)}&w=240`, 404, { code: 'not_found' });
      expect(response.headers.etag, value).toBeUndefined();
    }
    // The same climbs, spelled straight into the query string.
    for (const query of [
      'src=/storage/../outside.jpg',
      'src=/storage/%2e%2e/outside.jpg',
      'src=%2Fstorage%2F%2e%2e%2Foutside.jpg',
      'src=/storage/%252e%252e/outside.jpg',
    ]) {
      const response = await img(`${query}&w=240`);
      expect(response.statusCode, query).toBe(404);
    }
  });

  it('answers 404 for missing files and folders', async () => {
    for (const value of ['/storage/nope.jpg', '/storage/folder.jpg']) {
      const response = await img(`${src(value)}&w=240`);
      expect(response.statusCode, value).toBe(404);
    }
  });

  it('answers 422 for files that are not supported images', async () => {
    for (const value of ['/storage/notes.txt', '/storage/posters/broken.jpg']) {
      const response = await img(`${src(value)}&w=240`);
      expect(response.statusCode, value).toBe(422);
      expect(response.json().error.code).toBe('unsupported_image');
      expect(response.headers['cache-control'], value).toBeUndefined();
    }
  });

  it('refuses sources over 50 megapixels before decoding them', async () => {
    const response = await img(`${src('/storage/huge.jpg')}&w=240`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('image_too_large');
  });

  it('serves the second request from the disk cache, byte for byte', async () => {
    const query = `${src('/storage/posters/poster.jpg')}&w=160`;
    const first = await img(query);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-image-cache']).toBe('miss');
    const key = String(first.headers.etag).replaceAll('"', '');
    const cached = path.join(t.dataDir, 'cache', 'img', key.slice(0, 2), `${key}.webp`);
    expect(await fs.readFile(cached)).toEqual(first.rawPayload);

    const second = await img(query);
    expect(second.headers['x-image-cache']).toBe('hit');
    expect(second.rawPayload).toEqual(first.rawPayload);
    expect(second.headers.etag).toBe(first.headers.etag);

    // Proof that no resize happened: the answer is whatever the cache file holds.
    await fs.writeFile(cached, 'from-disk');
    const third = await img(query);
    expect(third.body).toBe('from-disk');
    await fs.writeFile(cached, first.rawPayload);
  });

  it('shares one job between simultaneous requests for the same image', async () => {
    const query = `${src('/storage/posters/poster.jpg')}&w=640`;
    const responses = await Promise.all(Array.from({ length: 5 }, () => img(query)));
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(responses[0]!.rawPayload);
    }
  });

  it('makes a new file when the source changes', async () => {
    const file = path.join(storage, 'changing.png');
    await fs.writeFile(file, await solidImage('png', 300, 300, '#00f'));
    await fs.utimes(file, new Date('2024-01-01'), new Date('2024-01-01'));
    const before = await img(`${src('/storage/changing.png')}&w=128`);
    await fs.writeFile(file, await solidImage('png', 300, 200, '#f00'));
    const after = await img(`${src('/storage/changing.png')}&w=128`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.headers['x-image-cache']).toBe('miss');
    expect(await sharp(after.rawPayload).metadata()).toMatchObject({ width: 128, height: 85 });
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const query = `${src('/storage/posters/poster.jpg')}&w=240`;
    const first = await img(query);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await img(query, { 'if-none-match': header });
      expect(response.statusCode, header).toBe(304);
      expect(response.body).toBe('');
      expect(response.headers.etag).toBe(etag);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
    }
    const stale = await img(query, { 'if-none-match': '"other"' });
    expect(stale.statusCode).toBe(200);
  });

  it('marks versioned URLs immutable and others revalidated within the hour', async () => {
    const plain = await img(`${src('/storage/posters/poster.jpg')}&w=96`);
    expect(plain.headers['cache-control']).toBe('public, max-age=3600');
    const versioned = await img(`${src('/storage/posters/poster.jpg')}&w=96&v=1718000000`);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(versioned.headers.etag).toBe(plain.headers.etag);
    const bad = await img(`${src('/storage/posters/poster.jpg')}&w=96&v=a/b`);
    expect(bad.statusCode).toBe(422);
  });

  it('answers HEAD with the headers only', async () => {
    const response = await t.app.inject({
      method: 'HEAD',
      url: `/_img?${src('/storage/posters/poster.jpg')}&w=240`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.body).toBe('');
  });

  it('stays out of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/_img');
  });

  it('uses the same width list as <Img>', () => {
    expect([...clientWidths]).toEqual([...IMAGE_WIDTHS]);
  });
});

describe('createLimiter', () => {
  it('runs at most the limit at once and refuses work beyond the queue', async () => {
    const run = createLimiter(2, 3);
    let active = 0;
    let peak = 0;
    const release: Array<() => void> = [];
    const task = () =>
      run(async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => release.push(resolve));
        active -= 1;
      });
    const tasks = Array.from({ length: 5 }, task);
    await expect(task()).rejects.toMatchObject({ statusCode: 503, code: 'busy' });
    for (let finished = 0; finished < 5; finished++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(active).toBeLessThanOrEqual(2);
      release.shift()?.();
    }
    await Promise.all(tasks);
    expect(peak).toBe(2);
  });
});
