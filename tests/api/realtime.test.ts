// The realtime door on a listening server: who may connect, which rooms they join, and that a revoked
// device's socket is closed. Real sockets through socket.io-client, websocket transport only.
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH, rooms } from '#server/realtime/realtime.ts';
import { createTestApp, type TestApp } from '#tests/app-utils.ts';
import { hasRedis, startRedis, type TestRedis } from '#tests/redis-utils.ts';
import { Client, register, signInWithToken } from './accounts-client.ts';
import { withTestApp } from './helpers.ts';

const ADMIN = { email: 'live-admin@example.com', password: 'admin-secret-2026' };
const t = withTestApp();
let url: string;
const sockets: Socket[] = [];

/** A socket to this file's app, or to `on`, one of the Redis tests' nodes (each listens on a port of its own). */
function open(options: { token?: string; cookie?: string; origin?: string; on?: TestApp } = {}) {
  const address = options.on?.app.server.address();
  const socket = connect(
    address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : url,
    {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      auth: options.token ? { token: options.token } : {},
      extraHeaders: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.origin ? { origin: options.origin } : {}),
      },
    },
  );
  sockets.push(socket);
  watch(socket);
  return socket;
}

const outcomes = new WeakMap<Socket, Promise<string>>();
/** Listens from the socket's creation: a socket may connect while the test awaits another one. */
function watch(socket: Socket) {
  outcomes.set(
    socket,
    new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(error.message));
    }),
  );
}

/** Resolves 'connected' or the error message the server refused with. */
function outcome(socket: Socket) {
  return outcomes.get(socket)!;
}

function nextEvent(socket: Socket, event: string, ms = 2000) {
  return new Promise<unknown>((resolve) => {
    const timer = setTimeout(() => resolve('nothing'), ms);
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

beforeAll(async () => {
  await t.app.services.auth.ensureFirstAdmin(ADMIN);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
});

describe('connecting', () => {
  it('refuses a visitor who is not signed in', async () => {
    expect(await outcome(open())).toBe('unauthenticated');
  });

  it('refuses a made-up token', async () => {
    expect(await outcome(open({ token: 'not-a-token' }))).toBe('unauthenticated');
  });

  it('accepts a session cookie from our own pages, and refuses it from another site', async () => {
    const { client } = await register(t.app, 'cookie-viewer@example.com');
    const cookie = client.cookieHeader();
    expect(await outcome(open({ cookie, origin: url }))).toBe('connected');
    expect(await outcome(open({ cookie, origin: 'https://evil.example' }))).not.toBe('connected');
  });
});

describe('rooms', () => {
  it('sends admin events to admins only, and user events to that user only', async () => {
    const admin = await signInWithToken(t.app, ADMIN.email, ADMIN.password);
    await register(t.app, 'live-viewer@example.com');
    const viewer = await signInWithToken(t.app, 'live-viewer@example.com');
    const adminSocket = open({ token: admin.token });
    const viewerSocket = open({ token: viewer.token });
    expect(await outcome(adminSocket)).toBe('connected');
    expect(await outcome(viewerSocket)).toBe('connected');
    // Joining rooms happens just after the connection: give it a moment on a loaded machine.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const adminGets = nextEvent(adminSocket, 'video.progress');
    const viewerGets = nextEvent(viewerSocket, 'video.progress', 500);
    t.app.realtime.publish(rooms.admins, 'video.progress', { id: 7, percent: 42 });
    expect(await adminGets).toEqual({ id: 7, percent: 42 });
    expect(await viewerGets).toBe('nothing');

    // What services emit reaches the admins without anyone calling publish.
    const fromService = nextEvent(adminSocket, 'video.ready');
    const viewerMissed = nextEvent(viewerSocket, 'video.ready', 500);
    t.app.services.events.emit('video.ready', { videoId: 3 });
    expect(await fromService).toEqual({ videoId: 3 });
    expect(await viewerMissed).toBe('nothing');

    const mine = nextEvent(viewerSocket, 'notification');
    const notMine = nextEvent(adminSocket, 'notification', 500);
    t.app.realtime.publish(rooms.user(viewer.user.id), 'notification', { text: 'Tập 2 đã có' });
    expect(await mine).toEqual({ text: 'Tập 2 đã có' });
    expect(await notMine).toBe('nothing');
  });

  it('closes the socket of a device that is signed out elsewhere', async () => {
    await register(t.app, 'revoked-viewer@example.com');
    const phone = await signInWithToken(t.app, 'revoked-viewer@example.com');
    const socket = open({ token: phone.token });
    expect(await outcome(socket)).toBe('connected');
    const listed = (
      await Client.withToken(t.app, phone.token).get('/api/user/sessions')
    ).json() as {
      sessions: Array<{ id: string; current: boolean }>;
    };
    const current = listed.sessions.find((session) => session.current);
    expect(current).toBeDefined();
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    t.app.realtime.disconnectSession(current!.id);
    expect(await closed).toBe('io server disconnect');
  });
});

describe.skipIf(!hasRedis)('on several nodes (REDIS_URL)', () => {
  let redis: TestRedis;
  const nodes: TestApp[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const node of nodes.reverse()) await node.close();
    await redis?.stop();
  });

  it('delivers an event published on one node to an admin connected to another', async () => {
    // Two nodes of one site: one database, one Redis.
    const first = await createTestApp({ env: { REDIS_URL: redis.url } });
    const second = await createTestApp({ env: { REDIS_URL: redis.url }, nodeOf: first });
    nodes.push(first, second);
    for (const node of nodes) await node.app.listen({ port: 0, host: '127.0.0.1' });
    await second.app.services.auth.ensureFirstAdmin(ADMIN);
    const admin = await signInWithToken(second.app, ADMIN.email, ADMIN.password);
    const socket = open({ token: admin.token, on: second });
    expect(await outcome(socket)).toBe('connected');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const received = nextEvent(socket, 'video.progress');
    first.app.realtime.publish(rooms.admins, 'video.progress', { id: 1, percent: 99 });
    expect(await received).toEqual({ id: 1, percent: 99 });
  });

  it("carries a viewer's new notification from the node that made it to the viewer's socket on another", async () => {
    const [first, second] = nodes as [TestApp, TestApp];
    const { user } = await register(second.app, 'notified@phim.test', 'Người Được Báo');
    const { token } = await signInWithToken(second.app, 'notified@phim.test');
    const socket = open({ token: token, on: second });
    expect(await outcome(socket)).toBe('connected');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const received = nextEvent(socket, 'notification.created');
    const notification = {
      id: 7,
      kind: 'new_episode' as const,
      movie_id: 1,
      movie_title: 'Mắt Biếc',
      movie_slug: 'mat-biec',
      episode_id: 2,
      episode_name: 'Tập 2',
      ep: 'tap-2',
      poster: null,
      report_id: null,
      url: '/watch/mat-biec/tap-2',
      read_at: null,
      created_at: new Date().toISOString(),
    };
    // As the notifications job does on whichever process runs it: a domain event, relayed through the database to
    // every node, each giving it to its own sockets (decision 053).
    first.app.services.events.emit('notification.created', {
      userId: user.id,
      notification,
      unread: 3,
    });
    expect(await received).toEqual({ notification, unread: 3 });
  });

  it('closes only its own sockets when a node shuts down, and an event sent as it goes is dropped quietly', async () => {
    // A rolling restart: the node that stops must not tell the others to drop their sockets (the adapter
    // broadcasts a plain io.disconnectSockets to every node), and what it publishes after its Redis client is
    // closed must not be a rejection nobody handles (Vitest fails the run on one).
    const [first, second] = nodes as [TestApp, TestApp];
    const leaving = await createTestApp({ env: { REDIS_URL: redis.url }, nodeOf: first });
    const admin = await signInWithToken(second.app, ADMIN.email, ADMIN.password);
    const socket = open({ token: admin.token, on: second });
    expect(await outcome(socket)).toBe('connected');
    const dropped = nextEvent(socket, 'disconnect', 1000);
    await leaving.app.realtime.close();
    leaving.app.realtime.publish(rooms.admins, 'video.progress', { id: 1, percent: 1 });
    await leaving.close();
    expect(await dropped).toBe('nothing');
    expect(socket.connected).toBe(true);
  });
});
