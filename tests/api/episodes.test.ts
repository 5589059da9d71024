// The episode manager's API: servers, one episode or many pasted `name|url` lines, reorder, edit, delete.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEpisodeLines, sourceTypeOf } from '#server/domain/catalog/episodes.service.ts';
import { createMovie, createServer } from '#tests/factories.ts';
import type { Client } from './accounts-client.ts';
import { expectInvalid, signInFirstAdmin } from './accounts-client.ts';
import { expectAdminsOnly, withTestApp } from './helpers.ts';

const t = withTestApp();
let admin: Client;
let movieId: number;
beforeAll(async () => {
  admin = await signInFirstAdmin(t.app);
  movieId = (await createMovie(admin)).id;
});

describe('pasted lines', () => {
  it('parse name|url and name the bad lines', () => {
    expect(
      parseEpisodeLines('Tập 1|https://a.example/1.m3u8\n\n Tập 2 | https://b.example/embed/2 '),
    ).toEqual({
      items: [
        { name: 'Tập 1', url: 'https://a.example/1.m3u8' },
        { name: 'Tập 2', url: 'https://b.example/embed/2' },
      ],
      problems: [],
    });
    expect(
      parseEpisodeLines('Tập 1 https://x\n|https://y\nTập 3|javascript:alert(1)').problems,
    ).toHaveLength(3);
    expect(sourceTypeOf('https://cdn.example/v/master.m3u8?token=1')).toBe('hls');
    expect(sourceTypeOf('https://player.example/embed/9')).toBe('embed');
  });
});

describe('episodes', () => {
  it('are for admins only; unknown movies are 404', async () => {
    await expectAdminsOnly(t, `/api/admin/movies/${movieId}/episodes`);
    expect((await admin.get('/api/admin/movies/999999/episodes')).statusCode).toBe(404);
  });

  it('group by server, take one or many, reorder, edit and delete', async () => {
    const vietsub = await createServer(admin, { id: movieId }, { name: 'Vietsub #1' });
    const dubbed = await createServer(admin, { id: movieId }, { name: 'Thuyết minh' });

    const bad = await admin.post(`/api/admin/movies/${movieId}/episodes`, {
      server_id: vietsub.id,
      name: 'Tập 1',
      source_type: 'hls',
      source_url: 'ftp://x',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toHaveProperty('source_url');
    const wrongServer = await admin.post(`/api/admin/movies/${movieId}/episodes`, {
      server_id: 999999,
      name: 'Tập 1',
      source_type: 'hls',
      source_url: 'https://x.example/1.m3u8',
    });
    expect(wrongServer.json().error.fields).toHaveProperty('server_id');

    const first = (
      await admin.post(`/api/admin/movies/${movieId}/episodes`, {
        server_id: vietsub.id,
        name: 'Tập 1',
        source_type: 'hls',
        source_url: 'https://x.example/1.m3u8',
      })
    ).json().episode;
    expect(first).toMatchObject({ ep: 'tap-1', order: 0, published: true });

    const many = await admin.post(
      `/api/admin/movies/${movieId}/servers/${vietsub.id}/episodes/bulk`,
      {
        lines: 'Tập 2|https://x.example/2.m3u8\nTập 3|https://player.example/embed/3',
      },
    );
    expect(many.statusCode, many.body).toBe(201);
    expect(
      many.json().episodes.map((e: { ep: string; source_type: string }) => [e.ep, e.source_type]),
    ).toEqual([
      ['tap-2', 'hls'],
      ['tap-3', 'embed'],
    ]);
    const badLines = await admin.post(
      `/api/admin/movies/${movieId}/servers/${vietsub.id}/episodes/bulk`,
      {
        lines: 'Tập 4|https://ok.example/4.m3u8\nno bar here',
      },
    );
    expect(badLines.statusCode).toBe(422);
    expect(badLines.json().error.fields.lines).toContain('Line 2');
    // The same ep key on another server is fine.
    await admin.post(`/api/admin/movies/${movieId}/servers/${dubbed.id}/episodes/bulk`, {
      lines: 'Tập 1|https://y.example/1.m3u8',
    });

    const ids = many.json().episodes.map((e: { id: number }) => e.id);
    expect(
      (
        await admin.put(`/api/admin/movies/${movieId}/servers/${vietsub.id}/order`, {
          ids: [...ids, first.id],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await admin.put(`/api/admin/movies/${movieId}/servers/${vietsub.id}/order`, {
          ids: [first.id],
        })
      ).statusCode,
    ).toBe(422);

    const edited = await admin.patch(`/api/admin/movies/${movieId}/episodes/${first.id}`, {
      name: 'Tập 1 (bản đẹp)',
      published: false,
    });
    expect(edited.json().episode).toMatchObject({
      name: 'Tập 1 (bản đẹp)',
      ep: 'tap-1',
      published: false,
    });

    const overview = (await admin.get(`/api/admin/movies/${movieId}/episodes`)).json();
    expect(overview.servers.map((s: { name: string }) => s.name)).toEqual([
      'Vietsub #1',
      'Thuyết minh',
    ]);
    expect(overview.servers[0].episodes.map((e: { ep: string }) => e.ep)).toEqual([
      'tap-2',
      'tap-3',
      'tap-1',
    ]);
    expect((await admin.get(`/api/admin/movies/${movieId}`)).json().movie.episodes_count).toBe(4);

    expect(
      (await admin.delete(`/api/admin/movies/${movieId}/episodes/${first.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await admin.delete(`/api/admin/movies/${movieId}/episodes/${first.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await admin.delete(`/api/admin/movies/${movieId}/servers/${dubbed.id}`)).statusCode,
    ).toBe(200);
    expect((await admin.get(`/api/admin/movies/${movieId}`)).json().movie.episodes_count).toBe(2);
  });

  it('keep the `ep` key unique when names of the same key are added at the same moment', async () => {
    const server = (
      await admin.post(`/api/admin/movies/${movieId}/servers`, { name: 'Song song' })
    ).json().server;
    // Each request read the same free key and the unique index refused all but one insert: 500s.
    const created = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        admin.post(`/api/admin/movies/${movieId}/episodes`, {
          server_id: server.id,
          name: `Tập 1 (bản ${n})`,
          ep: 'tap-1',
          source_type: 'embed',
          source_url: 'https://player.example/embed/1',
        }),
      ),
    );
    expect(created.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(created.map((response) => response.json().episode.ep)).size).toBe(6);
  });

  it('put a movie’s servers in the order given, each listed once', async () => {
    const movie = await createMovie(admin, { title: 'Thứ tự server' });
    const [a, b, c] = [
      await createServer(admin, movie, { name: 'A' }),
      await createServer(admin, movie, { name: 'B' }),
      await createServer(admin, movie, { name: 'C' }),
    ];
    const order = `/api/admin/movies/${movie.id}/servers/order`;
    expectInvalid(await admin.put(order, { ids: [a.id, b.id] }), 'ids');
    expectInvalid(await admin.put(order, { ids: [a.id, a.id, b.id] }), 'ids');
    expect((await admin.put(order, { ids: [c.id, a.id, b.id] })).statusCode).toBe(200);
    const servers = (await admin.get(`/api/admin/movies/${movie.id}/episodes`)).json().servers;
    expect(servers.map((server: { name: string }) => server.name)).toEqual(['C', 'A', 'B']);
  });

  it('refuse a name already on the server, alone, pasted or renamed into it', async () => {
    const server = (
      await admin.post(`/api/admin/movies/${movieId}/servers`, { name: 'Trùng tên' })
    ).json().server;
    const add = (name: string) =>
      admin.post(`/api/admin/movies/${movieId}/episodes`, {
        server_id: server.id,
        name,
        source_type: 'embed',
        source_url: 'https://player.example/embed/1',
      });
    expect((await add('Tập 2')).statusCode).toBe(201);
    // Without case or diacritics, it is the same name.
    expectInvalid(await add('tap 2'), 'name');
    const pasted = await admin.post(
      `/api/admin/movies/${movieId}/servers/${server.id}/episodes/bulk`,
      { lines: 'Tập 3|https://cdn.example/3.m3u8\nTập 3|https://cdn.example/3b.m3u8' },
    );
    expectInvalid(pasted, 'lines');
    const other = (await add('Tập 4')).json().episode;
    expectInvalid(
      await admin.patch(`/api/admin/movies/${movieId}/episodes/${other.id}`, { name: 'TẬP 2' }),
      'name',
    );
  });
});
