// Episode sources in this site's own storage: a `/storage/….m3u8` playlist is accepted as HLS (one at a time or
// pasted), anything else site-relative is refused, and such a path can never be an embed.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  isLocalHlsPath,
  parseEpisodeLines,
  sourceTypeOf,
} from '#server/domain/catalog/episodes.service.ts';
import { createMovie, createServer } from '#tests/factories.ts';
import type { Client } from './accounts-client.ts';
import { signInFirstAdmin } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp();
let admin: Client;
let movieId: number;
let serverId: number;
beforeAll(async () => {
  admin = await signInFirstAdmin(t.app);
  movieId = (await createMovie(admin)).id;
  serverId = (await createServer(admin, { id: movieId })).id;
});

let tries = 0;
/** An episode of its own name each time: one server refuses two of the same name. */
const episode = (source_url: string, source_type = 'hls') =>
  admin.post(`/api/admin/movies/${movieId}/episodes`, {
    server_id: serverId,
    name: `Tập thử ${++tries}`,
    source_type,
    source_url,
  });

describe('a playlist in storage', () => {
  it('is recognised only under /storage/, ending in .m3u8, without climbing out', () => {
    expect(isLocalHlsPath('/storage/demo/sample/index.m3u8')).toBe(true);
    expect(sourceTypeOf('/storage/demo/sample/index.m3u8')).toBe('hls');
    for (const bad of [
      '/storage/../secrets/index.m3u8',
      '/storage/demo/..%2f/index.m3u8',
      '/storage//etc/index.m3u8',
      '/storage/demo/clip.mp4',
      '/api/health.m3u8',
      'storage/demo/index.m3u8',
      '//evil.example/storage/x.m3u8',
      '/storage/demo/index.m3u8?x=1',
    ])
      expect(isLocalHlsPath(bad), bad).toBe(false);
    expect(parseEpisodeLines('Tập 1|/storage/demo/sample/index.m3u8')).toEqual({
      items: [{ name: 'Tập 1', url: '/storage/demo/sample/index.m3u8' }],
      problems: [],
    });
    expect(parseEpisodeLines('Tập 1|/storage/../x.m3u8\nTập 2|/etc/passwd').problems).toHaveLength(
      2,
    );
  });

  it('is saved as an HLS episode through the API, alone or pasted', async () => {
    const created = await episode('/storage/demo/sample/index.m3u8');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().episode).toMatchObject({
      source_type: 'hls',
      source_url: '/storage/demo/sample/index.m3u8',
    });
    const pasted = await admin.post(
      `/api/admin/movies/${movieId}/servers/${serverId}/episodes/bulk`,
      { lines: 'Tập 2|/storage/demo/sample/index.m3u8' },
    );
    expect(pasted.statusCode, pasted.body).toBe(201);
    expect(pasted.json().episodes[0]).toMatchObject({ source_type: 'hls' });
  });

  it('is refused outside /storage/, with .. in it, or as an embed', async () => {
    for (const url of ['/storage/../pg/index.m3u8', '/etc/passwd', '/storage/demo/clip.mp4']) {
      const response = await episode(url);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().error.fields, url).toHaveProperty('source_url');
    }
    const embed = await episode('/storage/demo/sample/index.m3u8', 'embed');
    expect(embed.statusCode).toBe(422);
    expect(embed.json().error.fields.source_url).toMatch(/HLS/);
    const id = (await episode('https://cdn.example/tap/master.m3u8')).json().episode.id;
    const switched = await admin.patch(`/api/admin/movies/${movieId}/episodes/${id}`, {
      source_type: 'embed',
      source_url: '/storage/demo/sample/index.m3u8',
    });
    expect(switched.statusCode).toBe(422);
  });

  it('is documented in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(JSON.stringify(document)).toContain('An HLS playlist in this site’s storage');
  });
});
