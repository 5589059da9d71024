// The browser's end of the realtime door: one socket per tab, opened when the first component listens and
// closed when the last one stops; socket.io-client is loaded only then, so pages that never listen skip it.
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { readCookie } from '#shared/cookies.ts';
import { AUTH_TOKEN_COOKIE } from './auth.tsx';

/** Spec section 9, client side: unavailable after 10 s, first retry after 1 s (docs/decisions/013-realtime.md). */
const CONNECT_TIMEOUT_MS = 10_000;
const RETRY_MS = 1_000;

type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
let socket: Promise<Socket> | undefined;

function open(): Promise<Socket> {
  socket ??= import('socket.io-client').then(({ io }) => {
    const token = readCookie(document.cookie, AUTH_TOKEN_COOKIE);
    const created = io({
      path: '/socket.io/',
      transports: ['websocket'],
      timeout: CONNECT_TIMEOUT_MS,
      reconnectionDelay: RETRY_MS,
      withCredentials: true,
      auth: token ? { token } : {},
    });
    created.onAny((event: string, payload: unknown) => {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    });
    // `connect` (and every reconnect) reaches listeners too: what was said before the socket joined its rooms
    // is missed, so a listener that keeps a count reads it again then.
    created.on('connect', () => {
      for (const handler of handlers.get('connect') ?? []) handler(undefined);
    });
    return created;
  });
  return socket;
}

function closeWhenUnused() {
  if ([...handlers.values()].some((set) => set.size > 0) || !socket) return;
  const closing = socket;
  socket = undefined;
  void closing.then((s) => s.disconnect());
}

/** Calls `handler` for every `event` the server sends to this user's rooms while the component is mounted. */
export function useRealtimeEvent<T>(event: string, handler: (payload: T) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener: Handler = (payload) => latest.current(payload as T);
    const set = handlers.get(event) ?? new Set();
    set.add(listener);
    handlers.set(event, set);
    void open();
    return () => {
      set.delete(listener);
      closeWhenUnused();
    };
  }, [event]);
}
