// Episodes that play a video of the video manager: the episode API takes only a ready video out of the trash (422
// naming `video_id` otherwise) and switches between kinds, and the watch data plays the video's own HLS ladder,
// poster and storyboard while it can, and nothing (the "unavailable" state) once it is in the trash.
import { beforeAll, describe, expect, it } from 'vitest';
import { createEpisode, createMovie, createServer, createVideo } from '#tests/factories.ts';
import type { Client } from './accounts-client.ts';
import { signInFirstAdmin } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp();
let admin: Client;
let movie: { id: number; slug: string };
let serverId: number;
const video: Record<'ready' | 'processing' | 'trashed' | 'spare', number> = {
  ready: 0,
  processing: 0,
  trashed: 0,
  spare: 0,
};

beforeAll(async () => {
  admin = await signInFirstAdmin(t.app);
  movie = await createMovie(admin, { title: 'Phim Video Riêng', published: true });
  serverId = (await createServer(admin, movie)).id;
  // Named, and stored where, the assertions below read back.
  video.ready = (await createVideo(t, { name: 'ready', storagePrefix: 'videos/ready/r1' })).id;
  video.spare = (await createVideo(t)).id;
  video.processing = (await createVideo(t, { status: 'processing' })).id;
  video.trashed = (await createVideo(t, { deletedAt: new Date() })).id;
});

const create = (body: Record<string, unknown>) =>
  admin.post(`/api/admin/movies/${movie.id}/episodes`, {
    server_id: serverId,
    name: 'Tập 1',
    ...body,
  });
const edit = (id: number, body: Record<string, unknown>) =>
  admin.patch(`/api/admin/movies/${movie.id}/episodes/${id}`, body);
const watch = (ep: string) => t.app.services.watch.episodePage(movie.slug, ep);

describe('a video episode', () => {
  it('needs a ready video that is not in the trash', async () => {
    for (const [body, field] of [
      [{ source_type: 'video' }, 'video_id'],
      [{ source_type: 'video', video_id: null }, 'video_id'],
      [{ source_type: 'video', video_id: 999_999 }, 'video_id'],
      [{ source_type: 'video', video_id: video.processing }, 'video_id'],
      [{ source_type: 'video', video_id: video.trashed }, 'video_id'],
      [{ source_type: 'video', video_id: -1 }, 'video_id'],
      [{ source_type: 'video', video_id: 'abc' }, 'video_id'],
      [{ source_type: 'hls' }, 'source_url'],
      [{ source_type: 'embed', source_url: null }, 'source_url'],
      [{ source_type: 'nope', source_url: 'https://x.example/1.m3u8' }, 'source_type'],
    ] as const) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
  });

  it('switches between a video and an address', async () => {
    const created = await create({
      name: 'Tập đổi nguồn',
      source_type: 'video',
      video_id: video.ready,
      // An address sent along with a video is not kept: the video is what plays.
      source_url: 'https://x.example/ignored.m3u8',
    });
    expect(created.statusCode, created.body).toBe(201);
    const episode = created.json().episode;
    expect(episode).toMatchObject({
      source_type: 'video',
      video_id: video.ready,
      source_url: null,
    });

    // Renaming keeps the video; choosing another one checks it again.
    expect((await edit(episode.id, { name: 'Tập 2' })).json().episode.video_id).toBe(video.ready);
    expect(
      (await edit(episode.id, { video_id: video.trashed })).json().error.fields,
    ).toHaveProperty('video_id');
    expect((await edit(episode.id, { video_id: video.spare })).json().episode.video_id).toBe(
      video.spare,
    );

    // To an address: the video is let go; an address is required.
    expect((await edit(episode.id, { source_type: 'hls' })).json().error.fields).toHaveProperty(
      'source_url',
    );
    const toHls = await edit(episode.id, {
      source_type: 'hls',
      source_url: 'https://cdn.example/2/master.m3u8',
    });
    expect(toHls.json().episode).toMatchObject({
      source_type: 'hls',
      source_url: 'https://cdn.example/2/master.m3u8',
      video_id: null,
    });

    // And back to a video: the address is let go; a video is required.
    expect((await edit(episode.id, { source_type: 'video' })).json().error.fields).toHaveProperty(
      'video_id',
    );
    const back = await edit(episode.id, { source_type: 'video', video_id: video.ready });
    expect(back.json().episode).toMatchObject({
      source_type: 'video',
      source_url: null,
      video_id: video.ready,
    });

    // The video manager lists the episode among the video's uses.
    const listed = (await admin.get(`/api/admin/videos/${video.ready}`)).json().video;
    expect(listed.episodes).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: episode.id })]),
    );
  });
});

describe('the watch data of a video episode', () => {
  it('plays the ready video’s ladder, poster and storyboard; nothing once the video is trashed', async () => {
    const episode = (
      await create({ name: 'Tập xem', source_type: 'video', video_id: video.ready })
    ).json().episode;
    const prefix = `/storage/videos/ready/r1`;
    expect((await watch(episode.ep))?.episode).toMatchObject({
      source_type: 'video',
      source_url: `${prefix}/master.m3u8`,
      poster: `${prefix}/poster.jpg`,
      storyboard: `${prefix}/storyboard.vtt`,
    });

    // The video in use goes to the trash only when forced; the episode then has nothing to play.
    expect((await admin.delete(`/api/admin/videos/${video.ready}`)).statusCode).toBe(409);
    expect((await admin.delete(`/api/admin/videos/${video.ready}?force=1`)).statusCode).toBe(200);
    expect((await watch(episode.ep))?.episode).toMatchObject({
      source_type: 'video',
      source_url: null,
      poster: null,
      storyboard: null,
    });
    // The episode manager names the video and says it cannot play.
    const overview = (await admin.get(`/api/admin/movies/${movie.id}/episodes`)).json();
    expect(
      overview.servers[0].episodes.find((item: { id: number }) => item.id === episode.id).video,
    ).toEqual({ id: video.ready, name: 'ready', duration: 6, playable: false });

    // Restored, it plays again.
    expect((await admin.post(`/api/admin/videos/${video.ready}/restore`)).statusCode).toBe(200);
    expect((await watch(episode.ep))?.episode.source_url).toBe(`${prefix}/master.m3u8`);
  });

  it('leaves other sources as they were', async () => {
    const episode = await createEpisode(admin, movie, {
      server_id: serverId,
      name: 'Tập HLS',
      source_type: 'hls',
      source_url: 'https://cdn.example/9/master.m3u8',
    });
    expect((await watch(episode.ep))?.episode).toMatchObject({
      source_type: 'hls',
      source_url: 'https://cdn.example/9/master.m3u8',
      poster: null,
      storyboard: null,
    });
  });
});

describe('attaching a video from the video manager', () => {
  // The dialog sends exactly these requests: a new episode named by the admin, or only the source of an existing one.
  it('adds a new episode or replaces only the source of one, and the video names them as its users', async () => {
    const attached = (await createVideo(t)).id;
    const fresh = await create({ name: 'Tập Đặc Biệt', source_type: 'video', video_id: attached });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json().episode).toMatchObject({ ep: 'tap-dac-biet', video_id: attached });

    const old = await createEpisode(admin, movie, {
      server_id: serverId,
      name: 'Tập Cũ',
      source_type: 'embed',
      source_url: 'https://player.example/embed/42',
    });
    const replaced = await edit(old.id, { source_type: 'video', video_id: attached });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().episode).toMatchObject({
      name: 'Tập Cũ',
      ep: old.ep,
      source_type: 'video',
      source_url: null,
      video_id: attached,
    });

    const listed = (await admin.get(`/api/admin/videos/${attached}`)).json().video;
    expect(listed.episodes.map((e: { id: number }) => e.id).sort()).toEqual(
      [fresh.json().episode.id, old.id].sort(),
    );
    expect(listed.episodes[0]).toMatchObject({
      movie_id: movie.id,
      movie_title: 'Phim Video Riêng',
    });
  });
});

describe('the OpenAPI document', () => {
  it('offers the video kind and names the video an episode plays', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const body =
      document.paths['/api/admin/movies/{movieId}/episodes'].post.requestBody.content[
        'application/json'
      ].schema;
    expect(body.properties.source_type.enum).toEqual(['video', 'hls', 'embed']);
    expect(body.properties).toHaveProperty('video_id');
    expect(document.components.schemas.EpisodeWithVideo.properties).toHaveProperty('video');
  });
});
