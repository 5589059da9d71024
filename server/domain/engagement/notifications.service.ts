// Notifications (the header's bell, /user/notifications, optional email): a new episode of a followed movie, a
// report resolved. Events queue a job; the job writes every recipient's row in one INSERT … SELECT, tells their
// sockets (through the event bus and the realtime door, on every node with Redis) and mails those who chose
// "instant"; a daily job mails the digests. Decision 043.
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { follows, notifications, reports } from '#server/db/schema/index.ts';
import { NotFound } from '#server/domain/errors.ts';
import { pageMeta, pageWindow, type PageQuery } from '#server/domain/list.ts';
import type { EventBus } from '#server/events.ts';
import { QUEUES, WAKE_POLL_SECONDS, type JobQueue } from '#server/jobs.ts';
import { digestMail, notificationMail } from '#server/mail/notification-mail.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { NotificationData } from '#shared/notifications.ts';
import type { Page } from '#shared/list-query.ts';
import type { Notification } from '#shared/resources/notification.ts';

/** Once a day, at 01:00 UTC (08:00 in Vietnam), the digests of the day go out. */
export const DIGEST_CRON = '0 1 * * *';
/** A digest covers at most the last week: someone who switches to "daily" is not mailed last year's news. */
const DIGEST_DAYS = 7;

type Log = { info: (o: object, m?: string) => void; error: (o: object, m?: string) => void };
type Row = {
  id: number;
  userId: string;
  data: NotificationData;
  readAt: Date | null;
  createdAt: Date;
};

export function toNotification(row: Row): Notification {
  const { data } = row;
  return {
    id: Number(row.id),
    kind: data.kind,
    movie_id: data.movieId,
    movie_title: data.movieTitle,
    movie_slug: data.movieSlug,
    episode_id: data.episodeId,
    episode_name: data.episodeName,
    ep: data.ep,
    poster: data.kind === 'new_episode' ? data.poster : null,
    report_id: data.kind === 'report_resolved' ? data.reportId : null,
    url: `/watch/${data.movieSlug}/${data.ep}`,
    read_at: row.readAt ? new Date(row.readAt).toISOString() : null,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService(options: {
  db: Database;
  events: EventBus;
  jobs: JobQueue;
  mailer: Mailer;
  site: { name: string; publicUrl: string };
  log: Log;
}) {
  const { db, events, jobs, mailer, site, log } = options;

  async function unreadCounts(userIds: string[]) {
    const counts = new Map<string, number>();
    if (!userIds.length) return counts;
    const rows = await db
      .select({ userId: notifications.userId, unread: count() })
      .from(notifications)
      .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
      .groupBy(notifications.userId);
    for (const row of rows) counts.set(row.userId, Number(row.unread));
    return counts;
  }

  async function unreadCount(userId: string) {
    return (await unreadCounts([userId])).get(userId) ?? 0;
  }

  /**
   * Writes one row per recipient from `select` (columns `user_id`, `data`), skipping a recipient who already has
   * a notification matching `same` (so a retried job, or a report resolved twice, notifies once), then tells them.
   */
  async function insertAndTell(select: SQL, same: SQL) {
    const { rows } = await db.execute<{
      id: string;
      user_id: string;
      data: NotificationData;
      read_at: Date | null;
      created_at: Date;
    }>(sql`
      insert into ${notifications} (user_id, data)
      select candidate.user_id, candidate.data from (${select}) as candidate
      where not exists (
        select 1 from ${notifications} as earlier
        where earlier.user_id = candidate.user_id and earlier.data @> ${same}
      )
      returning id, user_id, data, read_at, created_at`);
    const created = rows.map((row) =>
      toNotification({
        id: Number(row.id),
        userId: row.user_id,
        data: row.data,
        readAt: row.read_at,
        createdAt: row.created_at,
      }),
    );
    const counts = await unreadCounts([...new Set(rows.map((row) => row.user_id))]);
    rows.forEach((row, index) =>
      events.emit('notification.created', {
        userId: row.user_id,
        notification: created[index]!,
        unread: counts.get(row.user_id) ?? 1,
      }),
    );
    return created;
  }

  /** Mails, one by one, the notifications matching `where` not mailed yet, to verified viewers who chose "instant". */
  async function mailInstant(where: SQL) {
    const { rows } = await db.execute<{
      id: string;
      data: NotificationData;
      email: string;
      name: string;
      locale: string;
    }>(sql`
      select n.id, n.data, u.email, u.name, u.locale
      from ${notifications} n join users u on u.id = n.user_id
      where n.emailed_at is null and n.read_at is null and u.notification_email = 'instant'
        and u.email_verified and n.created_at > now() - interval '1 day' and ${where}
      order by n.id`);
    let sent = 0;
    for (const row of rows) {
      try {
        await mailer.send(notificationMail(row, row.data, site));
        await db
          .update(notifications)
          .set({ emailedAt: new Date() })
          .where(eq(notifications.id, Number(row.id)));
        sent += 1;
      } catch (error) {
        log.error({ err: error, notificationId: row.id }, 'notification mail failed');
      }
    }
    return sent;
  }

  /** Every follower of the episode's movie hears of it, if the episode is still watchable. */
  async function notifyFollowers(episodeId: number) {
    const created = await insertAndTell(
      sql`
        select f.user_id, jsonb_build_object(
          'kind', 'new_episode', 'movieId', m.id, 'movieTitle', m.title, 'movieSlug', m.slug,
          'episodeId', e.id, 'episodeName', e.name, 'ep', e.ep, 'poster', m.poster) as data
        from episodes e
        join movies m on m.id = e.movie_id
        join ${follows} f on f.movie_id = e.movie_id
        where e.id = ${episodeId} and e.published and m.published`,
      sql`jsonb_build_object('kind', 'new_episode', 'episodeId', ${episodeId}::bigint)`,
    );
    const mailed = await mailInstant(
      sql`n.data @> jsonb_build_object('kind', 'new_episode', 'episodeId', ${episodeId}::bigint)`,
    );
    return { created: created.length, mailed };
  }

  /** The signed-in reporters of these reports, if they are (still) resolved, hear of it once per report. */
  async function notifyReporters(reportIds: number[]) {
    if (!reportIds.length) return { created: 0, mailed: 0 };
    const ids = sql.join(
      reportIds.map((id) => sql`${id}::bigint`),
      sql`, `,
    );
    const created = await insertAndTell(
      sql`
        select r.user_id, jsonb_build_object(
          'kind', 'report_resolved', 'reportId', r.id, 'movieId', m.id, 'movieTitle', m.title,
          'movieSlug', m.slug, 'episodeId', e.id, 'episodeName', e.name, 'ep', e.ep) as data
        from ${reports} r
        join episodes e on e.id = r.episode_id
        join movies m on m.id = r.movie_id
        where r.id in (${ids}) and r.status = 'resolved' and r.user_id is not null`,
      sql`jsonb_build_object('kind', 'report_resolved', 'reportId', (candidate.data->'reportId'))`,
    );
    const mailed = await mailInstant(
      sql`n.data->>'kind' = 'report_resolved' and (n.data->>'reportId')::bigint in (${ids})`,
    );
    return { created: created.length, mailed };
  }

  /** One email per viewer who chose "daily", listing their unread notifications not mailed yet. */
  async function sendDigests() {
    const { rows } = await db.execute<{
      id: string;
      user_id: string;
      data: NotificationData;
      email: string;
      name: string;
      locale: string;
    }>(sql`
      select n.id, n.user_id, n.data, u.email, u.name, u.locale
      from ${notifications} n join users u on u.id = n.user_id
      where u.notification_email = 'daily' and u.email_verified
        and n.emailed_at is null and n.read_at is null
        and n.created_at > now() - make_interval(days => ${DIGEST_DAYS})
      order by n.user_id, n.created_at desc, n.id desc`);
    // Not Map.groupBy: Node 20 lacks it.
    const byUser = new Map<string, typeof rows>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    let sent = 0;
    for (const items of byUser.values()) {
      const first = items[0]!;
      try {
        await mailer.send(
          digestMail(
            first,
            items.map((item) => item.data),
            site,
          ),
        );
        await db
          .update(notifications)
          .set({ emailedAt: new Date() })
          .where(
            inArray(
              notifications.id,
              items.map((item) => Number(item.id)),
            ),
          );
        sent += 1;
      } catch (error) {
        log.error({ err: error, userId: first.user_id }, 'notification digest failed');
      }
    }
    return { sent };
  }

  /** Queues the fan-out when someone is there to hear it: the web request that published is not slowed. */
  function listen() {
    const queue = (name: (typeof QUEUES)[keyof typeof QUEUES], data: Record<string, unknown>) =>
      jobs.send(name, data).catch((error: unknown) => {
        log.error({ err: error, job: name, data }, 'notification job not queued');
      });
    const stops = [
      events.on('episode.published', ({ episodeId, movieId }) => {
        void db
          .select({ one: sql`1` })
          .from(follows)
          .where(eq(follows.movieId, movieId))
          .limit(1)
          .then((found) => {
            if (found.length) return queue(QUEUES.notifyFollowers, { episodeId });
          })
          .catch((error: unknown) => log.error({ err: error }, 'followers not looked up'));
      }),
      events.on('report.updated', ({ reportIds, status }) => {
        if (status !== 'resolved' || !reportIds.length) return;
        void db
          .select({ one: sql`1` })
          .from(reports)
          .where(and(inArray(reports.id, reportIds), sql`${reports.userId} is not null`))
          .limit(1)
          .then((found) => {
            if (found.length) return queue(QUEUES.notifyReporters, { reportIds });
          })
          .catch((error: unknown) => log.error({ err: error }, 'reporters not looked up'));
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }

  return {
    listen,
    notifyFollowers,
    notifyReporters,
    sendDigests,
    unreadCount,

    /** The viewer's notifications, newest first, with their unread count. */
    async list(userId: string, query: PageQuery): Promise<Page<Notification> & { unread: number }> {
      const window = pageWindow(query);
      const mine = eq(notifications.userId, userId);
      // The total and the unread count in one statement, so that they agree with each other.
      const [rows, [counts]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(mine)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(window.limit)
          .offset(window.offset),
        db
          .select({
            total: count(),
            unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`,
          })
          .from(notifications)
          .where(mine),
      ]);
      return {
        data: rows.map(toNotification),
        meta: pageMeta(window, Number(counts?.total ?? 0)),
        unread: Number(counts?.unread ?? 0),
      };
    },

    /** Marks one of the viewer's own notifications read (another's is 404, as an unknown one). */
    async markRead(userId: string, id: number) {
      const updated = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` as never })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      if (!updated.length) throw new NotFound('No such notification.');
      const unread = await unreadCount(userId);
      events.emit('notification.read', { userId, unread });
      return { unread };
    },

    async markAllRead(userId: string) {
      const updated = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      events.emit('notification.read', { userId, unread: 0 });
      return { updated: updated.length, unread: 0 };
    },
  };
}

/** The jobs: the two fan-outs, and the daily digest on its schedule. */
export function registerNotificationJobs(
  jobs: JobQueue,
  options: { notifications: NotificationsService; log: Log },
) {
  const { notifications: service, log } = options;
  jobs.work(
    QUEUES.notifyFollowers,
    1,
    async (data) => {
      const result = await service.notifyFollowers(Number(data.episodeId));
      log.info({ ...result, episodeId: data.episodeId }, 'followers notified');
    },
    { pollingIntervalSeconds: WAKE_POLL_SECONDS },
  );
  jobs.work(
    QUEUES.notifyReporters,
    1,
    async (data) => {
      const ids = Array.isArray(data.reportIds) ? data.reportIds.map(Number) : [];
      const result = await service.notifyReporters(ids.filter(Number.isSafeInteger));
      log.info({ ...result, reportIds: ids }, 'reporters notified');
    },
    { pollingIntervalSeconds: WAKE_POLL_SECONDS },
  );
  jobs.work(QUEUES.mailDigest, 1, async () => {
    const result = await service.sendDigests();
    log.info(result, 'notification digests sent');
  });
  jobs.schedule(QUEUES.mailDigest, DIGEST_CRON);
}
