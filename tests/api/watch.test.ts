// The watch page's data and view counting: once per viewer per episode per hour, for published episodes only.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { episodeViews, movies } from '#server/db/schema/index.ts';
import { createEpisode, createMovie, createServer, createUser } from '#tests/factories.ts';
import { Client, PASSWORD, signInFirstAdmin } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp();
let admin: Client;
let movie: { id: number; slug: string };
let vietsub: { id: number };
let dubbed: { id: number };
const ids: Record<string, number> = {};

const addEpisode = (serverId: number, name: string, extra: Record<string, unknown> = {}) =>
  createEpisode(admin, movie, { server_id: serverId, name, ...extra });

const viewsOf = async (id: number) =>
  (await t.db.select().from(movies).where(eq(movies.id, id)))[0]!;

beforeAll(async () => {
  admin = await signInFirstAdmin(t.app);
  movie = await createMovie(admin, { published: true });
  vietsub = await createServer(admin, movie, { name: 'Vietsub #1' });
  dubbed = await createServer(admin, movie, { name: 'Thuyết minh' });
  ids.one = (await addEpisode(vietsub.id, 'Tập 1', { intro_start: 5, intro_end: 60 })).id;
  ids.two = (await addEpisode(vietsub.id, 'Tập 2')).id;
  ids.three = (await addEpisode(vietsub.id, 'Tập 3')).id;
  ids.dubbedTwo = (await addEpisode(dubbed.id, 'Tập 2')).id;
  ids.hidden = (await addEpisode(vietsub.id, 'Tập 4', { published: false })).id;
});

describe('the watch page data', () => {
  it('finds the episode on the first server that has it, with neighbours and the server switch', async () => {
    const page = (await t.app.services.watch.episodePage(movie.slug, 'tap-2'))!;
    expect(page.episode).toMatchObject({ id: ids.two, server_id: vietsub.id, name: 'Tập 2' });
    expect(page.previous).toEqual({ name: 'Tập 1', ep: 'tap-1' });
    expect(page.next).toEqual({ name: 'Tập 3', ep: 'tap-3' });
    expect(page.switches).toEqual([
      { server_id: vietsub.id, name: 'Vietsub #1', ep: 'tap-2', same_episode: true },
      { server_id: dubbed.id, name: 'Thuyết minh', ep: 'tap-2', same_episode: true },
    ]);
    // Unpublished episodes are not listed.
    expect(page.servers[0]!.episodes.map((item) => item.ep)).toEqual(['tap-1', 'tap-2', 'tap-3']);
  });

  it('takes the chosen server; an ep that server lacks, or an unpublished one, is not found', async () => {
    const dubbedPage = (await t.app.services.watch.episodePage(movie.slug, 'tap-2', dubbed.id))!;
    expect(dubbedPage.episode.id).toBe(ids.dubbedTwo);
    expect(dubbedPage.previous).toBeNull();
    expect(dubbedPage.next).toBeNull();
    const first = (await t.app.services.watch.episodePage(movie.slug, 'tap-1'))!;
    expect(first.episode).toMatchObject({ intro_start: 5, intro_end: 60, outro_start: null });
    expect(first.switches[1]).toMatchObject({ ep: 'tap-2', same_episode: false });
    expect(await t.app.services.watch.episodePage(movie.slug, 'tap-1', dubbed.id)).toBeNull();
    expect(await t.app.services.watch.episodePage(movie.slug, 'tap-4')).toBeNull();
    expect(await t.app.services.watch.episodePage('no-such-movie', 'tap-1')).toBeNull();
  });
});

describe('POST /api/episodes/:id/view', () => {
  it('checks the id and the episode', async () => {
    const viewer = new Client(t.app);
    const bad = await viewer.post('/api/episodes/abc/view');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toHaveProperty('id');
    expect((await viewer.post('/api/episodes/999999/view')).statusCode).toBe(404);
    expect((await viewer.post(`/api/episodes/${ids.hidden}/view`)).statusCode).toBe(404);
  });

  it('needs the CSRF token in cookie mode', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/episodes/${ids.one}/view` });
    expect(response.statusCode).toBe(419);
  });

  it('counts a viewer once an hour, and each viewer', async () => {
    const before = await viewsOf(movie.id);
    const first = new Client(t.app);
    expect((await first.post(`/api/episodes/${ids.one}/view`)).json()).toEqual({ counted: true });
    expect((await first.post(`/api/episodes/${ids.one}/view`)).json()).toEqual({ counted: false });
    // Another episode is another view.
    expect((await first.post(`/api/episodes/${ids.two}/view`)).json()).toEqual({ counted: true });
    const second = new Client(t.app);
    expect((await second.post(`/api/episodes/${ids.one}/view`)).json()).toEqual({ counted: true });
    const after = await viewsOf(movie.id);
    expect(after.viewsTotal - before.viewsTotal).toBe(3);
    expect(after.viewsDay - before.viewsDay).toBe(3);
    expect(after.viewsWeek - before.viewsWeek).toBe(3);
    expect(after.viewsMonth - before.viewsMonth).toBe(3);
    // No raw address is kept.
    const rows = await t.db.select().from(episodeViews);
    expect(rows.some((row) => row.viewer.includes(first.ip))).toBe(false);
  });

  it('counts a signed-in viewer once across devices, and again in a later hour', async () => {
    const { client: phone, email } = await createUser(t.app);
    const laptop = new Client(t.app);
    await laptop.post('/api/auth/login', { email, password: PASSWORD });
    expect((await phone.post(`/api/episodes/${ids.three}/view`)).json()).toEqual({ counted: true });
    expect((await laptop.post(`/api/episodes/${ids.three}/view`)).json()).toEqual({
      counted: false,
    });
    // The view an hour ago belongs to an earlier bucket.
    await t.db
      .update(episodeViews)
      .set({ hour: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(episodeViews.episodeId, ids.three!));
    expect((await laptop.post(`/api/episodes/${ids.three}/view`)).json()).toEqual({
      counted: true,
    });
  });

  it('is in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(document.paths).toHaveProperty(['/api/episodes/{id}/view']);
  });
});
