// Notifications (decision 043): when an episode counts as published, who hears of it (followers only, once), a
// resolved report reaching its reporter once, the viewer's own list and marks, the live event, and the emails.
import { eq, inArray } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { episodes, follows, notifications, reports } from '#server/db/schema/index.ts';
import type { DomainEvents } from '#server/events.ts';
import { REALTIME_PATH } from '#server/realtime/realtime.ts';
import {
  createEpisode,
  createMovie,
  createServer,
  createUser,
  type CreatedUser,
} from '#tests/factories.ts';
import { readLatestMail } from '#tests/mail-utils.ts';
import { waitFor } from '#tests/wait-utils.ts';
import { Client } from './accounts-client.ts';
import { expectSignedInOnly, withTestApp } from './helpers.ts';

const t = withTestApp();
let admin: CreatedUser;

beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin' });
  // The fan-out runs as jobs, as on a server.
  await t.app.services.jobs.start({ workers: true });
});

/** A follow row as the follow list writes it (its API is built beside this one). */
async function follow(user: { id: string }, movie: { id: number }) {
  await t.db.insert(follows).values({ userId: user.id, movieId: movie.id });
}

const listOf = async (client: Client) => {
  const response = await client.get('/api/notifications');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: Array<{
      id: number;
      kind: string;
      episode_id: number;
      url: string;
      read_at: string | null;
    }>;
    meta: { total: number };
    unread: number;
  };
};

/** Waits until the viewer has `count` notifications (the job runs within a second or two). */
const waitForCount = (client: Client, count: number) =>
  waitFor(async () => {
    const list = await listOf(client);
    // The page and the counts are read side by side: a row written in between can be in one and not the other.
    return list.meta.total >= count && list.data.length >= count ? list : undefined;
  }, 15_000);

function recordEvents<K extends keyof DomainEvents>(name: K) {
  const seen: Array<DomainEvents[K]> = [];
  const stop = t.app.services.events.on(name, (payload) => seen.push(payload));
  return { seen, stop };
}

async function publishedMovieWithFollowers(...followers: CreatedUser[]) {
  const movie = await createMovie(admin.client, { published: true });
  for (const follower of followers) await follow(follower.user, movie);
  return movie;
}

describe('published_at and episode.published', () => {
  it('stamps an episode the first time it becomes watchable and announces it once', async () => {
    const events = recordEvents('episode.published');
    const movie = await createMovie(admin.client, { published: true });
    const episode = await createEpisode(admin.client, movie);
    const stamp = async () =>
      (await t.db.select().from(episodes).where(eq(episodes.id, episode.id)))[0]!.publishedAt;
    const first = await stamp();
    expect(first).toBeInstanceOf(Date);
    expect(events.seen).toEqual([{ episodeId: episode.id, movieId: movie.id }]);

    const url = `/api/admin/movies/${movie.id}/episodes/${episode.id}`;
    expect((await admin.client.patch(url, { published: false })).statusCode).toBe(200);
    expect((await admin.client.patch(url, { published: true })).statusCode).toBe(200);
    expect(await stamp()).toEqual(first);
    expect(events.seen).toHaveLength(1);
    events.stop();
  });

  it('waits for the movie: a hidden movie’s episodes are stamped and announced when it is published', async () => {
    const events = recordEvents('episode.published');
    const movie = await createMovie(admin.client, { published: false });
    const hidden = await createEpisode(admin.client, movie, { published: false });
    const shown = await createEpisode(admin.client, movie);
    expect(events.seen).toEqual([]);

    const publish = await admin.client.post('/api/admin/movies/bulk', {
      action: 'publish',
      ids: [movie.id],
    });
    expect(publish.statusCode, publish.body).toBe(200);
    expect(events.seen).toEqual([{ episodeId: shown.id, movieId: movie.id }]);
    const [row] = await t.db.select().from(episodes).where(eq(episodes.id, hidden.id));
    expect(row!.publishedAt).toBeNull();

    // Hidden and shown again: nothing is new.
    await admin.client.patch(`/api/admin/movies/${movie.id}`, { published: false });
    await admin.client.patch(`/api/admin/movies/${movie.id}`, { published: true });
    expect(events.seen).toHaveLength(1);
    events.stop();
  });
  it('stamps pasted episodes, and a hidden movie’s episodes when the movie form publishes it', async () => {
    const events = recordEvents('episode.published');
    const movie = await createMovie(admin.client, { published: false });
    const server = await createServer(admin.client, movie);
    const pasted = await admin.client.post(
      `/api/admin/movies/${movie.id}/servers/${server.id}/episodes/bulk`,
      { lines: 'Tập 1|https://cdn.example/1.m3u8\nTập 2|https://cdn.example/2.m3u8' },
    );
    expect(pasted.statusCode, pasted.body).toBe(201);
    expect(events.seen).toEqual([]);
    expect(
      (await admin.client.patch(`/api/admin/movies/${movie.id}`, { published: true })).statusCode,
    ).toBe(200);
    const ids = (pasted.json().episodes as Array<{ id: number }>).map((episode) => episode.id);
    expect(events.seen.map((event) => event.episodeId).sort()).toEqual(ids.sort());

    const shown = await createMovie(admin.client, { published: true });
    const shownServer = await createServer(admin.client, shown);
    await admin.client.post(
      `/api/admin/movies/${shown.id}/servers/${shownServer.id}/episodes/bulk`,
      {
        lines: 'Tập 1|https://cdn.example/3.m3u8',
      },
    );
    expect(events.seen).toHaveLength(3);
    events.stop();
  });
});

describe('a new episode', () => {
  it('notifies the movie’s followers only, once each, live with the unread count', async () => {
    const [lan, binh, other] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    const movie = await publishedMovieWithFollowers(lan, binh);
    const elsewhere = await publishedMovieWithFollowers(other);
    const live = recordEvents('notification.created');

    const episode = await createEpisode(admin.client, movie, { name: 'Tập 7' });
    const list = await waitForCount(lan.client, 1);
    expect(list.unread).toBe(1);
    expect(list.data[0]).toMatchObject({
      kind: 'new_episode',
      episode_id: episode.id,
      movie_id: movie.id,
      movie_title: movie.title,
      episode_name: 'Tập 7',
      url: `/watch/${movie.slug}/${episode.ep}`,
      read_at: null,
    });
    await waitForCount(binh.client, 1);
    expect((await listOf(other.client)).meta.total).toBe(0);
    expect(live.seen.map((event) => event.userId).sort()).toEqual(
      [lan.user.id, binh.user.id].sort(),
    );
    expect(live.seen[0]).toMatchObject({ unread: 1, notification: { episode_id: episode.id } });
    live.stop();

    // A retried job adds nothing.
    await t.app.services.notifications.notifyFollowers(episode.id);
    expect((await listOf(lan.client)).meta.total).toBe(1);
    expect(elsewhere.id).not.toBe(movie.id);
  });

  it('reaches the follower’s socket as notification.created', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const viewer = await createUser(t.app);
    const movie = await publishedMovieWithFollowers(viewer);
    const socket: Socket = connect(url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: viewer.client.cookieHeader() },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const heard = new Promise<unknown>((resolve) => socket.once('notification.created', resolve));
      const episode = await createEpisode(admin.client, movie);
      expect(await heard).toMatchObject({ unread: 1, notification: { episode_id: episode.id } });
      const read = new Promise<unknown>((resolve) => socket.once('notification.read', resolve));
      expect((await viewer.client.post('/api/notifications/read-all')).statusCode).toBe(200);
      expect(await read).toEqual({ unread: 0 });
    } finally {
      socket.disconnect();
    }
  });
});

describe('a resolved report', () => {
  it('notifies its signed-in reporter once, and no one for an anonymous report', async () => {
    const reporter = await createUser(t.app);
    const bystander = await createUser(t.app);
    const movie = await createMovie(admin.client, { published: true });
    const episode = await createEpisode(admin.client, movie);
    const report = async (client: Client) => {
      const response = await client.post('/api/reports', {
        episode_id: episode.id,
        reason: 'wont_play',
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().report.id as number;
    };
    const mine = await report(reporter.client);
    const anonymous = await report(new Client(t.app));
    // The Report Manager's API emits this; here the test plays the admin's part.
    const resolve = async (ids: number[]) => {
      await t.db.update(reports).set({ status: 'resolved' }).where(inArray(reports.id, ids));
      t.app.services.events.emit('report.updated', {
        reportIds: ids,
        status: 'resolved',
        byUserId: admin.user.id,
      });
    };
    await resolve([mine, anonymous]);
    const list = await waitForCount(reporter.client, 1);
    expect(list.data[0]).toMatchObject({ kind: 'report_resolved', report_id: mine });

    await resolve([mine]);
    await t.app.services.notifications.notifyReporters([mine]);
    expect((await listOf(reporter.client)).meta.total).toBe(1);
    expect((await listOf(bystander.client)).meta.total).toBe(0);

    // Dismissed or only in progress: nothing.
    const other = await report(reporter.client);
    t.app.services.events.emit('report.updated', {
      reportIds: [other],
      status: 'in_progress',
      byUserId: admin.user.id,
    });
    await t.app.services.notifications.notifyReporters([other]);
    expect((await listOf(reporter.client)).meta.total).toBe(1);
  });
});

describe('the API', () => {
  it('is for signed-in viewers', async () => {
    await expectSignedInOnly(t, [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/1/read'],
      ['POST', '/api/notifications/read-all'],
    ]);
  });

  it('lists, counts and marks only the caller’s own notifications', async () => {
    const [viewer, another] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const movie = await publishedMovieWithFollowers(viewer, another, admin);
    await createEpisode(admin.client, movie);
    await createEpisode(admin.client, movie);
    const list = await waitForCount(viewer.client, 2);
    await waitForCount(another.client, 2);
    await waitForCount(admin.client, 2);
    expect(list.unread).toBe(2);
    // Newest first.
    expect(list.data[0]!.episode_id).toBeGreaterThan(list.data[1]!.episode_id);
    const [newest, older] = list.data;

    // Another viewer, and an admin, cannot mark it: 404 as for an unknown id.
    expect((await another.client.post(`/api/notifications/${newest!.id}/read`)).statusCode).toBe(
      404,
    );
    expect((await admin.client.post(`/api/notifications/${newest!.id}/read`)).statusCode).toBe(404);
    expect((await viewer.client.post('/api/notifications/999999999/read')).statusCode).toBe(404);
    expect((await viewer.client.post('/api/notifications/abc/read')).statusCode).toBe(422);
    expect((await viewer.client.get('/api/notifications?per_page=500')).statusCode).toBe(422);

    const marked = await viewer.client.post(`/api/notifications/${newest!.id}/read`);
    expect(marked.json()).toEqual({ unread: 1 });
    expect((await viewer.client.get('/api/notifications/unread-count')).json()).toEqual({
      unread: 1,
    });
    expect((await another.client.get('/api/notifications/unread-count')).json()).toEqual({
      unread: 2,
    });

    const paged = await viewer.client.get('/api/notifications?per_page=1&page=2');
    expect(paged.json().data.map((item: { id: number }) => item.id)).toEqual([older!.id]);
    expect(paged.json().meta).toMatchObject({ page: 2, per_page: 1, total: 2, last_page: 2 });

    const all = await viewer.client.post('/api/notifications/read-all');
    expect(all.json()).toEqual({ updated: 1, unread: 0 });
    expect((await another.client.get('/api/notifications/unread-count')).json()).toEqual({
      unread: 2,
    });
    expect((await admin.client.get('/api/notifications/unread-count')).json()).toEqual({
      unread: 2,
    });
  });
});

describe('emails', () => {
  const choose = async (viewer: CreatedUser, choice: string) => {
    const response = await viewer.client.patch('/api/user', { notification_email: choice });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.notification_email).toBe(choice);
  };

  it('is a setting of the account: off by default, one of three', async () => {
    const viewer = await createUser(t.app);
    expect((await viewer.client.get('/api/user')).json().user.notification_email).toBe('off');
    const bad = await viewer.client.patch('/api/user', { notification_email: 'weekly' });
    expect(bad.statusCode).toBe(422);
  });

  it('instant: one mail per notification, in the viewer’s language, with the settings link', async () => {
    const viewer = await createUser(t.app, { verified: true });
    const unverified = await createUser(t.app);
    await choose(viewer, 'instant');
    await choose(unverified, 'instant');
    await viewer.client.patch('/api/user', { locale: 'en' });
    const movie = await publishedMovieWithFollowers(viewer, unverified);
    await createEpisode(admin.client, movie, { name: 'Tập 9' });
    await waitForCount(viewer.client, 1);
    const mail = await waitFor(async () => {
      const rows = await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, viewer.user.id));
      return rows[0]?.emailedAt ? readLatestMail(t.dataDir, viewer.email) : undefined;
    }, 15_000);
    expect(mail.subject).toBe(`${movie.title}: Tập 9 is out`);
    expect(mail.text).toContain(`/watch/${movie.slug}/`);
    expect(mail.text).toContain('/account/general#notifications');
    // Mail goes to verified addresses only (the last one this viewer got is the sign-up's).
    expect((await readLatestMail(t.dataDir, unverified.email)).subject).toMatch(/^Xác minh email/);
  });

  it('daily: one digest of what was not mailed yet, per viewer, then nothing more', async () => {
    const viewer = await createUser(t.app, { verified: true });
    const quiet = await createUser(t.app, { verified: true });
    await choose(viewer, 'daily');
    const movie = await publishedMovieWithFollowers(viewer, quiet);
    await createEpisode(admin.client, movie, { name: 'Tập 1' });
    await createEpisode(admin.client, movie, { name: 'Tập 2' });
    await waitForCount(viewer.client, 2);
    await waitForCount(quiet.client, 2);

    const first = await t.app.services.notifications.sendDigests();
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const mail = await readLatestMail(t.dataDir, viewer.email);
    expect(mail.subject).toMatch(/^Bạn có 2 thông báo mới tại /);
    expect(mail.text).toContain(`${movie.title}: đã có Tập 2`);
    expect(mail.text).toContain(`${movie.title}: đã có Tập 1`);
    expect(mail.text).toContain('/account/general#notifications');
    expect((await readLatestMail(t.dataDir, quiet.email)).subject).toMatch(/^Xác minh email/);

    const again = await t.app.services.notifications.sendDigests();
    expect(again.sent).toBe(0);
  });
});
