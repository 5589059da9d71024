// Typed domain events inside one process: services emit them, the realtime layer (and others) subscribe.
import { EventEmitter } from 'node:events';
import type { ReportReason } from './db/schema/engagement.ts';

export type DomainEvents = {
  'video.progress': { videoId: number; progress: number };
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
