// The daily clean-up of uploaded images (issue 18): a poster uploaded and never saved, or replaced, goes once it
// is a day old; one a movie shows stays, and so does one uploaded a moment ago (its form may not be saved yet).
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNUSED_UPLOAD_GRACE_HOURS } from '#server/domain/media/local-files.service.ts';
import { createMovie, createUser, type CreatedUser } from '#tests/factories.ts';
import { solidImage } from '#tests/image-utils.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp();
let admin: CreatedUser;

beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin' });
});

async function upload(color: string) {
  const response = await admin.client.multipart('POST', '/api/admin/uploads/image', {
    image: { data: await solidImage('png', 600, 900, color), name: 'p.png', type: 'image/png' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().path as string;
}

const fileOf = (url: string) => path.join(t.dataDir, url.replace(/^\//, ''));
const exists = (url: string) =>
  fs.access(fileOf(url)).then(
    () => true,
    () => false,
  );
const age = (url: string, hours: number) => {
  const then = new Date(Date.now() - hours * 3_600_000);
  return fs.utimes(fileOf(url), then, then);
};

describe('unused uploaded images', () => {
  it('go after a day; a movie’s poster and a fresh upload stay', async () => {
    const kept = await upload('#112233');
    const dropped = await upload('#445566');
    const fresh = await upload('#778899');
    await createMovie(admin.client, { title: 'Giữ poster', poster: kept });
    await age(kept, 48);
    await age(dropped, 48);
    const removed = await t.app.services.localFiles.cleanUnusedUploads(UNUSED_UPLOAD_GRACE_HOURS);
    expect(removed).toBe(1);
    expect(await exists(kept)).toBe(true);
    expect(await exists(dropped)).toBe(false);
    expect(await exists(fresh)).toBe(true);
  });
});
