// Typed domain events: services emit them, the realtime layer (and others) subscribe. `on` hears what this process
// made; `onShared` also hears what another process of the site made (a worker's transcode progress, another web
// node's new report), carried by the relay in server/realtime/relay.ts (decision 053).
import { EventEmitter } from 'node:events';
import type { ReportReason, ReportStatus } from './db/schema/engagement.ts';
import type { Notification } from '#shared/resources/notification.ts';

export type DomainEvents = {
  /** A transcode moved on; `remaining` is the estimated seconds left (null until there is something to go by). */
  'video.progress': { videoId: number; progress: number; remaining: number | null };
  'video.ready': { videoId: number };
  'video.failed': { videoId: number; reason: string };
  /** A viewer reported an episode: the Report Manager shows it as it arrives. */
  'report.created': {
    reportId: number;
    movieId: number;
    movieTitle: string;
    episodeId: number;
    episodeName: string;
    reason: ReportReason;
    createdAt: string;
  };
  /** Admins moved reports along (open → in progress → resolved / dismissed); resolved ones notify the reporter. */
  'report.updated': { reportIds: number[]; status: ReportStatus; byUserId: string };
  /** Reports deleted in the Report Manager: the open-count badge and other admins' tables drop them. */
  'report.deleted': { reportIds: number[] };
  /** An episode became watchable (published, of a published movie) for the first time: followers hear of it. */
  'episode.published': { episodeId: number; movieId: number };
  /** A viewer has a new notification: their bell (every tab, every node) shows it and the unread count. */
  'notification.created': { userId: string; notification: Notification; unread: number };
  /** A viewer read one or all of their notifications: their other tabs' bells follow. */
  'notification.read': { userId: string; unread: number };
  /** A backup or a restore moved on (decision 045): the Backups page's progress bar. */
  'backup.progress': { kind: 'backup' | 'restore'; name: string; progress: number };
  /** A backup or a restore ended, well or not. */
  'backup.finished': { kind: 'backup' | 'restore'; name: string; ok: boolean; error?: string };
  /** How many viewers are watching now moved (decision 051): the admin overview's live figure. */
  'presence.count': { viewers: number };
};

export type EventName = keyof DomainEvents;

export type EventBus = {
  emit<K extends EventName>(name: K, payload: DomainEvents[K]): void;
  /** Events made in this process only (side effects such as sending a job must happen once, where it was made). */
  on<K extends EventName>(name: K, listener: (payload: DomainEvents[K]) => void): () => void;
  /** Events made in this process and, through the relay, in every other process of the site. */
  onShared<K extends EventName>(name: K, listener: (payload: DomainEvents[K]) => void): () => void;
  /** An event another process made: only the `onShared` listeners hear it. */
  receive<K extends EventName>(name: K, payload: DomainEvents[K]): void;
  /** Every event emitted here, after its listeners (the relay sends them on). */
  onEmit(hook: <K extends EventName>(name: K, payload: DomainEvents[K]) => void): () => void;
};

export function createEventBus(): EventBus {
  const local = new EventEmitter();
  const shared = new EventEmitter();
  // Many sockets may listen to the same event; the default warning at 10 would be noise.
  local.setMaxListeners(0);
  shared.setMaxListeners(0);
  const hooks = new Set<Parameters<EventBus['onEmit']>[0]>();
  return {
    emit(name, payload) {
      local.emit(name, payload);
      shared.emit(name, payload);
      for (const hook of hooks) hook(name, payload);
    },
    on(name, listener) {
      local.on(name, listener);
      return () => local.off(name, listener);
    },
    onShared(name, listener) {
      shared.on(name, listener);
      return () => shared.off(name, listener);
    },
    receive(name, payload) {
      shared.emit(name, payload);
    },
    onEmit(hook) {
      hooks.add(hook);
      return () => hooks.delete(hook);
    },
  };
}
