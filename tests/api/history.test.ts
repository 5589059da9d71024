// Watch history: a position saved with the watch page's ticket reaches the database in a batch, one row per viewer
// and episode; the viewer reads, trims and clears only their own history; a forged, expired or borrowed ticket saves
// nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchHistory } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '#tests/app-utils.ts';
import {
  createEpisode,
  createMovie,
  createUser,
  type CreatedUser,
  type Episode,
  type Movie,
} from '#tests/factories.ts';
import { Client, expectInvalid, signInFirstAdmin } from './accounts-client.ts';

let t: TestApp;
let admin: Client;
let viewer: CreatedUser;
let other: CreatedUser;
let movie: Movie;
let first: Episode;
let second: Episode;
let hidden: Episode;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFirstAdmin(t.app);
  movie = await createMovie(admin, { title: 'Hoa Thiên Cốt: Truyền thuyết', published: true });
  first = await createEpisode(admin, movie, { name: 'Tập 1' });
  second = await createEpisode(admin, movie, { name: 'Tập 2' });
  hidden = await createEpisode(admin, movie, { name: 'Tập 3', published: false });
  viewer = await createUser(t.app);
  other = await createUser(t.app);
});
afterAll(async () => {
  await t?.close();
});

const ticketOf = async (who: CreatedUser, episode: { id: number }) => {
  const response = await who.client.get(`/api/history/${episode.id}/ticket`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().ticket as string;
};

/** As the player sends it: no cookie, no CSRF header (navigator.sendBeacon sends neither). */
const beacon = (episodeId: number, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/history/${episodeId}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const storedRows = (userId: string) =>
  t.db.select().from(watchHistory).where(eq(watchHistory.userId, userId));

describe('saving positions', () => {
  it('keeps one row per viewer and episode with the latest position, written in a batch', async () => {
    const ticket = await ticketOf(viewer, first);
    for (const position of [10, 20, 754.6]) {
      const saved = await beacon(first.id, { ticket, position, duration: 1500 });
      expect(saved.statusCode, saved.body).toBe(204);
    }
    await t.app.services.history.flush();
    const rows = await storedRows(viewer.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      episodeId: first.id,
      movieId: movie.id,
      positionSeconds: 754,
      durationSeconds: 1500,
    });
    // The back office's user detail counts it.
    const detail = await admin.get(`/api/admin/users/${viewer.user.id}`);
    expect(detail.json().counts).toEqual({ follows: 0, histories: 1 });
  });

  it('refuses a forged, altered, borrowed or expired ticket and saves nothing', async () => {
    const ticket = await ticketOf(other, first);
    const [userId, episodeId, movieId, expires, signature] = ticket.split('.');
    const forged = [
      'nonsense',
      `${viewer.user.id}.${episodeId}.${movieId}.${expires}.${signature}`,
      `${userId}.${episodeId}.${movieId}.${Number(expires) + 3600}.${signature}`,
      t.app.services.history.ticketFor(other.user.id, { id: first.id, movieId: movie.id }, 0),
    ];
    for (const bad of forged) {
      const response = await beacon(first.id, { ticket: bad, position: 30, duration: 1500 });
      expect(response.statusCode, bad).toBe(401);
      expect(response.json().error.code).toBe('invalid_ticket');
    }
    // A good ticket, for another episode.
    expect((await beacon(second.id, { ticket, position: 30, duration: 1500 })).statusCode).toBe(
      401,
    );
    await t.app.services.history.flush();
    expect(await storedRows(other.user.id)).toHaveLength(0);
  });

  it('checks the position and the length', async () => {
    const ticket = await ticketOf(viewer, second);
    expectInvalid(await beacon(second.id, { ticket, position: -1, duration: 100 }), 'position');
    expectInvalid(await beacon(second.id, { ticket, position: 5, duration: 0 }), 'duration');
    expectInvalid(await beacon(second.id, { ticket, position: '5', duration: 100 }), 'position');
    expectInvalid(await beacon(second.id, { position: 5, duration: 100 }), 'ticket');
    // Past the end is kept at the end.
    expect((await beacon(second.id, { ticket, position: 130, duration: 120 })).statusCode).toBe(
      204,
    );
    await t.app.services.history.flush();
    const [row] = await t.db
      .select()
      .from(watchHistory)
      .where(and(eq(watchHistory.userId, viewer.user.id), eq(watchHistory.episodeId, second.id)));
    expect(row).toMatchObject({ positionSeconds: 120, durationSeconds: 120 });
  });

  it('gives tickets only to signed-in viewers, for published episodes', async () => {
    expect((await new Client(t.app).get(`/api/history/${first.id}/ticket`)).statusCode).toBe(401);
    expect((await viewer.client.get(`/api/history/${hidden.id}/ticket`)).statusCode).toBe(404);
    expect((await viewer.client.get('/api/history/999999/ticket')).statusCode).toBe(404);
  });
});

describe("the viewer's history", () => {
  it('lists the viewer’s own episodes newest first, with progress and the watched mark', async () => {
    const response = await viewer.client.get('/api/history');
    expect(response.statusCode, response.body).toBe(200);
    const { data, meta } = response.json();
    expect(data.map((item: { episode_id: number }) => item.episode_id)).toEqual([
      second.id,
      first.id,
    ]);
    expect(data[0]).toMatchObject({
      movie_title: 'Hoa Thiên Cốt: Truyền thuyết',
      movie_slug: movie.slug,
      ep: second.ep,
      position: 120,
      duration: 120,
      watched: true,
    });
    expect(data[1]).toMatchObject({ position: 754, watched: false });
    expect(meta).toMatchObject({ total: 2, page: 1 });
    expect((await other.client.get('/api/history')).json().data).toEqual([]);
    expect((await new Client(t.app).get('/api/history')).statusCode).toBe(401);
  });

  it('hides episodes that are no longer published', async () => {
    const ticket = t.app.services.history.ticketFor(viewer.user.id, {
      id: hidden.id,
      movieId: movie.id,
    });
    expect((await beacon(hidden.id, { ticket, position: 60, duration: 600 })).statusCode).toBe(204);
    const { data } = (await viewer.client.get('/api/history')).json();
    expect(data.map((item: { episode_id: number }) => item.episode_id)).not.toContain(hidden.id);
  });

  it('removes one episode, then clears the rest; another viewer cannot remove them', async () => {
    expect((await other.client.delete(`/api/history/${first.id}`)).statusCode).toBe(404);
    expect((await viewer.client.delete(`/api/history/${first.id}`)).statusCode).toBe(204);
    expect((await viewer.client.delete(`/api/history/${first.id}`)).statusCode).toBe(404);
    const cleared = await viewer.client.delete('/api/history');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().removed).toBe(2);
    expect(await storedRows(viewer.user.id)).toHaveLength(0);
  });

  it('goes with the episode when the episode is deleted', async () => {
    const doomed = await createEpisode(admin, movie, { name: 'Tập 9' });
    const ticket = await ticketOf(other, doomed);
    expect((await beacon(doomed.id, { ticket, position: 60, duration: 600 })).statusCode).toBe(204);
    await t.app.services.history.flush();
    expect(await storedRows(other.user.id)).toHaveLength(1);
    expect(
      (await admin.delete(`/api/admin/movies/${movie.id}/episodes/${doomed.id}`)).statusCode,
    ).toBe(200);
    expect(await storedRows(other.user.id)).toHaveLength(0);
    // A save still on its way for the deleted episode is dropped, not an error for the whole batch.
    expect((await beacon(doomed.id, { ticket, position: 90, duration: 600 })).statusCode).toBe(204);
    expect(
      (
        await beacon(first.id, {
          ticket: await ticketOf(other, first),
          position: 90,
          duration: 600,
        })
      ).statusCode,
    ).toBe(204);
    await t.app.services.history.flush();
    const rows = await storedRows(other.user.id);
    expect(rows.map((row) => row.episodeId)).toEqual([first.id]);
  });
});

describe('continue watching', () => {
  it('answers per movie the episode left in the middle, or the next one after an episode watched to the end', async () => {
    const fan = await createUser(t.app);
    const series = await createMovie(admin, { title: 'Tây Du Ký: Hành trình', published: true });
    const one = await createEpisode(admin, series, { name: 'Tập 1' });
    const two = await createEpisode(admin, series, { name: 'Tập 2' });
    const film = await createMovie(admin, { title: 'Lật Mặt 7', published: true });
    const only = await createEpisode(admin, film, { name: 'Full' });
    const save = async (episode: Episode, position: number, duration: number) =>
      expect(
        (await beacon(episode.id, { ticket: await ticketOf(fan, episode), position, duration }))
          .statusCode,
      ).toBe(204);

    // Finished films leave the row; nothing yet for a viewer without history.
    expect((await fan.client.get('/api/history/continue')).json().data).toEqual([]);
    await save(only, 5900, 6000);
    await save(one, 1400, 1500);
    await t.app.services.history.flush();
    let data = (await fan.client.get('/api/history/continue')).json().data;
    expect(data).toEqual([
      expect.objectContaining({
        movie_id: series.id,
        episode_id: two.id,
        ep: two.ep,
        up_next: true,
        position: 0,
      }),
    ]);

    // Into episode 2: that is where to pick up, with its position.
    await save(two, 300, 1500);
    await save(first, 600, 1500);
    await t.app.services.history.flush();
    data = (await fan.client.get('/api/history/continue')).json().data;
    expect(
      data.map((item: { episode_id: number; up_next: boolean; position: number }) => [
        item.episode_id,
        item.up_next,
        item.position,
      ]),
    ).toEqual([
      [first.id, false, 600],
      [two.id, false, 300],
    ]);
    expect((await new Client(t.app).get('/api/history/continue')).statusCode).toBe(401);
    expect((await other.client.get('/api/history/continue')).json().data).not.toContainEqual(
      expect.objectContaining({ movie_id: series.id }),
    );
  });
});

describe('pausing the history', () => {
  it('saves nothing while paused, even with a ticket from before, and keeps what was there', async () => {
    const quiet = await createUser(t.app);
    const ticket = await ticketOf(quiet, first);
    expect((await beacon(first.id, { ticket, position: 100, duration: 1500 })).statusCode).toBe(
      204,
    );
    const paused = await quiet.client.put('/api/history/paused', { paused: true });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toEqual({ paused: true });
    expect((await beacon(first.id, { ticket, position: 500, duration: 1500 })).statusCode).toBe(
      204,
    );
    await t.app.services.history.flush();
    const rows = await storedRows(quiet.user.id);
    expect(rows.map((row) => row.positionSeconds)).toEqual([100]);

    // The watch page carries no ticket meanwhile (the session says paused).
    const me = await t.app.services.auth.getCurrentUser(
      new Headers({ cookie: quiet.client.cookieHeader() }),
    );
    expect(me?.historyPaused).toBe(true);

    expect((await quiet.client.put('/api/history/paused', { paused: false })).statusCode).toBe(200);
    expect((await beacon(first.id, { ticket, position: 700, duration: 1500 })).statusCode).toBe(
      204,
    );
    await t.app.services.history.flush();
    expect((await storedRows(quiet.user.id)).map((row) => row.positionSeconds)).toEqual([700]);
    expect((await new Client(t.app).put('/api/history/paused', { paused: true })).statusCode).toBe(
      401,
    );
    expectInvalid(await quiet.client.put('/api/history/paused', { paused: 'yes' }), 'paused');
  });
});

describe("merging a guest's history at sign-in", () => {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

  it('adds published episodes, keeps the newer position, and takes the movie from the episode', async () => {
    const guest = await createUser(t.app);
    const ticket = await ticketOf(guest, second);
    expect((await beacon(second.id, { ticket, position: 900, duration: 1500 })).statusCode).toBe(
      204,
    );
    await t.app.services.history.flush();
    const merged = await guest.client.post('/api/history/merge', {
      items: [
        { episode_id: first.id, position: 321.5, duration: 1500, watched_at: at(5) },
        // Older than what the account has: the account's position stays.
        { episode_id: second.id, position: 10, duration: 1500, watched_at: at(600) },
        { episode_id: hidden.id, position: 60, duration: 1500, watched_at: at(5) },
        { episode_id: 999_999, position: 60, duration: 1500, watched_at: at(5) },
      ],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toEqual({ merged: 1 });
    const rows = await storedRows(guest.user.id);
    expect(
      rows
        .map((row) => [row.episodeId, row.movieId, row.positionSeconds])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual([
      [first.id, movie.id, 321],
      [second.id, movie.id, 900],
    ]);
  });

  it('checks the list and who sends it', async () => {
    const guest = await createUser(t.app);
    const item = { episode_id: first.id, position: 1, duration: 10, watched_at: at(1) };
    expect((await new Client(t.app).post('/api/history/merge', { items: [item] })).statusCode).toBe(
      401,
    );
    expectInvalid(
      await guest.client.post('/api/history/merge', {
        items: Array.from({ length: 51 }, () => item),
      }),
      'items',
    );
    expectInvalid(
      await guest.client.post('/api/history/merge', {
        items: [{ ...item, watched_at: 'yesterday' }],
      }),
      'items.0.watched_at',
    );
    // A clock in the future does not beat a position saved since.
    expect(
      (
        await guest.client.post('/api/history/merge', {
          items: [{ ...item, watched_at: new Date(Date.now() + 86_400_000).toISOString() }],
        })
      ).json(),
    ).toEqual({ merged: 1 });
    const [row] = await storedRows(guest.user.id);
    expect(row!.updatedAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
