// Typed domain events inside one process: services emit them, the realtime layer (and others) subscribe.
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
  on<K extends EventName>(name: K, listener: (payload: DomainEvents[K]) => void): () => void;
};

export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  // Many sockets may listen to the same event; the default warning at 10 would be noise.
  emitter.setMaxListeners(0);
  return {
    emit(name, payload) {
      emitter.emit(name, payload);
    },
    on(name, listener) {
      emitter.on(name, listener);
      return () => emitter.off(name, listener);
    },
  };
}
