// The realtime door: socket.io on the HTTP server at /socket.io/, authenticated from the session cookie or a
// Bearer token, with rooms per user, per session and for the admins. Services publish through `publish`.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { CurrentUser } from '../domain/auth/accounts.service.ts';
import type { EventBus, EventName } from '../events.ts';

/** Spec section 9's realtime constants, in socket.io's terms (docs/decisions/013-realtime.md). */
export const REALTIME_TIMING = {
  /** Activity timeout: a silent connection is pinged after this long. */
  pingIntervalMs: 120_000,
  /** Pong timeout: no answer to a ping within this closes the connection. */
  pingTimeoutMs: 30_000,
  /** Unavailable timeout: a connection attempt that takes longer fails (client side). */
  connectTimeoutMs: 10_000,
  /** Retry: the first reconnection attempt waits this long (client side). */
  retryMs: 1_000,
} as const;

export const REALTIME_PATH = '/socket.io/';

export const rooms = {
  admins: 'admins',
  user: (id: string) => `user:${id}`,
  session: (id: string) => `session:${id}`,
} as const;

export type Realtime = {
  /** Sends `event` to everyone in `room` (on every node when Redis is configured). */
  publish: (room: string, event: string, payload: unknown) => void;
  /** Sends `event` to the sockets in `room` connected to this node only (each node hears relayed events itself). */
  deliver: (room: string, event: string, payload: unknown) => void;
  /** Disconnects every socket of a session (a revoked device). */
  disconnectSession: (sessionId: string) => void;
  close: () => Promise<void>;
};

type Data = { user: CurrentUser };

function headersOf(request: IncomingMessage, token: unknown) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  // Token mode: socket.io clients cannot set headers on a browser WebSocket, so the token comes in `auth`.
  if (typeof token === 'string' && token.length > 0 && token.length < 4096)
    headers.set('authorization', `Bearer ${token}`);
  return headers;
}

export async function attachRealtime(
  app: FastifyInstance,
  options: { publicUrl: string; redisUrl?: string; dev?: boolean },
): Promise<Realtime> {
  const publicOrigin = new URL(options.publicUrl).origin;
  const io = new Server<never, never, never, Data>(app.server, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    serveClient: false,
    pingInterval: REALTIME_TIMING.pingIntervalMs,
    pingTimeout: REALTIME_TIMING.pingTimeoutMs,
    connectTimeout: REALTIME_TIMING.connectTimeoutMs,
    maxHttpBufferSize: 16 * 1024,
    // A cookie-authenticated WebSocket is open to cross-site hijacking: only our own pages may connect.
    // Clients without an Origin (apps, servers using a token) are not browsers and carry no ambient cookie.
    allowRequest: (request, callback) => {
      const { origin, host } = request.headers;
      if (origin === undefined || origin === publicOrigin || options.dev)
        return callback(null, true);
      callback(null, URL.canParse(origin) && new URL(origin).host === host);
    },
  });

  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (options.redisUrl) {
    // Loaded only with Redis configured: a single node does without.
    const [{ Redis: Client }, adapterModule] = await Promise.all([
      import('ioredis'),
      import('@socket.io/redis-adapter'),
    ]);
    // In the bundled server (build/phim) a dynamic import of this CommonJS package has only `default`: every
    // web node with REDIS_URL failed to start (found by the topology test, decision 054).
    const { createAdapter } =
      typeof adapterModule.createAdapter === 'function'
        ? adapterModule
        : (adapterModule as unknown as { default: typeof adapterModule }).default;
    pub = new Client(options.redisUrl, { lazyConnect: true });
    sub = pub.duplicate();
    // ioredis reconnects by itself; a Redis that is away is logged, not a crash of the web node.
    for (const client of [pub, sub])
      client.on('error', (error) => app.log.warn({ err: error }, 'realtime Redis error'));
    // The adapter publishes without a catch: while Redis is away, or once this node has closed its client, every
    // event would be a rejection nobody handles (a crash under Node's default). Logged instead, as above.
    const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<number>;
    (pub as unknown as { publish: typeof publish }).publish = (...args) => {
      const sent = publish(...args);
      sent.catch((error: unknown) => app.log.warn({ err: error }, 'realtime Redis publish failed'));
      return sent;
    };
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: 'phim:io' }));
  }

  io.use(async (socket, next) => {
    try {
      const user = await app.services.auth.getCurrentUser(
        headersOf(socket.request, (socket.handshake.auth as { token?: unknown }).token),
      );
      if (!user) return next(new Error('unauthenticated'));
      socket.data.user = user;
      next();
    } catch (error) {
      app.log.warn({ err: error }, 'realtime handshake failed');
      next(new Error('unauthenticated'));
    }
  });

  io.on('connection', (socket: Socket<never, never, never, Data>) => {
    const { user } = socket.data;
    void socket.join([
      rooms.user(user.id),
      rooms.session(user.sessionId),
      ...(user.roles.includes('admin') ? [rooms.admins] : []),
    ]);
  });

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    // Not io.close(): it would close Fastify's HTTP server under it (FIELD-NOTES). Disconnect, then stop the engine.
    // Only this node's sockets: with the Redis adapter a plain io.disconnectSockets reaches every node, and a
    // rolling restart would drop everyone's.
    io.local.disconnectSockets(true);
    io.engine.close();
    pub?.disconnect();
    sub?.disconnect();
  };
  app.addHook('preClose', close);

  return {
    publish: (room, event, payload) => {
      (io.to(room) as unknown as { emit: (e: string, p: unknown) => void }).emit(event, payload);
    },
    deliver: (room, event, payload) => {
      (io.local.to(room) as unknown as { emit: (e: string, p: unknown) => void }).emit(
        event,
        payload,
      );
    },
    disconnectSession: (sessionId) => io.in(rooms.session(sessionId)).disconnectSockets(true),
    close,
  };
}

/**
 * Which room hears each domain event: video work and viewers' reports are the admins' business. Events not
 * listed stay inside the server (a new episode reaches viewers as their own notifications, not as itself).
 */
export const EVENT_ROOMS: { [K in EventName]?: string } = {
  'video.progress': rooms.admins,
  'video.ready': rooms.admins,
  'video.failed': rooms.admins,
  'report.created': rooms.admins,
  'report.updated': rooms.admins,
  'report.deleted': rooms.admins,
  'backup.progress': rooms.admins,
  'backup.finished': rooms.admins,
  'presence.count': rooms.admins,
};

/** Events for one viewer: they go to that user's room, without the `userId` that routed them. */
const USER_EVENTS = ['notification.created', 'notification.read'] as const;

/**
 * Carries domain events to the sockets of their room connected to this node; returns the unsubscribe. Events made
 * in another process (a worker, another web node) arrive through the relay (server/realtime/relay.ts), so every
 * node delivers every event to its own sockets once, with or without Redis (decision 053).
 */
export function forwardEvents(events: EventBus, realtime: Realtime) {
  const stops = Object.entries(EVENT_ROOMS).map(([name, room]) =>
    events.onShared(name as EventName, (payload) => realtime.deliver(room, name, payload)),
  );
  for (const name of USER_EVENTS)
    stops.push(
      events.onShared(name, ({ userId, ...payload }) =>
        realtime.deliver(rooms.user(userId), name, payload),
      ),
    );
  return () => stops.forEach((stop) => stop());
}
