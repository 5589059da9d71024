// `npm run test:topology`: Phim as docs/deploy.md lays it out, on loopback. Debian's PostgreSQL 15 (a throwaway
// cluster) and Redis, s3rver, two web nodes behind Debian's nginx (deploy/nginx/phim.conf, least connections) and
// a worker, each node started from deploy/systemd's units with deploy/phim.env. It shows what an operator relies
// on when several processes serve one site (issue 19, decision 054) and prints PASS, FAIL or NOT RUN per scenario;
// NOT RUN is never a pass: it names what is missing (`npm run worker`, the S3 driver) and turns into a real run,
// and so into a PASS or a FAIL, as soon as that part exists. `npm run build` first.
import fs from 'node:fs';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { PROJECT_ROOT } from '#server/paths.ts';
import { makeTestClip } from '#tests/media-utils.ts';
import { nginxSite, sharedEnvironment, unitCommand } from './deploy-files.ts';
import {
  assertPortFree,
  childrenNamed,
  makeTempRoot,
  manage,
  startNginx,
  startPostgres,
  startRedis,
  startS3,
  teardown,
  type Managed,
} from './stack.ts';

/** This run's ports (decision 054): nginx, PostgreSQL, Redis, s3rver, node A, node B, two workers. */
const PORTS = {
  nginx: 4350,
  postgres: 4351,
  redis: 4352,
  s3: 4353,
  nodeA: 4354,
  nodeB: 4355,
  worker1: 4356,
  worker2: 4357,
} as const;
const ADMIN = { email: 'admin@topology.test', password: 'topology-admin-2026' };
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const WORKER_ENTRY = path.join(PROJECT_ROOT, 'build', 'phim', 'worker.js');
const MAIN_ENTRY = path.join(PROJECT_ROOT, 'build', 'phim', 'main.js');

// ── results ─────────────────────────────────────────────────────────────────────────────────────────────────────

type Outcome = {
  name: string;
  result: 'PASS' | 'FAIL' | 'NOT RUN';
  detail: string;
  seconds: number;
};
const outcomes: Outcome[] = [];

async function scenario(name: string, run: () => Promise<string | void>) {
  const started = performance.now();
  process.stdout.write(`… ${name}\n`);
  try {
    const detail = (await run()) ?? '';
    const seconds = (performance.now() - started) / 1000;
    outcomes.push({ name, result: 'PASS', detail, seconds });
    console.log(`PASS ${name} (${seconds.toFixed(1)} s)${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    const seconds = (performance.now() - started) / 1000;
    const detail = error instanceof Error ? error.message : String(error);
    outcomes.push({ name, result: 'FAIL', detail, seconds });
    console.log(`FAIL ${name} (${seconds.toFixed(1)} s): ${detail}`);
  }
}

function notRun(name: string, reason: string) {
  outcomes.push({ name, result: 'NOT RUN', detail: reason, seconds: 0 });
  console.log(`NOT RUN ${name}: ${reason}`);
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms: number,
) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// ── a person with a browser's cookies, from an address of their own ─────────────────────────────────────────

let lastIp = 0;
class Person {
  readonly jar = new Map<string, string>();
  readonly ip = `10.54.0.${++lastIp}`;

  cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(
    base: string,
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const unsafe = method !== 'GET' && method !== 'HEAD';
    const response = await fetch(`${base}${url}`, {
      method,
      redirect: 'manual',
      headers: {
        'user-agent': CHROME,
        // nginx appends the address it sees; the nodes trust nginx and loopback (TRUST_PROXY), so this is who we are.
        'x-forwarded-for': this.ip,
        ...(this.jar.size ? { cookie: this.cookie() } : {}),
        ...(unsafe ? { 'x-xsrf-token': decodeURIComponent(this.jar.get('XSRF-TOKEN') ?? '') } : {}),
        ...(body !== undefined && !(body instanceof Uint8Array)
          ? { 'content-type': 'application/json' }
          : {}),
        ...headers,
      },
      body:
        body === undefined
          ? undefined
          : body instanceof Uint8Array
            ? new Uint8Array(body)
            : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }

  async csrf(base: string) {
    const response = await this.request(base, 'GET', '/api/csrf-cookie');
    check(
      this.jar.has('XSRF-TOKEN'),
      `GET /api/csrf-cookie on ${base} set no XSRF-TOKEN (${response.status})`,
    );
  }

  async signIn(base: string, email: string, password: string) {
    if (!this.jar.has('XSRF-TOKEN')) await this.csrf(base);
    const response = await this.request(base, 'POST', '/api/auth/login', { email, password });
    check(
      response.status === 200,
      `sign-in on ${base}: ${response.status} ${await response.text()}`,
    );
  }

  /** The signed-in user's email as `base` sees it, or the status when it does not know them. */
  async whoAmI(base: string) {
    const response = await this.request(base, 'GET', '/api/user');
    if (response.status !== 200) return `HTTP ${response.status}`;
    return ((await response.json()) as { user: { email: string } }).user.email;
  }

  socket(base: string): Socket {
    return io(base, {
      path: '/socket.io/',
      transports: ['websocket'],
      extraHeaders: { cookie: this.cookie(), 'x-forwarded-for': this.ip },
      reconnectionDelay: 300,
      reconnectionDelayMax: 1000,
    });
  }
}

// ── the topology ────────────────────────────────────────────────────────────────────────────────────────────

const started = performance.now();
for (const file of [MAIN_ENTRY])
  check(fs.existsSync(file), `${file} is missing: run \`npm run build\` first`);
for (const port of Object.values(PORTS)) await assertPortFree(port);

const root = makeTempRoot();
const dataDir = path.join(root, 'data');
fs.mkdirSync(dataDir, { mode: 0o755 });

const workerScript = (
  JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts.worker;
/** Workers run when the build has a worker entry; `npm run worker` without one in the build is a failure. */
const workers = fs.existsSync(WORKER_ENTRY);

let nodeA: Managed;
let nodeB: Managed;
const nodeUrl = (port: number) => `http://127.0.0.1:${port}`;
const A = nodeUrl(PORTS.nodeA);
const B = nodeUrl(PORTS.nodeB);
const front = `http://127.0.0.1:${PORTS.nginx}`;

try {
  const [postgres, redis, s3] = await Promise.all([
    startPostgres(root, PORTS.postgres),
    startRedis(root, PORTS.redis),
    startS3(root, PORTS.s3, 'phim'),
  ]);
  const storage = await storageChoice(s3);

  // deploy/phim.env with this run's addresses and secrets; the units add their own lines (PORT, JOBS=off).
  const shared = sharedEnvironment(
    {
      PUBLIC_URL: front,
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      AUTH_SECRET: 'topology-auth-secret-0123456789abcdef0123456789',
      STORAGE_DRIVER: storage.driver,
      LOG_LEVEL: 'warn',
    },
    {
      ...storage.env,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: '',
      // Short enough for the kill scenarios, long enough for a loaded CI machine.
      SHUTDOWN_TIMEOUT_MS: '5000',
    },
  );
  // TRUST_PROXY=127.0.0.1 (nginx on the same machine) also trusts this test on loopback, which is what lets each
  // simulated person arrive from an address of their own when addressing a node directly.
  check(shared.TRUST_PROXY === '127.0.0.1', 'deploy/phim.env: TRUST_PROXY is not 127.0.0.1');

  const startUnit = async (unit: 'phim-web@' | 'phim-worker@', instance: string, port: number) => {
    const command = unitCommand(unit, instance);
    const child = manage(`${unit}${instance}`, command.argv, {
      env: { ...process.env, ...shared, ...command.env, PORT: String(port), HOST: '127.0.0.1' },
    });
    return child;
  };
  const startWeb = async (port: number) => {
    const child = await startUnit('phim-web@', String(port), port);
    await waitUntil(
      `the web node on ${port} to answer /api/health`,
      async () => {
        if (!child.alive())
          throw new Error(
            `the web node on ${port} exited (${child.child.exitCode ?? child.child.signalCode}):\n${child.output().slice(-3000)}`,
          );
        const health = await fetch(`${nodeUrl(port)}/api/health`).catch(() => null);
        return health?.status === 200 ? true : undefined;
      },
      60_000,
    );
    return child;
  };
  // One at a time: the first applies the migrations and makes the first admin.
  nodeA = await startWeb(PORTS.nodeA);
  nodeB = await startWeb(PORTS.nodeB);
  const nginx = await startNginx(
    root,
    PORTS.nginx,
    nginxSite({ listen: PORTS.nginx, nodePorts: [PORTS.nodeA, PORTS.nodeB], dataDir }),
  );
  let worker: Managed | undefined;
  if (workers) worker = await startUnit('phim-worker@', '1', PORTS.worker1);

  console.log(
    `Topology up in ${((performance.now() - started) / 1000).toFixed(1)} s: PostgreSQL ${postgres.version} :${PORTS.postgres}, ` +
      `Redis :${PORTS.redis}, s3rver ${s3.endpoint}, nodes :${PORTS.nodeA} and :${PORTS.nodeB}, nginx :${PORTS.nginx}, ` +
      `${worker ? `worker ${path.relative(PROJECT_ROOT, WORKER_ENTRY)}` : 'no worker (jobs run on the web nodes)'}, ` +
      `storage ${storage.driver}${storage.note ? ` (${storage.note})` : ''}`,
  );

  const clipFile = path.join(root, 'clip.mp4');
  const longClipFile = path.join(root, 'long-clip.mp4');
  await makeTestClip(clipFile, { size: '640x360', seconds: 6 });

  // ── scenarios ─────────────────────────────────────────────────────────────────────────────────────────────

  const viewerEmail = 'viewer@topology.test';
  const viewerPassword = 'quiet-river-2026';
  /** The viewer's second device, signed in on A: the kill scenario uses its session. */
  const device = new Person();

  await scenario(
    'a viewer signs in through node A and node B knows them (and nginx, either way)',
    async () => {
      // Registration on B with a CSRF token that A issued: both sign and check with the same secret.
      const viewer = new Person();
      await viewer.csrf(A);
      const registered = await viewer.request(B, 'POST', '/api/auth/register', {
        name: 'Người xem',
        email: viewerEmail,
        password: viewerPassword,
        password_confirmation: viewerPassword,
      });
      check(
        registered.status === 201,
        `register on B with A's CSRF token: ${registered.status} ${await registered.text()}`,
      );
      check((await viewer.whoAmI(A)) === viewerEmail, 'node A does not know a session made on B');
      // Another device signs in through A; the very next request goes to B.
      await device.signIn(A, viewerEmail, viewerPassword);
      check((await device.whoAmI(B)) === viewerEmail, `node B: ${await device.whoAmI(B)}`);
      for (let i = 0; i < 4; i++)
        check(
          (await device.whoAmI(front)) === viewerEmail,
          `through nginx, request ${i + 1} did not know the viewer`,
        );
      // Signing out on B ends the session on A too.
      const out = await viewer.request(B, 'POST', '/api/logout');
      check(out.status === 204 || out.status === 200, `sign-out on B: ${out.status}`);
      check(
        (await viewer.whoAmI(A)) === 'HTTP 401',
        `node A after signing out on B: ${await viewer.whoAmI(A)}`,
      );
      return 'sessions and CSRF tokens cross nodes; a sign-out on B holds on A';
    },
  );

  await scenario('the sign-in rate limit holds across both nodes (AUTH_RATE_LIMIT)', async () => {
    const limit = Number(shared.AUTH_RATE_LIMIT);
    const guesser = new Person();
    // An address and an email nothing else used: both count (a sign-in, even a good one, spends an attempt).
    const target = 'guessed@topology.test';
    await guesser.csrf(A);
    const statuses: number[] = [];
    const targets = [A, B];
    for (let attempt = 0; attempt < limit; attempt++) {
      const response = await guesser.request(targets[attempt % 2]!, 'POST', '/api/auth/login', {
        email: target,
        password: `wrong-password-${attempt}`,
      });
      statuses.push(response.status);
    }
    check(!statuses.includes(429), `refused before the limit: ${statuses.join(', ')}`);
    for (const base of [B, A, front]) {
      const response = await guesser.request(base, 'POST', '/api/auth/login', {
        email: target,
        password: 'wrong-password',
      });
      statuses.push(response.status);
      check(
        response.status === 429,
        `attempt ${statuses.length} (on ${base}) was ${response.status}, not 429`,
      );
    }
    // The limit counts per address and per email: someone else, elsewhere, still signs in.
    const elsewhere = new Person();
    await elsewhere.signIn(front, ADMIN.email, ADMIN.password);
    return `${limit} attempts alternating A and B, then 429 on B, A and nginx (${statuses.join(' ')})`;
  });

  const admin = new Person();
  await admin.signIn(A, ADMIN.email, ADMIN.password);
  type Seen = { event: string; payload: { videoId?: number; progress?: number }; at: number };
  const seenOnB: Seen[] = [];
  const seenThroughNginx: Seen[] = [];
  const onB = admin.socket(B);
  const throughNginx = admin.socket(front);
  for (const [socket, seen] of [
    [onB, seenOnB],
    [throughNginx, seenThroughNginx],
  ] as const) {
    for (const event of ['video.progress', 'video.ready', 'video.failed'])
      socket.on(event, (payload: Seen['payload']) => seen.push({ event, payload, at: Date.now() }));
  }
  const closeSockets = () => {
    onB.close();
    throughNginx.close();
  };

  /** tus: create the upload on `createOn`, send every byte to `patchOn`; answers the video's id. */
  const upload = async (file: string, createOn: string, patchOn: string) => {
    const data = fs.readFileSync(file);
    const created = await admin.request(createOn, 'POST', '/api/admin/videos/uploads', undefined, {
      'tus-resumable': '1.0.0',
      'upload-length': String(data.length),
      'upload-metadata': `filename ${Buffer.from(path.basename(file)).toString('base64')}`,
    });
    check(
      created.status === 201,
      `tus creation on ${createOn}: ${created.status} ${await created.text()}`,
    );
    const location = created.headers.get('location')!;
    const videoId = Number(created.headers.get('phim-video-id'));
    const patched = await admin.request(patchOn, 'PATCH', location, new Uint8Array(data), {
      'tus-resumable': '1.0.0',
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
    });
    check(
      patched.status === 204,
      `tus PATCH on ${patchOn}: ${patched.status} ${await patched.text()}`,
    );
    return videoId;
  };

  /** Which processes ran ffmpeg while `until` had not settled, by name. */
  const watchFfmpeg = (processes: () => Managed[]) => {
    const ranFfmpeg = new Set<string>();
    const timer = setInterval(() => {
      for (const process of processes())
        if (process.alive() && childrenNamed(process.pid, 'ffmpeg').length)
          ranFfmpeg.add(process.name);
    }, 100);
    return { ranFfmpeg, stop: () => clearInterval(timer) };
  };

  const videoOf = async (base: string, id: number) => {
    const response = await admin.request(base, 'GET', `/api/admin/videos/${id}`);
    check(response.status === 200, `GET /api/admin/videos/${id} on ${base}: ${response.status}`);
    return (
      (await response.json()) as {
        video: {
          status: string;
          master_url: string | null;
          renditions: Array<{ playlist: string }>;
        };
      }
    ).video;
  };

  let firstVideo: number | undefined;
  let segmentHeaders: { url: string; cacheControl: string | null } | undefined;
  await scenario(
    `an admin uploads through A while ${workers ? 'the worker' : 'a web node (no worker yet)'} transcodes; progress reaches an admin socket on B`,
    async () => {
      await waitUntil(
        'both admin sockets to connect',
        () => (onB.connected && throughNginx.connected ? true : undefined),
        10_000,
      );
      const ffmpeg = watchFfmpeg(() => [nodeA, nodeB, ...(worker ? [worker] : [])]);
      try {
        firstVideo = await upload(clipFile, A, front);
        const id = firstVideo;
        await waitUntil(
          'video.ready on the socket connected to B',
          () => {
            const failed = seenOnB.find(
              (s) => s.event === 'video.failed' && s.payload.videoId === id,
            );
            if (failed) throw new Error(`video.failed: ${JSON.stringify(failed.payload)}`);
            return seenOnB.some((s) => s.event === 'video.ready' && s.payload.videoId === id)
              ? true
              : undefined;
          },
          180_000,
        );
      } finally {
        ffmpeg.stop();
      }
      const id = firstVideo;
      const progress = seenOnB.filter(
        (s) => s.event === 'video.progress' && s.payload.videoId === id,
      );
      check(progress.length > 0, 'no video.progress event reached the socket on B');
      check(
        seenThroughNginx.some((s) => s.event === 'video.ready' && s.payload.videoId === id),
        'video.ready did not reach the socket connected through nginx',
      );
      const ran = [...ffmpeg.ranFfmpeg];
      if (worker) {
        check(
          ran.includes(worker.name),
          `the worker ran no ffmpeg (seen under: ${ran.join(', ') || 'nothing'})`,
        );
        check(
          !ran.some((name) => name.startsWith('phim-web@')),
          `a web node ran ffmpeg with JOBS=off: ${ran.join(', ')}`,
        );
      }
      // The ladder, seen the same from B, and its files through nginx.
      const video = await videoOf(B, id);
      check(
        video.status === 'ready' && video.master_url,
        `node B sees the video as ${video.status}`,
      );
      const masterUrl = new URL(video.master_url, front).toString();
      const master = await fetch(masterUrl);
      check(master.status === 200, `${masterUrl}: ${master.status}`);
      check(
        master.headers.get('content-type')?.startsWith('application/vnd.apple.mpegurl'),
        `master playlist content type ${master.headers.get('content-type')}`,
      );
      const folder = masterUrl.replace(/master\.m3u8$/, '');
      const playlistUrl = folder + video.renditions[0]!.playlist;
      const playlist = await (await fetch(playlistUrl)).text();
      const segment = playlist.split('\n').find((line) => line && !line.startsWith('#'));
      check(segment, `no segment in ${playlistUrl}`);
      const segmentUrl = new URL(segment, playlistUrl).toString();
      const bytes = await fetch(segmentUrl);
      check(
        bytes.status === 200 && (await bytes.arrayBuffer()).byteLength > 0,
        `${segmentUrl}: ${bytes.status}`,
      );
      segmentHeaders = { url: segmentUrl, cacheControl: bytes.headers.get('cache-control') };
      return `${progress.length} progress events on B, ready on B and through nginx; transcoded by ${ran.join(', ') || '(not seen)'}; segments from ${new URL(segmentUrl).host}`;
    },
  );

  await scenario("a video's segments are served with a year of immutable caching", async () => {
    check(segmentHeaders, 'no segment from the upload scenario');
    // What a CDN and the players' caches go by: a video's output never changes (a new transcode, a new revision).
    check(
      segmentHeaders.cacheControl === 'public, max-age=31536000, immutable',
      `${segmentHeaders.url}: Cache-Control ${segmentHeaders.cacheControl}`,
    );
    return `from ${new URL(segmentHeaders.url).host}`;
  });

  await scenario(
    'killing node A mid-session: every request after the kill is answered (through nginx)',
    async () => {
      let requests = 0;
      const failures: string[] = [];
      // A response A was sending at the instant of the SIGKILL is cut short whatever nginx does (it can only try B
      // before the first byte): that one request is told apart; every request after the kill must be answered.
      const cutByTheKill: string[] = [];
      let kill = { from: Infinity, to: Infinity };
      let stop = false;
      const paths = ['/api/user', '/', '/api/user', '/movies'];
      const viewerLoop = (async () => {
        for (let i = 0; !stop; i++) {
          const url = paths[i % paths.length]!;
          const started = performance.now();
          let failure: string | undefined;
          try {
            const response = await device.request(front, 'GET', url);
            if (response.status !== 200) failure = `${url}: ${response.status}`;
            else if (url === '/api/user') {
              const body = (await response.json()) as { user: { email: string } };
              if (body.user.email !== viewerEmail) failure = `${url}: someone else`;
            } else await response.text();
          } catch (error) {
            failure = `${url}: ${error instanceof Error ? error.message : String(error)}`;
          }
          requests++;
          if (failure)
            (started <= kill.to && performance.now() >= kill.from ? cutByTheKill : failures).push(
              failure,
            );
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const before = requests;
      kill = { from: performance.now(), to: Infinity };
      await nodeA.kill();
      kill = { ...kill, to: performance.now() };
      await new Promise((resolve) => setTimeout(resolve, 2500));
      stop = true;
      await viewerLoop;
      check(
        before > 0 && requests > before,
        `requests: ${before} before the kill, ${requests} in all`,
      );
      check(
        failures.length === 0 && cutByTheKill.length <= 1,
        `the viewer saw ${failures.length + cutByTheKill.length} failed requests: ${[...cutByTheKill, ...failures].slice(0, 5).join('; ')}`,
      );
      // The admin's sockets: the one on B stayed; the one through nginx reconnects (to B) by itself.
      check(onB.connected, 'the socket on B dropped when A died');
      await waitUntil(
        'the socket through nginx to reconnect',
        () => (throughNginx.connected ? true : undefined),
        10_000,
      );
      // A comes back (systemd's Restart=always) and knows the viewer again.
      nodeA = await startWeb(PORTS.nodeA);
      check(
        (await device.whoAmI(A)) === viewerEmail,
        'node A, restarted, does not know the viewer',
      );
      return `${requests} requests (${before} before SIGKILL), ${cutByTheKill.length ? `one cut short by the kill itself (${cutByTheKill[0]}), ` : ''}none failed after it; the sockets stayed or came back; A restarted`;
    },
  );

  const workerScenario = 'killing the worker mid-transcode and starting another finishes the video';
  if (!workers && workerScript)
    // `npm run worker` exists, so the build must have made its entry: a missing one is a failure, not a TODO.
    await scenario(workerScenario, async () => {
      throw new Error(
        `package.json has \`npm run worker\` but ${path.relative(PROJECT_ROOT, WORKER_ENTRY)} is missing: run \`npm run build\``,
      );
    });
  else if (!workers) {
    notRun(
      workerScenario,
      `TODO(issue 19): no worker yet (${path.relative(PROJECT_ROOT, WORKER_ENTRY)} does not exist; \`npm run worker\` is being built)`,
    );
  } else {
    await scenario(workerScenario, async () => {
      // Long enough that the kill lands mid-ladder on a fast machine, short enough for CI.
      await makeTestClip(longClipFile, { size: '1280x720', seconds: 20, source: 'testsrc2' });
      const first = worker!;
      const uploaded = performance.now();
      const upTo = seenOnB.length;
      const id = await upload(longClipFile, front, front);
      const readyYet = () =>
        seenOnB.slice(upTo).some((s) => s.event === 'video.ready' && s.payload.videoId === id);
      await waitUntil(
        'the first worker to be transcoding (its ffmpeg running)',
        () => {
          if (readyYet())
            throw new Error('the video was ready before the kill: make the clip longer');
          return childrenNamed(first.pid, 'ffmpeg').length ? true : undefined;
        },
        120_000,
      );
      // Into the ladder, not at its first frame.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      check(!readyYet(), 'the video was ready before the kill: make the clip longer');
      const killedAt = performance.now();
      await first.kill();
      const second = await startUnit('phim-worker@', '2', PORTS.worker2);
      worker = second;
      const ffmpeg = watchFfmpeg(() => [nodeA, nodeB, second]);
      try {
        await waitUntil(
          'video.ready after the second worker took the transcode over',
          () => {
            const failed = seenOnB
              .slice(upTo)
              .find((s) => s.event === 'video.failed' && s.payload.videoId === id);
            if (failed) throw new Error(`video.failed: ${JSON.stringify(failed.payload)}`);
            return seenOnB
              .slice(upTo)
              .some((s) => s.event === 'video.ready' && s.payload.videoId === id)
              ? true
              : undefined;
          },
          300_000,
        );
      } finally {
        ffmpeg.stop();
      }
      check(ffmpeg.ranFfmpeg.has(second.name), 'the second worker never ran ffmpeg');
      const video = await videoOf(front, id);
      check(video.status === 'ready', `the video is ${video.status}`);
      const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
      return (
        `the first worker was SIGKILLed ${((killedAt - uploaded) / 1000).toFixed(1)} s after the upload, mid-ladder; ` +
        `the second finished it ${seconds(killedAt)} s after the kill`
      );
    });
  }

  if (storage.driver === 'local')
    notRun(
      'media in the S3 bucket (s3rver): originals, ladder, and segments served from the bucket',
      `TODO(issue 19): ${storage.note}`,
    );
  else
    await scenario(
      'media in the S3 bucket (s3rver), nothing of it on the shared disk',
      async () => {
        check(firstVideo, 'no video from the upload scenario');
        const video = await videoOf(front, firstVideo);
        const master = new URL(video.master_url!, front);
        check(
          master.port === String(PORTS.s3) || !master.pathname.startsWith('/storage/'),
          `master URL ${master}`,
        );
        const local = path.join(dataDir, 'storage', 'videos', String(firstVideo));
        check(!fs.existsSync(local), `${local} exists: the ladder went to the local disk`);
        return `master playlist at ${master.origin}`;
      },
    );

  closeSockets();
  // Nothing nginx logged at warn or worse beyond the upstream that was killed on purpose.
  const nginxErrors = fs
    .readFileSync(nginx.errorLog, 'utf8')
    .split('\n')
    .filter(
      (line) =>
        /\[(error|crit|alert|emerg)\]/.test(line) &&
        !/Connection refused|prematurely closed|reset by peer/.test(line),
    );
  if (nginxErrors.length) console.log(`nginx error log:\n${nginxErrors.slice(0, 10).join('\n')}`);
} catch (error) {
  outcomes.push({
    name: 'the topology',
    result: 'FAIL',
    detail: String(error instanceof Error ? error.stack : error),
    seconds: 0,
  });
  console.log(
    `FAIL the topology could not be set up or a scenario broke it: ${error instanceof Error ? error.stack : String(error)}`,
  );
} finally {
  const failed = outcomes.some((outcome) => outcome.result === 'FAIL');
  if (failed) {
    for (const node of [nodeA!, nodeB!].filter(Boolean))
      console.log(
        `\n── ${node.name} output (last 3000 characters) ──\n${node.output().slice(-3000)}`,
      );
  }
  await teardown();
  const count = (result: Outcome['result']) =>
    outcomes.filter((outcome) => outcome.result === result).length;
  console.log(
    `\nTopology: ${count('PASS')} passed, ${count('FAIL')} failed, ${count('NOT RUN')} not run ` +
      `(${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  for (const outcome of outcomes.filter((o) => o.result === 'NOT RUN'))
    console.log(`  NOT RUN (not a pass): ${outcome.name}`);
  process.exitCode = failed ? 1 : 0;
}

/**
 * THE storage choice of the run, in one place. Until the S3 driver exists (the configuration refuses
 * STORAGE_DRIVER=s3), the nodes share one data folder: with DATABASE_URL set they take no data-folder lock, and
 * nginx serves its storage/ folder. Once the configuration accepts s3, the run switches to s3rver by itself
 * (TOPOLOGY_STORAGE=local keeps the shared folder).
 */
async function storageChoice(s3: Awaited<ReturnType<typeof startS3>>) {
  const s3Env = {
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
  const { loadConfig, ConfigError } = await import('#server/config.ts');
  let refusal: string | undefined;
  try {
    loadConfig({ ...s3Env, STORAGE_DRIVER: 's3' });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    refusal = error.problems.join('; ');
  }
  if (process.env.TOPOLOGY_STORAGE === 'local' || refusal)
    return {
      driver: 'local' as const,
      env: {},
      note: refusal
        ? `the S3 driver is not in yet (the configuration says: ${refusal}); the nodes share one data folder`
        : 'TOPOLOGY_STORAGE=local',
    };
  return { driver: 's3' as const, env: s3Env, note: '' };
}
