// A bounded fuzz of the whole API (the security issue): about 10,000 malformed requests from a seeded random source
// over every operation of the OpenAPI document, the hidden tus upload routes and the multipart uploads, sent as an
// admin, a viewer, a guest and in token mode. No answer may be a 5xx, and none may carry a stack trace, database
// text or a file path. FUZZ_SEED=<n> replays a run (the seed is printed); FUZZ_REQUESTS=<n> changes its size.
import crypto from 'node:crypto';
import { pino } from 'pino';
import { beforeAll, expect, it } from 'vitest';
import { sessions } from '#server/db/schema/index.ts';
import { solidImage } from '#tests/image-utils.ts';
import { Client, register, signInFirstAdmin, signInWithToken } from './accounts-client.ts';
import {
  HTML_STRINGS,
  PATH_VALUES,
  SQL_STRINGS,
  UNICODE_STRINGS,
  createRandom,
} from './fuzz-inputs.ts';
import {
  SESSION_ENDERS,
  TUS,
  build,
  createGenerator,
  operationsOf,
  type Actor,
  type ActorName,
  type Draft,
  type Fixtures,
  type FuzzRequest,
  type OpenApi,
  type Operation,
} from './fuzz-requests.ts';
import { withTestApp } from './helpers.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_516);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
/** A request that has not answered by then is a failure (a hung request would otherwise stall the whole run). */
const ANSWER_TIMEOUT_MS = 10_000;
/** Requests in flight: the database works while Node builds the next request. FUZZ_CONCURRENCY=1 replays in order. */
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);
/** Three minutes for the default run (about one here); a longer hunt with FUZZ_REQUESTS gets proportionally more. */
const TEST_TIMEOUT_MS = Math.max(180_000, REQUESTS * 20);
const ADMIN = { email: 'boss@example.com', password: 'admin-secret-2026' };

/** What no answer may contain (in its body or any header). */
const LEAKS: Array<[string, RegExp]> = [
  ['stack trace', /\n\s+at\s/],
  ['database text', /syntax error|relation "|select .* from|insert into|violates|pg_|drizzle/i],
  ['file system path', /\/work\/|\/tmp\/|node_modules|\.ts:\d+|\.js:\d+/],
];

type Sent = {
  index: number;
  op: string;
  actor: ActorName;
  categories: string[];
  options: FuzzRequest;
};

type Failure = {
  key: string;
  count: number;
  problem: string;
  status: number;
  excerpt: string;
  /** What the server logged for it. */
  logged?: string;
  sent: Sent;
};

/** A signed-in client's identity as it stands now (its cookies, its XSRF token or its Bearer token). */
function freeze(client: Client): Actor {
  if (client.token)
    return { ip: client.ip, headers: { authorization: `Bearer ${client.token}` }, unsafe: {} };
  return {
    ip: client.ip,
    headers: { cookie: client.cookieHeader() },
    unsafe: { 'x-xsrf-token': decodeURIComponent(client.jar.get('XSRF-TOKEN') ?? '') },
  };
}

const actors = new Map<ActorName, Actor>();
let spare: Promise<Actor> | undefined;
let spareUserId: string;
let operations: Operation[] = [];
let png: Buffer;
const fixtures: Fixtures = {
  movies: [],
  servers: [],
  episodes: [],
  subtitles: [],
  terms: { genre: [], type: [], nation: [] },
  videos: [],
  users: [],
  uploads: [],
};

/** What the server logged for each failed request (by request id), so that a 5xx in the report says why. */
const serverErrors = new Map<string, string>();
const logger = pino(
  { level: 'error' },
  {
    write(line: string) {
      const entry = JSON.parse(line) as {
        reqId?: string;
        msg?: string;
        err?: { type?: string; message?: string; stack?: string };
      };
      if (!entry.reqId) return;
      const frame =
        entry.err?.stack
          ?.split('\n')
          .find((l) => /^\s+at /.test(l))
          ?.trim() ?? '';
      serverErrors.set(
        entry.reqId,
        entry.err ? `${entry.err.type}: ${entry.err.message} (${frame})` : String(entry.msg),
      );
    },
  },
);

const t = withTestApp({ logger });

beforeAll(async () => {
  const { app } = t;
  const admin = await signInFirstAdmin(app, ADMIN);
  await admin.csrf();
  const viewer = (await register(app, 'viewer@example.com')).client;
  const target = await register(app, 'target@example.com');
  spareUserId = (await register(app, 'spare@example.com')).user.id;
  const guest = new Client(app);
  await guest.csrf();
  const adminToken = await signInWithToken(app, ADMIN.email, ADMIN.password);
  const viewerToken = await signInWithToken(app, 'viewer@example.com');
  actors.set('admin', freeze(admin));
  actors.set('admin-token', { ...freeze(adminToken.client), ip: '10.200.0.1' });
  actors.set('viewer', freeze(viewer));
  actors.set('viewer-token', { ...freeze(viewerToken.client), ip: '10.200.0.2' });
  actors.set('guest', freeze(guest));

  // Rows for the valid part of each request to point at, so that one broken field is met deep in the service.
  const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return JSON.parse(answer.body) as Record<string, { id: number }>;
  };
  for (const kind of ['genre', 'type', 'nation'] as const) {
    const { term } = await ok(admin.post(`/api/admin/terms/${kind}`, { name: `Fuzz ${kind}` }));
    fixtures.terms[kind].push(term!.id);
  }
  for (const title of ['Fuzz One', 'Fuzz Two']) {
    const { movie } = await ok(
      admin.post('/api/admin/movies', {
        title,
        type_id: fixtures.terms.type[0],
        genre_ids: fixtures.terms.genre,
        published: true,
      }),
    );
    fixtures.movies.push(movie!.id);
  }
  const movieId = fixtures.movies[0]!;
  const { server } = await ok(admin.post(`/api/admin/movies/${movieId}/servers`, { name: 'S1' }));
  fixtures.servers.push(server!.id);
  for (const name of ['1', '2']) {
    const { episode } = await ok(
      admin.post(`/api/admin/movies/${movieId}/episodes`, {
        server_id: server!.id,
        name,
        source_type: 'hls',
        source_url: 'https://example.com/a.m3u8',
        published: true,
      }),
    );
    fixtures.episodes.push(episode!.id);
  }
  const { subtitle } = await ok(
    admin.multipart(
      'POST',
      `/api/admin/movies/${movieId}/episodes/${fixtures.episodes[0]}/subtitles`,
      {
        language: 'vi',
        label: 'Tiếng Việt',
        file: {
          data: Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nXin chào\n'),
          name: 'a.vtt',
          type: 'text/vtt',
        },
      },
    ),
  );
  fixtures.subtitles.push(subtitle!.id);
  for (let i = 0; i < 5; i++) {
    const created = await admin.request('POST', TUS, undefined, {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '64',
        'upload-metadata': `filename ${Buffer.from(`fuzz-${i}.mp4`).toString('base64')}`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    fixtures.videos.push(Number(created.headers['phim-video-id']));
    fixtures.uploads.push(String(created.headers.location).split('/').at(-1)!);
  }
  const me = JSON.parse((await admin.get('/api/user')).body) as { user: { id: string } };
  // The admin's own id is a target on purpose: banning, demoting or deleting oneself must be refused.
  fixtures.users.push(target.user.id, me.user.id);

  png = await solidImage('png', 2, 2, '#c00');
  const openapi = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  operations = operationsOf(JSON.parse(openapi.body) as OpenApi);
}, 60_000);

/**
 * The spare account's token for session-ending operations; a new one once a request has ended it. The session row
 * is written directly: a sign-in would cost a password hash each time.
 */
function spareActor() {
  spare ??= (async () => {
    // No dot in it: Better Auth's bearer plugin signs a raw session token itself.
    const token = crypto.randomBytes(24).toString('base64url');
    await t.db.insert(sessions).values({
      id: crypto.randomUUID(),
      token,
      userId: spareUserId,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      deviceName: 'Fuzz spare',
    });
    return { ip: '10.200.0.3', headers: { authorization: `Bearer ${token}` }, unsafe: {} };
  })();
  return spare;
}

/** Headers that carry random tokens made by the server, where a short pattern such as `pg_` turns up by chance. */
const RANDOM_HEADERS = new Set(['set-cookie', 'set-auth-token', 'x-request-id']);

/** The text of an answer that is checked for leaks: its body and headers, without the random tokens. */
function answerText(body: string, headers: Record<string, unknown>) {
  const scrubbed = body.replace(/"token":"[^"]*"/g, '"token":"…"');
  const lines = Object.entries(headers)
    .filter(([name]) => !RANDOM_HEADERS.has(name))
    .map(([name, value]) => `${name}: ${String(value)}`);
  return `${scrubbed}\n${lines.join('\n')}`;
}

/** What is wrong with an answer: a 5xx, or a leak that the request did not carry in itself. */
function problemsOf(sent: Sent, status: number, text: string) {
  const problems: Array<{ problem: string; excerpt: string }> = [];
  const firstLine = text.split('\n')[0]!;
  // 507 is the tus creation's documented answer when the disk lacks the declared size.
  if (status >= 500 && !(status === 507 && sent.op === `POST ${TUS}`))
    problems.push({ problem: `status ${status}`, excerpt: firstLine });
  let request: string | undefined;
  for (const [name, pattern] of LEAKS) {
    const match = pattern.exec(text);
    if (!match) continue;
    // An answer may echo what was sent (the JSON 404 names the path): only text the request lacked is a leak.
    request ??= `${sent.options.url}\n${JSON.stringify(sent.options.headers)}\n${String(sent.options.payload ?? '')}`;
    if (!pattern.test(request))
      problems.push({
        problem: name,
        excerpt: text.slice(Math.max(0, match.index - 120), match.index + 180),
      });
  }
  return problems;
}

const clip = (text: string, length = 300) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

/** A failing request as the report shows it: enough to send it again by hand. */
function describeRequest(sent: Sent) {
  const { options } = sent;
  const payload =
    options.payload === undefined
      ? ''
      : Buffer.isBuffer(options.payload)
        ? options.payload.toString('latin1')
        : String(options.payload);
  const headers = Object.entries(options.headers)
    .filter(
      ([name]) =>
        !['user-agent', 'cookie', 'authorization', 'x-xsrf-token'].includes(name) ||
        sent.categories.some((c) => c.includes('header') || c === 'cookie'),
    )
    .map(([name, value]) => `${name}: ${clip(value, 120)}`)
    .join('; ');
  return [
    `#${sent.index} as ${sent.actor} [${sent.categories.join(', ')}]`,
    `${options.method} ${clip(options.url, 200)}`,
    headers && `headers: ${headers}`,
    payload && `body: ${JSON.stringify(clip(payload, 300))}`,
  ]
    .filter(Boolean)
    .join('\n      ');
}

it(
  `answers ${REQUESTS} malformed requests without a 5xx or a leak (seed ${SEED})`,
  async () => {
    const labels = operations.map((op) => op.label);
    // The document is the map: if it stops listing these, the fuzz would silently cover less.
    expect(operations.length).toBeGreaterThan(60);
    for (const label of [
      'POST /api/admin/movies',
      'PUT /api/user/avatar',
      'POST /api/admin/uploads/image',
      `PATCH ${TUS}/{uploadId}`,
    ])
      expect(labels).toContain(label);

    // The fuzz stores some of its strings (a movie titled `' OR 1=1 --`) and later answers show them back: none may
    // look like a leak itself, or every later listing would be one.
    for (const text of [...SQL_STRINGS, ...HTML_STRINGS, ...UNICODE_STRINGS, ...PATH_VALUES])
      for (const [name, pattern] of LEAKS)
        expect(pattern.test(text), `${name}: ${text}`).toBe(false);

    const random = createRandom(SEED);
    const generate = createGenerator(random, { operations, fixtures, actors, png });
    const failures = new Map<string, Failure>();
    const byCategory = new Map<string, number>();
    const byStatus = new Map<number, number>();
    const adminReach = { sent: 0, stopped: 0 };
    const started = performance.now();

    let next = 0;
    const worker = async () => {
      while (next < REQUESTS) {
        const index = next++;
        // Drawn in order, whichever worker asks: the seed alone decides the requests (answers may interleave).
        const draft = generate();
        await send(index, draft);
      }
    };
    const send = async (index: number, draft: Draft) => {
      const actor = draft.actor === 'spare' ? await spareActor() : actors.get(draft.actor)!;
      const sent: Sent = {
        index,
        op: draft.op.label,
        actor: draft.actor,
        categories: draft.categories,
        options: build(draft, actor),
      };
      for (const category of draft.categories)
        byCategory.set(category.split(':')[0]!, (byCategory.get(category.split(':')[0]!) ?? 0) + 1);
      let status: number;
      let text: string;
      let requestId = '';
      try {
        let timer: NodeJS.Timeout | undefined;
        const response = await Promise.race([
          t.app.inject(sent.options),
          new Promise<never>((_resolve, reject) => {
            timer = setTimeout(
              () => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)),
              ANSWER_TIMEOUT_MS,
            );
          }),
        ]).finally(() => clearTimeout(timer));
        status = response.statusCode;
        requestId = String(response.headers['x-request-id'] ?? '');
        text = answerText(response.body, response.headers);
      } catch (error) {
        status = 0;
        text = String(error);
      }
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      if (draft.actor === 'spare' && SESSION_ENDERS.has(draft.op.label) && status < 400)
        spare = undefined;
      // Requests whose own headers were not tampered with show whether the admin's session still stands.
      const tampered = draft.categories.some((c) =>
        ['auth header', 'cookie', 'xsrf header'].includes(c),
      );
      if (draft.actor.startsWith('admin') && draft.op.access === 'admin' && !tampered) {
        adminReach.sent += 1;
        if ([401, 403, 419].includes(status)) adminReach.stopped += 1;
      }
      const problems =
        status === 0 ? [{ problem: text, excerpt: '' }] : problemsOf(sent, status, text);
      for (const { problem, excerpt } of problems) {
        let code = '';
        try {
          code =
            (JSON.parse(text.split('\n')[0]!) as { error?: { code?: string } }).error?.code ?? '';
        } catch {
          // Not JSON: the status and the problem name the failure.
        }
        const key = `${sent.op} | ${status} | ${problem} | ${code}`;
        const found = failures.get(key);
        if (found) found.count += 1;
        else
          failures.set(key, {
            key,
            count: 1,
            problem,
            status,
            excerpt: clip(excerpt, 300),
            logged: serverErrors.get(requestId),
            sent,
          });
      }
    };
    const cpuBefore = process.cpuUsage();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const cpu = process.cpuUsage(cpuBefore);
    const seconds = (performance.now() - started) / 1000;

    // The admin is still signed in and still an admin: the run did not quietly turn into 401s.
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: actors.get('admin')!.headers,
      remoteAddress: actors.get('admin')!.ip,
    });
    const reached = 1 - adminReach.stopped / Math.max(1, adminReach.sent);
    console.log(
      [
        `fuzz: ${REQUESTS} requests in ${seconds.toFixed(1)} s, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU in this process (seed ${SEED}, ${CONCURRENCY} in flight), ${operations.length} operations`,
        `  by category: ${[...byCategory]
          .sort((a, b) => b[1] - a[1])
          .map(([c, n]) => `${c} ${n}`)
          .join(', ')}`,
        `  by status: ${[...byStatus]
          .sort((a, b) => a[0] - b[0])
          .map(([s, n]) => `${s}: ${n}`)
          .join(', ')}`,
        `  admin requests past the access and CSRF checks: ${(reached * 100).toFixed(1)}% of ${adminReach.sent}`,
      ].join('\n'),
    );

    const report = [...failures.values()]
      .sort((a, b) => a.key.localeCompare(b.key))
      .map(
        (failure) =>
          `- ${failure.sent.op}: ${failure.problem} (status ${failure.status}, ${failure.count}×)\n` +
          `    answer: ${JSON.stringify(failure.excerpt)}\n` +
          (failure.logged ? `    server: ${failure.logged}\n` : '') +
          `    first: ${describeRequest(failure.sent)}`,
      );
    expect(
      report,
      `FUZZ_SEED=${SEED}: ${report.length} distinct failures\n${report.join('\n')}`,
    ).toEqual([]);
    expect(check.statusCode, check.body).toBe(200);
    expect((JSON.parse(check.body) as { user: { roles: string[] } }).user.roles).toContain('admin');
    expect(reached).toBeGreaterThan(0.95);
  },
  TEST_TIMEOUT_MS,
);
