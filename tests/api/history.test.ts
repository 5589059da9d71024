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
