// Local Files (decision 050): admins only; every endpoint refuses paths that could leave storage (`..`, encoded
// and double-encoded forms, absolute paths, NUL, backslashes, a symbolic link planted inside storage); uploads are
// taken by their content; rename and move refuse taken names; what the database points at is marked used.
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { solidImage } from '#tests/image-utils.ts';
import { Client } from './accounts-client.ts';
import { createUser } from '#tests/factories.ts';
import { BROKEN_FORMS, expectInvalid, signInFirstAdmin } from './accounts-client.ts';
import { expectAdminsOnly, withTestApp } from './helpers.ts';

const t = withTestApp();
let admin: Client;
let png: Buffer;

type Part = { name: string; data: Buffer; type?: string };
/** A multipart body with one `files` part per file (the Client's helper takes one value per field). */
function filesBody(files: Part[]) {
  const boundary = `----lf${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (folder: string, files: Part[]) => {
  const { body, headers } = filesBody(files);
  return admin.request('POST', `/api/admin/files/upload?path=${folder}`, body, { headers });
};
const list = (query: string) => admin.get(`/api/admin/files?${query}`);
const names = (response: { json: () => { entries: Array<{ name: string }> } }) =>
  response.json().entries.map((entry) => entry.name);

beforeAll(async () => {
  admin = await signInFirstAdmin(t.app);
  png = await solidImage('png', 300, 200, '#0f766e');
});

describe('local files', () => {
  it('are for admins only', async () => {
    await expectAdminsOnly(t, '/api/admin/files');
    const { client: viewer } = await createUser(t.app);
    const body = { path: 'files', name: 'x', paths: ['files/x'], to: 'files' };
    for (const url of [
      '/api/admin/files/folders',
      '/api/admin/files/rename',
      '/api/admin/files/move',
      '/api/admin/files/delete',
      '/api/admin/files/upload?path=files',
    ]) {
      expect(
        (await new Client(t.app).post(url, body)).statusCode,
        `a guest posting to ${url}`,
      ).toBe(401);
      expect((await viewer.post(url, body)).statusCode, `a viewer posting to ${url}`).toBe(403);
    }
  });

  it('show the areas at the top, files writable and uploads read only', async () => {
    expect(names(await list('path='))).toEqual(['files']);
    // Uploads shows once the movie form has stored a picture there.
    await fs.mkdir(path.join(t.dataDir, 'storage', 'uploads'), { recursive: true });
    const top = await list('');
    expect(top.statusCode, top.body).toBe(200);
    expect(names(top)).toEqual(['files', 'uploads']);
    expect(top.json().writable).toBe(false);
    expect((await list('path=files')).json().writable).toBe(true);
    // Videos, avatars and the rest of storage are not the file manager's.
    expect((await list('path=videos')).statusCode).toBe(404);
    expect((await list('path=avatars')).statusCode).toBe(404);
    expect((await list('path=files/nothing-here')).statusCode).toBe(404);
    expect((await list('sort=weight')).statusCode).toBe(422);
  });

  it('upload several files at once, by their content, and serve them', async () => {
    const jpeg = await solidImage('jpeg', 64, 48);
    const response = await upload('files', [
      { name: 'Ảnh bìa phim.PNG', data: png, type: 'image/png' },
      // The name says PNG, the bytes say JPEG: the bytes win.
      { name: 'second.png', data: jpeg, type: 'image/png' },
      { name: 'phu-de.vtt', data: Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nXin chào\n') },
      { name: 'notes.txt', data: Buffer.from('Ghi chú cho biên tập viên.\n') },
      {
        name: 'doc.pdf',
        data: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      },
      { name: '../../escape.srt', data: Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nHello\n') },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const files = response.json().files as Array<Record<string, unknown>>;
    expect(files.map((file) => file.path)).toEqual([
      'files/Anh-bia-phim.png',
      'files/second.jpg',
      'files/phu-de.vtt',
      'files/notes.txt',
      'files/doc.pdf',
      'files/escape.srt',
    ]);
    expect(files[0]).toMatchObject({ kind: 'image', width: 300, height: 200, used: false });
    expect(files[2]).toMatchObject({ kind: 'subtitle', url: '/storage/files/phu-de.vtt' });
    const served = await t.app.inject({ method: 'GET', url: '/storage/files/Anh-bia-phim.png' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // The image route resizes it like any poster.
    const resized = await t.app.inject({
      method: 'GET',
      url: '/_img?src=/storage/files/Anh-bia-phim.png&w=160',
    });
    expect(resized.statusCode).toBe(200);
    // A taken name gets a number.
    const again = await upload('files', [{ name: 'second.jpg', data: jpeg }]);
    expect(again.json().files[0].name).toBe('second-1.jpg');
  });

  it('refuse what is not an image, subtitle or document, and keep none of the upload then', async () => {
    const refused: Array<[string, Buffer]> = [
      [
        'evil.png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ],
      ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['page.txt', Buffer.from('<!doctype html><html><body>hi</body></html>')],
      ['page.html', Buffer.from('<p>hello</p>')],
      ['run.txt', Buffer.from('#!/bin/sh\nrm -rf /\n')],
      ['tool.exe', Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1')],
      ['elf.vtt', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0])],
      ['fake.vtt', Buffer.from('not a subtitle\n')],
      ['fake.srt', Buffer.from('hello\n')],
      ['header-only.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])],
      ['empty.txt', Buffer.alloc(0)],
    ];
    for (const [name, data] of refused) {
      const response = await upload('files', [
        { name: 'good.png', data: png },
        { name, data },
      ]);
      expectInvalid(response, 'files', name);
    }
    expect(names(await list('path=files'))).not.toContain('good.png');
    const work = await fs.readdir(path.join(t.dataDir, 'work', 'local-files')).catch(() => []);
    expect(work).toEqual([]);
    for (const { body, ...headers } of BROKEN_FORMS)
      expectInvalid(
        await admin.request('POST', '/api/admin/files/upload?path=files', body, { headers }),
        'files',
      );
    expectInvalid(await upload('files', []), 'files');
  });

  it('refuse a file over the size limit', async () => {
    const big = Buffer.concat([Buffer.from('WEBVTT\n\n'), Buffer.alloc(21 * 1024 * 1024, 0x61)]);
    const response = await upload('files', [{ name: 'big.vtt', data: big }]);
    expect(response.statusCode, response.body).toBe(413);
    expect(names(await list('path=files'))).not.toContain('big.vtt');
  });

  it('check every body', async () => {
    for (const [url, body, field] of [
      ['/api/admin/files/folders', { path: 'files' }, 'name'],
      ['/api/admin/files/folders', { path: 'files', name: '' }, 'name'],
      ['/api/admin/files/folders', { path: 'files', name: 'x', extra: 1 }, 'extra'],
      ['/api/admin/files/rename', { path: 'files/x.png', name: 'y'.repeat(200) }, 'name'],
      ['/api/admin/files/move', { paths: [], to: 'files' }, 'paths'],
      ['/api/admin/files/move', { paths: 'files/x.png', to: 'files' }, 'paths'],
      ['/api/admin/files/delete', { paths: ['files/x.png'], force: 'yes' }, 'force'],
      ['/api/admin/files/delete', {}, 'paths'],
    ] as const)
      expectInvalid(await admin.post(url, body), field, `${url} ${JSON.stringify(body)}`);
    expect(
      (await admin.post('/api/admin/files/rename', { path: 'files/none.png', name: 'y' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin.post('/api/admin/files/delete', { paths: ['files/none.png'] })).statusCode,
    ).toBe(404);
    expect((await upload('files/none', [{ name: 'a.png', data: png }])).statusCode).toBe(404);
  });

  it('never write outside Files', async () => {
    const response = await upload('uploads', [{ name: 'a.png', data: png }]);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('read_only');
    expect(
      (await admin.post('/api/admin/files/folders', { path: 'uploads', name: 'x' })).statusCode,
    ).toBe(403);
  });

  it('make folders, rename and move, refusing taken names', async () => {
    const made = await admin.post('/api/admin/files/folders', { path: 'files', name: 'Áp phích' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().folder.path).toBe('files/Ap-phich');
    const twice = await admin.post('/api/admin/files/folders', { path: 'files', name: 'Ap-phich' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('name_taken');
    expectInvalid(
      await admin.post('/api/admin/files/folders', { path: 'files', name: '!!!' }),
      'name',
    );

    // Rename: the extension stays; a name holding a path is refused; a taken one is a conflict.
    const renamed = await admin.post('/api/admin/files/rename', {
      path: 'files/second.jpg',
      name: 'Poster mới',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().entry.path).toBe('files/Poster-moi.jpg');
    const taken = await admin.post('/api/admin/files/rename', {
      path: 'files/second-1.jpg',
      name: 'Poster-moi.jpg',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('name_taken');
    for (const name of ['../x.jpg', 'a/b', 'a\\b', 'a\0b'])
      expectInvalid(
        await admin.post('/api/admin/files/rename', { path: 'files/second-1.jpg', name }),
        'name',
        name,
      );

    // Move: into the new folder; a name taken there refuses the whole move; a folder cannot go inside itself.
    const moved = await admin.post('/api/admin/files/move', {
      paths: ['files/Poster-moi.jpg'],
      to: 'files/Ap-phich',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(names(await list('path=files/Ap-phich'))).toEqual(['Poster-moi.jpg']);
    await upload('files', [{ name: 'Poster-moi.jpg', data: await solidImage('jpeg', 10, 10) }]);
    const clash = await admin.post('/api/admin/files/move', {
      paths: ['files/notes.txt', 'files/Poster-moi.jpg'],
      to: 'files/Ap-phich',
    });
    expect(clash.statusCode).toBe(409);
    expect(names(await list('path=files'))).toContain('notes.txt');
    const inside = await admin.post('/api/admin/files/move', {
      paths: ['files/Ap-phich'],
      to: 'files/Ap-phich',
    });
    expectInvalid(inside, 'to');
    expect(
      (
        await admin.post('/api/admin/files/move', {
          paths: ['files/nope.png'],
          to: 'files/Ap-phich',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('search by name below a folder, and sort', async () => {
    const found = await list('q=poster');
    expect(found.statusCode).toBe(200);
    expect(found.json().entries.map((entry: { path: string }) => entry.path)).toEqual(
      expect.arrayContaining(['files/Ap-phich/Poster-moi.jpg', 'files/Poster-moi.jpg']),
    );
    expect(found.json().search).toBe('poster');
    const bySize = names(await list('path=files&sort=size&order=desc'));
    expect(bySize[0]).toBe('Ap-phich'); // folders first
  });

  it('mark what the site uses, refuse to move or delete it without force, and filter unused', async () => {
    const poster = '/storage/files/Anh-bia-phim.png';
    const movie = await admin.post('/api/admin/movies', { title: 'Phim có poster', poster });
    expect(movie.statusCode, movie.body).toBe(201);
    await t.db.execute(
      sql`insert into site_settings (key, value) values ('web_info_test', ${JSON.stringify({ logo: '/storage/files/doc.pdf' })}::jsonb)`,
    );
    const listing = (await list('path=files')).json().entries as Array<{
      name: string;
      used: boolean;
    }>;
    const used = Object.fromEntries(listing.map((entry) => [entry.name, entry.used]));
    expect(used['Anh-bia-phim.png']).toBe(true);
    expect(used['doc.pdf']).toBe(true);
    expect(used['notes.txt']).toBe(false);
    expect(used['Ap-phich']).toBe(false);
    const unused = names(await list('path=files&unused=1'));
    expect(unused).not.toContain('Anh-bia-phim.png');
    expect(unused).toContain('notes.txt');

    const del = await admin.post('/api/admin/files/delete', { paths: ['files/Anh-bia-phim.png'] });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.code).toBe('file_in_use');
    const ren = await admin.post('/api/admin/files/rename', {
      path: 'files/Anh-bia-phim.png',
      name: 'x',
    });
    expect(ren.statusCode).toBe(409);
    const movingUsed = await admin.post('/api/admin/files/move', {
      paths: ['files/Anh-bia-phim.png'],
      to: 'files/Ap-phich',
    });
    expect(movingUsed.statusCode).toBe(409);
    expect(
      (
        await admin.post('/api/admin/files/delete', {
          paths: ['files/notes.txt', 'files/Ap-phich'],
        })
      ).json(),
    ).toEqual({ deleted: 2 });
    const forced = await admin.post('/api/admin/files/delete', {
      paths: ['files/doc.pdf'],
      force: true,
    });
    expect(forced.json()).toEqual({ deleted: 1 });
    expect(names(await list('path=files'))).not.toEqual(
      expect.arrayContaining(['notes.txt', 'doc.pdf', 'Ap-phich']),
    );
    expect((await admin.post('/api/admin/files/delete', { paths: ['files'] })).statusCode).toBe(
      403,
    );
  });

  describe('refuse every path that could leave storage', () => {
    const attempts = [
      '..',
      '../',
      'files/..',
      'files/../..',
      'files/../../etc',
      '../../etc/passwd',
      '/etc/passwd',
      '/files',
      '%2e%2e%2f',
      'files/%2e%2e%2f%2e%2e%2fetc',
      '%252e%252e%252f',
      'files/..%2f..%2f',
      'files\\..\\..\\etc',
      'files/a\0b',
      'files//x',
      'files/.hidden',
      'files/./x',
      'files/link',
      'files/link/inside.txt',
    ];

    beforeAll(async () => {
      // A link planted inside storage, leading out of it (as a careless copy or an attacker with disk access might).
      const outside = path.join(t.dataDir, 'outside');
      await fs.mkdir(outside, { recursive: true });
      await fs.writeFile(path.join(outside, 'inside.txt'), 'secret');
      await fs.symlink(outside, path.join(t.dataDir, 'storage', 'files', 'link'));
    });

    it('when listing and searching', async () => {
      for (const attempt of attempts) {
        for (const query of [
          `path=${encodeURIComponent(attempt)}`,
          `q=x&path=${encodeURIComponent(attempt)}`,
        ]) {
          const response = await list(query);
          expect(response.statusCode, `${query}: ${response.body}`).toBe(422);
          // A NUL byte is refused by the request's validation, before the service sees it.
          expect(['unsafe_path', 'validation_failed']).toContain(response.json().error.code);
        }
      }
      // The raw forms too, decoded once by the query parser and no more.
      for (const raw of [
        'path=%2e%2e%2f',
        'path=%252e%252e%252fetc',
        'path=..%2F..%2Fetc',
        'path=%2Fetc%2Fpasswd',
        'path=files%00',
      ])
        expect((await list(raw)).statusCode, raw).toBe(422);
      // The link is not listed, and nothing of the outside shows up in a search.
      expect(names(await list('path=files'))).not.toContain('link');
      expect(names(await list('q=inside'))).toEqual([]);
    });

    it('when uploading, making folders, renaming, moving and deleting', async () => {
      for (const attempt of attempts) {
        const label = JSON.stringify(attempt);
        const up = await upload(encodeURIComponent(attempt), [{ name: 'a.png', data: png }]);
        expect(up.statusCode, `upload ${label}: ${up.body}`).toBe(422);
        for (const [url, body, field] of [
          ['/api/admin/files/folders', { path: attempt, name: 'x' }, 'path'],
          ['/api/admin/files/rename', { path: attempt, name: 'x' }, 'path'],
          ['/api/admin/files/move', { paths: [attempt], to: 'files' }, 'paths'],
          ['/api/admin/files/move', { paths: ['files/escape.srt'], to: attempt }, 'to'],
          ['/api/admin/files/delete', { paths: [attempt], force: true }, 'paths'],
        ] as const) {
          const response = await admin.post(url, body);
          expect(response.statusCode, `${url} ${label}: ${response.body}`).toBe(422);
          const fields = Object.keys(response.json().error.fields ?? {});
          expect(
            fields.some((name) => name.startsWith(field)),
            `${url} ${label}: ${fields}`,
          ).toBe(true);
        }
      }
      // Nothing outside was touched, and the link is still only a link.
      expect(await fs.readFile(path.join(t.dataDir, 'outside', 'inside.txt'), 'utf8')).toBe(
        'secret',
      );
      expect(
        (await fs.lstat(path.join(t.dataDir, 'storage', 'files', 'link'))).isSymbolicLink(),
      ).toBe(true);
      await expect(fs.access('/etc/passwd')).resolves.toBeUndefined();
    });
  });
});

describe('an avatar from Local Files', () => {
  it('is an admin’s own picture, stored apart; viewers and paths outside storage are refused', async () => {
    const uploaded = await upload('files', [{ name: 'mat-na.png', data: png, type: 'image/png' }]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const response = await admin.put('/api/user/avatar/from-storage', {
      path: '/storage/files/mat-na.png',
    });
    expect(response.statusCode, response.body).toBe(200);
    const avatar = response.json().user.avatar as string;
    // A picture of its own: the file in Local Files may move or go.
    expect(avatar).toMatch(/^\/storage\/avatars\//);
    expect(avatar).not.toContain('mat-na');
    expectInvalid(
      await admin.put('/api/user/avatar/from-storage', { path: '/storage/../secrets.json' }),
      'path',
    );
    expect(
      (await admin.put('/api/user/avatar/from-storage', { path: '/storage/files/none.png' }))
        .statusCode,
    ).toBe(404);
    const { client: viewer } = await createUser(t.app);
    expect(
      (await viewer.put('/api/user/avatar/from-storage', { path: '/storage/files/mat-na.png' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the Files folder', () => {
  it('is there to upload into even when something removed it (a restore of a backup made while it was empty)', async () => {
    await fs.rm(path.join(t.dataDir, 'storage', 'files'), { recursive: true, force: true });
    const made = await admin.post('/api/admin/files/folders', {
      path: 'files',
      name: 'sau-phuc-hoi',
    });
    expect(made.statusCode, made.body).toBe(201);
  });
});
