// The admin overview (decision 051): viewers now follow the player's heartbeat (and only for published episodes),
// views, the most watched titles, new accounts, reports, the transcode queue and disk use read what happened;
// admins only; the live count reaches the admins' room as `presence.count`.
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { viewerPresence } from '#server/db/schema/index.ts';
import { createEpisode, createMovie, createUser, type CreatedUser } from '#tests/factories.ts';
import { Client } from './accounts-client.ts';
import { expectAdminsOnly, withTestApp } from './helpers.ts';

const t = withTestApp();
let admin: CreatedUser;

const overview = async () => {
  const response = await admin.client.get('/api/admin/overview');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin' });
});

describe('the overview', () => {
  it('is for admins only', async () => {
    await expectAdminsOnly(t, '/api/admin/overview');
  });

  it('counts viewers now from the heartbeat, views and the week’s top titles', async () => {
    const before = await overview();
    const movie = await createMovie(admin.client, {
      title: 'Người xem nhiều nhất',
      published: true,
    });
    const episode = await createEpisode(admin.client, movie, { name: 'Tập 1' });
    const draft = await createMovie(admin.client, { title: 'Nháp', published: false });
    const hidden = await createEpisode(admin.client, draft, { name: 'Tập 1' });
    const [one, two] = [new Client(t.app), new Client(t.app)];
    expect((await one.post(`/api/episodes/${episode.id}/view`)).statusCode).toBe(200);
    expect((await two.post(`/api/episodes/${episode.id}/watching`)).statusCode).toBe(204);
    // The same viewer again is still one viewer.
    expect((await two.post(`/api/episodes/${episode.id}/watching`)).statusCode).toBe(204);
    expect((await one.post(`/api/episodes/${hidden.id}/watching`)).statusCode).toBe(404);
    expect((await new Client(t.app).post('/api/episodes/99999999/watching')).statusCode).toBe(404);

    const now = await overview();
    expect(now.viewers_now).toBe(before.viewers_now + 2);
    expect(now.views.day).toBe(before.views.day + 1);
    expect(now.top_titles[0]).toMatchObject({
      id: movie.id,
      title: 'Người xem nhiều nhất',
      views_week: 1,
    });

    // Six minutes of silence: no longer watching.
    await t.db.update(viewerPresence).set({ seenAt: sql`now() - interval '6 minutes'` });
    expect((await overview()).viewers_now).toBe(0);
  });

  it('tells the admins’ room when the number of viewers moves', async () => {
    const heard: number[] = [];
    const stop = t.app.services.events.on('presence.count', ({ viewers }) => heard.push(viewers));
    try {
      const movie = await createMovie(admin.client, { published: true });
      const episode = await createEpisode(admin.client, movie, { name: 'Tập 1' });
      await new Client(t.app).post(`/api/episodes/${episode.id}/watching`);
      // The tick runs every 15 s; the test asks the service directly for one.
      await t.app.services.presence.tick();
      expect(heard.at(-1)).toBeGreaterThan(0);
    } finally {
      stop();
    }
  });

  it('counts new accounts, reports and the transcode queue, and sizes the data folder', async () => {
    const before = await overview();
    await createUser(t.app, { name: 'Người dùng mới toanh' });
    await t.db.execute(sql`
      insert into videos (name, status, original_filename) values
        ('Đang chạy', 'processing', 'a.mp4'), ('Chờ', 'queued', 'b.mp4'), ('Hỏng', 'failed', 'c.mp4')`);
    await fs.mkdir(path.join(t.dataDir, 'storage', 'posters'), { recursive: true });
    await fs.writeFile(path.join(t.dataDir, 'storage', 'posters', 'x.bin'), Buffer.alloc(4096));
    await t.app.services.overview.measureDisk();

    const now = await overview();
    expect(now.users.day).toBe(before.users.day + 1);
    expect(now.users.latest[0]).toMatchObject({ name: 'Người dùng mới toanh' });
    expect(now.transcodes).toMatchObject({
      running: before.transcodes.running + 1,
      waiting: before.transcodes.waiting + 1,
      failed: before.transcodes.failed + 1,
    });
    expect(now.transcodes.current.map((video: { name: string }) => video.name)).toContain(
      'Đang chạy',
    );
    expect(now.disk.folders.storage).toBeGreaterThanOrEqual(4096);
    expect(now.disk.database).toBeGreaterThan(0);
    expect(now.disk.total).toBeGreaterThan(now.disk.free);
  });
});
