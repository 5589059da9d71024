// Tells every node that shares the database that something cached changed (decision 046): PostgreSQL's
// LISTEN/NOTIFY on one channel, so settings and public reads follow an admin's write on the next request
// whichever node answers, with nothing but the database (Redis, when configured, is not needed for this).
// A topic is a short word ("settings", "public-reads"); the payload carries the sending node's id so a node
// does not act twice on its own writes (it already did, synchronously, before answering).
import crypto from 'node:crypto';
import pg from 'pg';
import type { Database } from './client.ts';

const CHANNEL = 'phim_changes';
const RECONNECT_MS = 2000;
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_NOTIFICATION_BYTES = 7999;

type Log = { warn: (object: object, message: string) => void };

export type ChangeFeed = ReturnType<typeof createChangeFeed>;

export function createChangeFeed({ db, log }: { db: Database; log?: Log }) {
  const nodeId = crypto.randomUUID();
  const listeners = new Map<string, Set<(data?: string) => void>>();
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const message = (topic: string, data?: string) =>
    data === undefined ? `${nodeId} ${topic}` : `${nodeId} ${topic} ${data}`;

  function run(topic: string, data?: string) {
    for (const listener of listeners.get(topic) ?? []) {
      try {
        listener(data);
      } catch (error) {
        log?.warn({ err: error, topic }, 'change listener failed');
      }
    }
  }

  async function connect() {
    if (stopped) return;
    const next = new pg.Client(db.$client.options);
    next.on('error', () => {});
    next.on('end', () => {
      if (client !== next || stopped) return;
      client = null;
      log?.warn({}, 'change feed lost its connection; reconnecting');
      timer = setTimeout(() => void reconnect(), RECONNECT_MS);
    });
    next.on('notification', (message) => {
      // `<node id> <topic>[ <data>]`: the data is everything after the topic's space.
      const payload = message.payload ?? '';
      const first = payload.indexOf(' ');
      if (first < 0) return;
      const from = payload.slice(0, first);
      const second = payload.indexOf(' ', first + 1);
      const topic = payload.slice(first + 1, second < 0 ? undefined : second);
      if (topic && from !== nodeId) run(topic, second < 0 ? undefined : payload.slice(second + 1));
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  }

  async function reconnect() {
    try {
      await connect();
      // Whatever was said while the connection was down is lost: every cache starts afresh.
      for (const topic of listeners.keys()) run(topic);
    } catch (error) {
      log?.warn({ err: error }, 'change feed could not reconnect');
      if (!stopped) timer = setTimeout(() => void reconnect(), RECONNECT_MS);
    }
  }

  return {
    /**
     * Opens the listening connection; call once at start-up. A database that is down then is not fatal: the feed
     * keeps trying, and tells every topic when it gets through.
     */
    async start() {
      try {
        await connect();
      } catch (error) {
        log?.warn({ err: error }, 'change feed could not connect; retrying');
        timer = setTimeout(() => void reconnect(), RECONNECT_MS);
      }
    },
    /**
     * Runs `listener` when another node publishes `topic`, with the data it sent; and after a reconnect, without
     * data (whatever was said meanwhile is lost).
     */
    on(topic: string, listener: (data?: string) => void) {
      const set = listeners.get(topic) ?? new Set();
      set.add(listener);
      listeners.set(topic, set);
      return () => set.delete(listener);
    },
    /**
     * Tells the other nodes; the caller has already updated its own caches. `data` (text) travels with it: the whole
     * notification must stay under PostgreSQL's 8000 bytes (`fits` says whether it does).
     */
    async publish(topic: string, data?: string) {
      await db.$client.query('select pg_notify($1, $2)', [CHANNEL, message(topic, data)]);
    },
    /** Whether `data` on `topic` is small enough for one notification. */
    fits: (topic: string, data?: string) =>
      Buffer.byteLength(message(topic, data)) <= MAX_NOTIFICATION_BYTES,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
