// Carries domain events between the processes of one site (decision 053): a worker's transcode progress, a
// notification its job made, a report filed on another web node. Every process sends the events below, as it emits
// them, through the database's change feed (LISTEN/NOTIFY, topic `event`); every other process hands them to its
// `onShared` listeners: the realtime layer gives them to its own sockets, the public read cache clears on
// `video.ready`. The database is the one thing every deployment has, so this works the same with or without Redis.
import type { ChangeFeed } from '#server/db/change-feed.ts';
import type { DomainEvents, EventBus, EventName } from '#server/events.ts';

const TOPIC = 'event';

/**
 * The events another process may need: those that reach sockets (decision 013) or another node's caches. Not
 * `presence.count` (every web node counts for its own admins) and not the events whose listeners send jobs
 * (`episode.published`): those act once, where they happened.
 */
export const RELAYED_EVENTS: ReadonlySet<EventName> = new Set<EventName>([
  'video.progress',
  'video.ready',
  'video.failed',
  'report.created',
  'report.updated',
  'report.deleted',
  'notification.created',
  'notification.read',
  'backup.progress',
  'backup.finished',
]);

type Log = { warn: (object: object, message: string) => void };

export function relayEvents(options: { events: EventBus; changes: ChangeFeed; log: Log }) {
  const { events, changes, log } = options;
  let stopped = false;
  // One after the other, so that other processes hear them in the order they were emitted (progress, then ready).
  let sending: Promise<void> = Promise.resolve();
  const stopEmit = events.onEmit((name, payload) => {
    if (stopped || !RELAYED_EVENTS.has(name)) return;
    const data = JSON.stringify({ name, payload });
    if (!changes.fits(TOPIC, data)) {
      log.warn({ event: name, bytes: Buffer.byteLength(data) }, 'event too large to relay');
      return;
    }
    sending = sending
      .then(() => changes.publish(TOPIC, data))
      .catch((error: unknown) => log.warn({ err: error, event: name }, 'event relay failed'));
  });
  const stopListen = changes.on(TOPIC, (data) => {
    // Also called without data after the feed reconnects: events said meanwhile are lost (the pages poll too).
    if (stopped || data === undefined) return;
    let message: { name?: unknown; payload?: unknown };
    try {
      message = JSON.parse(data) as typeof message;
    } catch {
      return;
    }
    const name = message.name as EventName;
    if (!RELAYED_EVENTS.has(name) || typeof message.payload !== 'object' || !message.payload)
      return;
    events.receive(name, message.payload as DomainEvents[typeof name]);
  });
  return {
    /** Stops relaying; waits for what is being sent (before the pool closes). */
    async stop() {
      stopped = true;
      stopEmit();
      stopListen();
      await sending;
    },
  };
}
