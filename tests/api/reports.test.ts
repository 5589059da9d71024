// Viewers' reports: checked input, published episodes only, anonymous or signed in, limited per IP and per user,
// announced to the admins as `report.created`.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGE_MAX, REPORT_REASONS, reports } from '#server/db/schema/index.ts';
// What the report dialog offers (app/lib/reports.ts, which the schema re-exports).
import {
  REPORT_MESSAGE_MAX as dialogMessageMax,
  REPORT_REASONS as dialogReasons,
} from '#shared/reports.ts';
import type { DomainEvents } from '#server/events.ts';
import { createEpisode, createMovie, createUser } from '#tests/factories.ts';
import { Client, expectInvalid, signInFirstAdmin } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp();
let admin: Client;
const ids: Record<string, number> = {};
let movieId = 0;
const heard: Array<DomainEvents['report.created']> = [];

beforeAll(async () => {
  admin = await signInFirstAdmin(t.app);
  const shown = await createMovie(admin, { title: 'Hoa Thiên Cốt', published: true });
  movieId = shown.id;
  ids.one = (await createEpisode(admin, shown, { name: 'Tập 1' })).id;
  ids.hidden = (await createEpisode(admin, shown, { name: 'Tập 2', published: false })).id;
  const draft = await createMovie(admin, { published: false });
  ids.draft = (await createEpisode(admin, draft, { name: 'Tập 1' })).id;
  t.app.services.events.on('report.created', (payload) => heard.push(payload));
});

const storedReport = async (id: number) =>
  (await t.db.select().from(reports).where(eq(reports.id, id)))[0]!;

describe('POST /api/reports', () => {
  it('checks the reason, the message and the episode', async () => {
    const viewer = new Client(t.app);
    expectInvalid(
      await viewer.post('/api/reports', { episode_id: ids.one, reason: 'boring' }),
      'reason',
    );
    expectInvalid(
      await viewer.post('/api/reports', {
        episode_id: ids.one,
        reason: 'other',
        message: 'x'.repeat(501),
      }),
      'message',
    );
    expectInvalid(await viewer.post('/api/reports', { reason: 'other' }), 'episode_id');
    expectInvalid(
      await viewer.post('/api/reports', { episode_id: ids.one, reason: 'other', extra: 1 }),
      'extra',
    );
    for (const episode of [999_999, ids.hidden, ids.draft]) {
      const response = await viewer.post('/api/reports', {
        episode_id: episode,
        reason: 'wont_play',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect(await t.db.select().from(reports)).toEqual([]);
  });

  it('needs the CSRF token in cookie mode', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { episode_id: ids.one, reason: 'other' },
    });
    expect(response.statusCode).toBe(419);
  });

  it('takes an anonymous report, open, with the browser, and tells the admins', async () => {
    const viewer = new Client(t.app);
    const response = await viewer.post('/api/reports', {
      episode_id: ids.one,
      reason: 'audio_video',
      message: '  Tiếng bị lệch khoảng 2 giây từ phút 12.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { report } = response.json();
    expect(report).toMatchObject({
      movie_id: movieId,
      episode_id: ids.one,
      reason: 'audio_video',
      message: 'Tiếng bị lệch khoảng 2 giây từ phút 12.',
      status: 'open',
    });
    const row = await storedReport(report.id);
    expect(row).toMatchObject({ userId: null, status: 'open', reason: 'audio_video' });
    expect(row.userAgent).toContain('Chrome/');
    expect(heard.at(-1)).toMatchObject({
      reportId: report.id,
      movieId,
      movieTitle: 'Hoa Thiên Cốt',
      episodeId: ids.one,
      episodeName: 'Tập 1',
      reason: 'audio_video',
    });
  });

  it('records the signed-in viewer', async () => {
    const { client, user } = await createUser(t.app);
    const response = await client.post('/api/reports', {
      episode_id: ids.one,
      reason: 'wrong_episode',
    });
    expect(response.statusCode, response.body).toBe(201);
    const row = await storedReport(response.json().report.id);
    expect(row).toMatchObject({ userId: user.id, reason: 'wrong_episode', message: '' });
  });

  it('limits reports per address, and per account across addresses', async () => {
    const viewer = new Client(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push(
        (await viewer.post('/api/reports', { episode_id: ids.one, reason: 'other' })).statusCode,
      );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);

    const busy = await createUser(t.app);
    const phone = new Client(t.app);
    const laptop = new Client(t.app);
    for (const device of [phone, laptop])
      await device.post('/api/auth/login', { email: busy.email, password: busy.password });
    const spread: number[] = [];
    for (let i = 0; i < 3; i += 1)
      for (const device of [phone, laptop])
        spread.push(
          (await device.post('/api/reports', { episode_id: ids.one, reason: 'subtitles' }))
            .statusCode,
        );
    expect(spread).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await laptop.post('/api/reports', { episode_id: ids.one, reason: 'other' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 404, not 500, when the movie is deleted between the check and the write', async () => {
    const doomed = await createMovie(admin, { published: true });
    const episode = await createEpisode(admin, doomed, { name: 'Tập 1' });
    // Another admin's delete, not yet committed: the report's check still sees the movie, and its insert waits
    // on the foreign key until the delete commits.
    const other = await t.db.$client.connect();
    try {
      await other.query('begin');
      await other.query('delete from movies where id = $1', [doomed.id]);
      const answer = new Client(t.app).post('/api/reports', {
        episode_id: episode.id,
        reason: 'wont_play',
      });
      await expect
        .poll(async () => {
          const { rows } = await t.db.$client.query(
            `select count(*)::int n from pg_stat_activity
             where wait_event_type = 'Lock' and query like 'insert into "reports"%'`,
          );
          return rows[0].n;
        })
        .toBe(1);
      await other.query('commit');
      const response = await answer;
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    } finally {
      other.release();
    }
  });

  it('offers in the dialog exactly the reasons and length the server takes', () => {
    expect(dialogReasons).toEqual(REPORT_REASONS);
    expect(dialogMessageMax).toBe(REPORT_MESSAGE_MAX);
  });

  it('is in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(
      document.paths['/api/reports'].post.requestBody.content['application/json'].schema,
    ).toMatchObject({ required: expect.arrayContaining(['episode_id', 'reason']) });
  });
});
