// The durable job queue: pg-boss on the application's own database (its pool, its `pgboss` schema). Jobs survive
// a restart. Sending works from any process; workers run where `start({ workers: true })` was called.
//
// Workers do not poll the database every second or two: a job sent from here wakes this process's workers of its
// queue at once, and every other process's through the change feed (topic `jobs`). Polling is the safety net (a
// notification lost, a retry whose delay has passed, a cron job sent by pg-boss itself): every WAKE_POLL_SECONDS
// for the queues jobs are sent to, every CRON_POLL_SECONDS for the queues only schedules fill. An idle site's
// workers then read the database less than once a second instead of seven times (decision 074).
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { ChangeFeed } from './db/change-feed.ts';
import type { Database } from './db/client.ts';

/** Every queue Phim uses, by name (`area.thing.verb`). */
export const QUEUES = {
  transcode: 'media.video.transcode',
  cleanUploads: 'media.uploads.clean',
  purgeTrash: 'media.trash.purge',
  purgeMovies: 'catalog.trash.purge',
  cleanImages: 'media.images.clean',
  rollViews: 'catalog.views.roll',
  notifyFollowers: 'engagement.followers.notify',
  notifyReporters: 'engagement.reporters.notify',
  mailDigest: 'engagement.digest.mail',
  dailyBackup: 'ops.backups.daily',
  purgeAudit: 'ops.audit.purge',
} as const;

export type JobName = (typeof QUEUES)[keyof typeof QUEUES];

type Handler = (data: Record<string, unknown>, job: { id: string }) => Promise<void>;

/** How often a worker of a queue that jobs are sent to looks for one it was not woken for. */
export const WAKE_POLL_SECONDS = 10;
/** How often a worker of a queue that only a schedule fills looks for a job: hourly and daily jobs start within it. */
export const CRON_POLL_SECONDS = 30;
/** The change feed's topic: a job was sent to the queue named in its data. */
const TOPIC = 'jobs';

type Log = Pick<Logger, 'info' | 'warn' | 'error'>;

export type JobQueue = ReturnType<typeof createJobQueue>;

export function createJobQueue(options: {
  db: Database;
  log: Log;
  /**
   * pg-boss's own background work in this process: sending the jobs of cron schedules when due, and the upkeep
   * (expiring jobs whose worker died, archiving). Off on a web node with JOBS=off: the workers do it (decision 053).
   */
  background?: boolean;
  /** Tells the other processes' workers that a job was sent; unset, only this process's are woken. */
  changes?: Pick<ChangeFeed, 'on' | 'publish'>;
}) {
  const background = options.background ?? true;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => options.db.$client.query(text, values) },
    schema: 'pgboss',
    schedule: background,
    supervise: background,
  });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  const workers: Array<{
    name: JobName;
    concurrency: number;
    handler: Handler;
    pollingIntervalSeconds?: number;
  }> = [];
  const schedules: Array<{ name: JobName; cron: string }> = [];
  const startHooks: Array<() => void> = [];
  const stopHooks: Array<() => Promise<void> | void> = [];
  /** This process's workers by queue, to wake when a job is sent to it. */
  const workerIds = new Map<string, string[]>();
  const wake = (name: string) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  };
  // Without a name, the feed has just reconnected and what was sent meanwhile is lost: every worker looks.
  options.changes?.on(TOPIC, (name) => {
    for (const queue of name ? [name] : workerIds.keys()) wake(queue);
  });
  let starting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;

  /** Installs the schema and the queues; sending jobs needs nothing more. */
  function ensureStarted() {
    starting ??= (async () => {
      await boss.start();
      await boss.createQueue(QUEUES.transcode, {
        name: QUEUES.transcode,
        // A transcode can take hours; a crashed one is found sooner by the media watchdog (heartbeats).
        expireInHours: 23,
        retryLimit: 5,
        retryDelay: 5,
      });
      for (const name of [
        QUEUES.cleanUploads,
        QUEUES.purgeTrash,
        QUEUES.purgeMovies,
        QUEUES.cleanImages,
        QUEUES.rollViews,
        QUEUES.purgeAudit,
        QUEUES.mailDigest,
      ]) {
        await boss.createQueue(name, { name, expireInSeconds: 15 * 60, retryLimit: 1 });
      }
      // Notifying is idempotent (a retry adds no second row, mails only what is not yet mailed): retry a few times.
      for (const name of [QUEUES.notifyFollowers, QUEUES.notifyReporters]) {
        await boss.createQueue(name, {
          name,
          expireInSeconds: 15 * 60,
          retryLimit: 3,
          retryDelay: 10,
        });
      }
      // A backup with its media can take a while; one that fails is tried again once.
      await boss.createQueue(QUEUES.dailyBackup, {
        name: QUEUES.dailyBackup,
        expireInHours: 6,
        retryLimit: 1,
      });
    })();
    return starting;
  }

  return {
    /**
     * A worker for a queue (`concurrency` workers fetching one job at a time); takes effect at `start`. A queue that
     * only a schedule fills polls every CRON_POLL_SECONDS unless `pollingIntervalSeconds` says otherwise; a queue
     * that jobs are sent to is woken by `send` and says WAKE_POLL_SECONDS.
     */
    work(
      name: JobName,
      concurrency: number,
      handler: Handler,
      options: { pollingIntervalSeconds?: number } = {},
    ) {
      workers.push({ name, concurrency, handler, ...options });
    },
    /** A cron schedule for a queue (registered once across every node). */
    schedule(name: JobName, cron: string) {
      schedules.push({ name, cron });
    },
    /** Runs once this process's workers have started. */
    onStart(hook: () => void) {
      startHooks.push(hook);
    },
    /** Runs when the queue stops, before pg-boss waits for jobs in flight (to stop ffmpeg, say). */
    onStop(hook: () => Promise<void> | void) {
      stopHooks.push(hook);
    },
    /** Queues a job; `id` (a UUID) names it beforehand, so a row can point at its job before a worker sees it. */
    async send(name: JobName, data: Record<string, unknown>, job: { id?: string } = {}) {
      await ensureStarted();
      const id = await boss.send(name, data, job);
      if (!id) throw new Error(`job ${name} was not queued`);
      // The queue's workers fetch it now rather than at their next poll, here and wherever they run.
      wake(name);
      void options.changes?.publish(TOPIC, name).catch(() => {});
      return id;
    },
    async cancel(name: JobName, id: string) {
      await ensureStarted();
      await boss.cancel(name, id);
    },
    /** Starts the queue; with `workers`, this process also runs jobs and keeps the schedules. */
    async start(startOptions: { workers: boolean }) {
      await ensureStarted();
      if (!startOptions.workers) return;
      for (const { name, cron } of schedules) await boss.schedule(name, cron);
      for (const worker of workers) {
        for (let i = 0; i < worker.concurrency; i += 1) {
          const id = await boss.work(
            worker.name,
            {
              batchSize: 1,
              pollingIntervalSeconds: worker.pollingIntervalSeconds ?? CRON_POLL_SECONDS,
            },
            async (jobs) => {
              for (const job of jobs) {
                await worker.handler((job.data ?? {}) as Record<string, unknown>, job);
              }
            },
          );
          workerIds.set(worker.name, [...(workerIds.get(worker.name) ?? []), id]);
        }
      }
      for (const hook of startHooks) hook();
    },
    /** Stops workers (their stop hooks first) and waits for jobs in flight; every call shares one stop. */
    stop(timeoutMs = 10_000) {
      stopping ??= (async () => {
        for (const hook of stopHooks) await hook();
        if (!starting) return;
        await starting.catch(() => {});
        await boss.stop({ graceful: true, timeout: timeoutMs, wait: true, close: false });
      })();
      return stopping;
    },
  };
}
