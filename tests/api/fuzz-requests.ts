// The requests of the API fuzz test (tests/api/fuzz.test.ts): the operations, read from the OpenAPI document, and a
// generator that draws a valid request for one of them and then breaks one or two things in it.
import zlib from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { CHROME_LINUX } from './accounts-client.ts';
import {
  HTML_STRINGS,
  MB,
  NUMBER_STRINGS,
  ODD_NUMBERS,
  PATH_VALUES,
  RawJson,
  SQL_STRINGS,
  UNICODE_STRINGS,
  branches,
  deepArrays,
  deepObjects,
  encodeComponent,
  headerSafe,
  multipartBody,
  toJsonText,
  typesOf,
  validValue,
  wrongTypeValue,
  type JsonSchema,
  type MultipartPart,
  type Random,
} from './fuzz-inputs.ts';

export const TUS = '/api/admin/videos/uploads';

export type Access = 'public' | 'user' | 'admin';
export type Parameter = {
  in: 'path' | 'query';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};
export type Operation = {
  /** `POST /api/admin/movies`, as failures name it. */
  label: string;
  method: string;
  path: string;
  access: Access;
  params: Parameter[];
  body?: JsonSchema;
  kind: 'json' | 'multipart' | 'tus';
};
export type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        description?: string;
        security?: Array<Record<string, string[]>>;
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** A copy of the schema with every `$ref` replaced by what it names. */
function dereference(schema: JsonSchema, document: OpenApi, depth = 0): JsonSchema {
  if (depth > 20) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1)!;
    return dereference(document.components?.schemas?.[name] ?? {}, document, depth + 1);
  }
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties')
      copy[key] = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, property]) => [
          name,
          dereference(property, document, depth + 1),
        ]),
      );
    else if (key === 'items') copy[key] = dereference(value as JsonSchema, document, depth + 1);
    else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf')
      copy[key] = (value as JsonSchema[]).map((option) => dereference(option, document, depth + 1));
    else copy[key] = value;
  }
  return copy as JsonSchema;
}

/** Every operation of the document, plus the tus routes it hides (HEAD, PATCH, DELETE and OPTIONS of an upload). */
export function operationsOf(document: OpenApi): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const security = operation.security ?? [];
      const roles = security.flatMap((requirement) => Object.values(requirement).flat());
      const access: Access = !security.length
        ? 'public'
        : roles.includes('admin')
          ? 'admin'
          : 'user';
      const body = operation.requestBody?.content['application/json']?.schema;
      const multipart = !body && /multipart\/form-data/.test(operation.description ?? '');
      operations.push({
        label: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        access,
        params: (operation.parameters ?? []).map((parameter) => ({
          ...parameter,
          schema: dereference(parameter.schema, document),
        })),
        body: body && dereference(body, document),
        kind: path === TUS ? 'tus' : multipart ? 'multipart' : 'json',
      });
    }
  }
  for (const method of ['HEAD', 'PATCH', 'DELETE', 'OPTIONS']) {
    operations.push({
      label: `${method} ${TUS}/{uploadId}`,
      method,
      path: `${TUS}/{uploadId}`,
      access: 'admin',
      params: [{ in: 'path', name: 'uploadId', required: true, schema: { type: 'string' } }],
      kind: 'tus',
    });
  }
  return operations;
}

/** Operations that end the caller's session (or its others): sent only by a spare account or a guest. */
export const SESSION_ENDERS = new Set(['POST /api/logout', 'DELETE /api/user/sessions']);

export type ActorName = 'admin' | 'admin-token' | 'viewer' | 'viewer-token' | 'guest' | 'spare';
/** A signed-in identity, frozen: fuzz answers never change its cookies (a fuzzed sign-in could otherwise swap it). */
export type Actor = { ip: string; headers: Record<string, string>; unsafe: Record<string, string> };

export type Draft = {
  op: Operation;
  actor: ActorName;
  categories: string[];
  path: Record<string, string>;
  /** `key=value` pieces, URL-ready. */
  query: string[];
  /** Appended to the path (junk segments). */
  suffix: string;
  /** The JSON body (may hold RawJson), or undefined for none. */
  body: unknown;
  bodySchema?: JsonSchema;
  /** Bytes sent instead of the JSON body. */
  payload?: string | Buffer;
  /** null: no content-type header even with a payload. */
  contentType?: string | null;
  headers: Record<string, string>;
};

/** Rows made before the run, for the valid part of each request to point at. */
export type Fixtures = {
  movies: number[];
  servers: number[];
  episodes: number[];
  subtitles: number[];
  terms: { genre: number[]; type: number[]; nation: number[] };
  videos: number[];
  users: string[];
  uploads: string[];
};

/** What inject() is given. */
export type FuzzRequest = InjectOptions & {
  method: string;
  url: string;
  headers: Record<string, string>;
};

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A PNG that claims huge dimensions (a decompression bomb's header) with a valid checksum. */
export function pngClaiming(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(4096))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A megabyte of one character, over the body limit (413) or just under it so that the field's own limit answers:
 * as text and as its JSON, each made once (building and escaping a megabyte per request was a tenth of the run).
 */
const bigStrings = new Map<string, { text: string; json: RawJson }>();
function bigString(char: string, over: boolean) {
  const key = `${char}${over}`;
  let big = bigStrings.get(key);
  if (!big) {
    const text = char.repeat((over ? MB + 16 : MB - 4096) / Buffer.byteLength(char));
    big = { text, json: new RawJson(JSON.stringify(text)) };
    bigStrings.set(key, big);
  }
  return big;
}

/** One byte over a route's file limit, as a whole multipart body (boundary OVERSIZE_BOUNDARY), made once per route. */
const OVERSIZE_BOUNDARY = '----fuzz-oversize';
const oversizeBodies = new Map<string, Buffer>();
function oversizeBody(parts: MultipartPart[], file: MultipartPart, limit: number) {
  const key = `${parts.map((part) => part.name).join()}:${file.name}:${limit}`;
  let body = oversizeBodies.get(key);
  if (!body) {
    const big = { ...file, data: Buffer.alloc(limit + 1, 0x41) };
    body = multipartBody(OVERSIZE_BOUNDARY, [...parts, big]);
    oversizeBodies.set(key, body);
  }
  return body;
}

/** What the generator points valid ids at, and who sends. */
export type GeneratorContext = {
  operations: Operation[];
  fixtures: Fixtures;
  actors: Map<ActorName, Actor>;
  /** A small valid PNG, for uploads that should get through. */
  png: Buffer;
};

/** Draws the next request: a valid one for a random operation, then one or two things broken in it. */
export function createGenerator(random: Random, context: GeneratorContext) {
  const { operations, fixtures, actors, png } = context;
  const maybe = <T>(items: readonly T[], p = 0.85) =>
    items.length && random.chance(p) ? random.pick(items) : undefined;

  /** Ids for body fields, from the fixtures most of the time (an unknown id the rest). */
  const idFor = (op: Operation) => (name: string) => {
    const pools: Record<string, number[]> = {
      server_id: fixtures.servers,
      episode_id: fixtures.episodes,
      video_id: fixtures.videos,
      type_id: fixtures.terms.type,
      genre_id: fixtures.terms.genre,
      genre_ids: fixtures.terms.genre,
      nation_ids: fixtures.terms.nation,
      ids: op.path.endsWith('/order') ? fixtures.episodes : fixtures.movies,
    };
    return maybe(pools[name] ?? []);
  };

  function validPathValue(op: Operation, name: string, chosen: Record<string, string>) {
    const parameter = op.params.find((p) => p.in === 'path' && p.name === name);
    if (parameter?.schema.enum) return String(random.pick(parameter.schema.enum));
    const segments = op.path.split('/');
    const owner =
      name === 'id'
        ? segments
            .slice(0, segments.indexOf('{id}'))
            .reverse()
            .find((segment) => !segment.startsWith('{'))
        : name;
    const kind = chosen.kind as keyof typeof fixtures.terms | undefined;
    const pools: Record<string, Array<number | string>> = {
      movieId: fixtures.movies,
      movies: fixtures.movies,
      serverId: fixtures.servers,
      episodes: fixtures.episodes,
      subtitleId: fixtures.subtitles,
      terms: kind ? fixtures.terms[kind] : [],
      videos: fixtures.videos,
      trash: fixtures.videos,
      users: fixtures.users,
      uploadId: fixtures.uploads,
    };
    const found = maybe(pools[owner ?? ''] ?? []);
    if (found !== undefined) return String(found);
    if (owner === 'sessions' || owner === 'users') return random.junk(32);
    if (owner === 'uploadId')
      return `${1 + random.int(999)}-${random.junk(24, '0123456789abcdef')}`;
    return String(1 + random.int(100_000));
  }

  function draftFor(op: Operation): Draft {
    const path: Record<string, string> = {};
    for (const match of op.path.matchAll(/\{(\w+)\}/g))
      path[match[1]!] = validPathValue(op, match[1]!, path);
    const query: string[] = [];
    for (const parameter of op.params.filter((p) => p.in === 'query')) {
      if (!parameter.required && !random.chance(0.4)) continue;
      const value = validValue(parameter.schema, random, () => undefined, parameter.name);
      query.push(`${parameter.name}=${encodeComponent(String(value))}`);
    }
    const bodySchema = op.body && random.pick(branches(op.body));
    const body = bodySchema ? validValue(bodySchema, random, idFor(op)) : undefined;
    // A password check is a deliberately slow hash (a tenth of a second and more on this machine): most requests
    // carry an empty password, which the schema refuses, and a few a well-formed wrong one that reaches the check.
    for (const name of ['password', 'current_password'])
      if (body && typeof body === 'object' && name in body && random.chance(0.97))
        (body as Record<string, unknown>)[name] = '';
    const enders = SESSION_ENDERS.has(op.label);
    const actor: ActorName = enders
      ? random.pick(['spare', 'spare', 'guest'] as const)
      : random.pick([
          ...Array<ActorName>(11).fill('admin'),
          'admin-token',
          'admin-token',
          'viewer',
          'viewer',
          'viewer-token',
          'guest',
          'guest',
          'guest',
        ]);
    return { op, actor, categories: [], path, query, suffix: '', body, bodySchema, headers: {} };
  }

  /** The body's top-level fields, with their schemas. */
  const fieldsOf = (draft: Draft) =>
    draft.bodySchema?.properties && draft.body && typeof draft.body === 'object'
      ? Object.entries(draft.bodySchema.properties)
      : [];
  const setField = (draft: Draft, name: string, value: unknown) => {
    const schema = draft.bodySchema?.properties?.[name];
    const inArray = schema && typesOf(schema).has('array') && random.chance(0.4);
    Object.defineProperty(draft.body, name, {
      value: inArray ? [validValue(schema.items ?? {}, random, () => 1), value] : value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  };
  // Not passwords: a well-formed one costs a slow hash, and what it holds never reaches the database or a page.
  const stringFields = (draft: Draft) =>
    fieldsOf(draft).filter(
      ([name, schema]) => typesOf(schema).has('string') && !/password/.test(name),
    );

  /** Puts a hostile string somewhere the operation reads text: a body field, a query parameter or a path segment. */
  function placeString(draft: Draft, values: readonly string[]) {
    const places: Array<() => void> = [];
    const fields = stringFields(draft);
    if (fields.length) {
      places.push(() => setField(draft, random.pick(fields)[0], random.pick(values)));
      // Every plain text field at once: the request stays valid and the strings reach the database.
      places.push(() => {
        for (const [name, schema] of fields)
          if (!branches(schema).some((b) => b.enum || b.pattern || b.format))
            setField(draft, name, random.pick(values));
      });
    }
    const queryNames = draft.op.params.filter((p) => p.in === 'query').map((p) => p.name);
    if (queryNames.length)
      places.push(() =>
        draft.query.push(`${random.pick(queryNames)}=${encodeComponent(random.pick(values))}`),
      );
    const pathNames = Object.keys(draft.path);
    if (pathNames.length)
      places.push(() => {
        draft.path[random.pick(pathNames)] = encodeComponent(random.pick(values));
      });
    if (!places.length) draft.query.push(`q=${encodeComponent(random.pick(values))}`);
    else random.pick(places)();
  }

  const mutations: Record<string, (draft: Draft) => boolean> = {
    'wrong type': (draft) => {
      const fields = fieldsOf(draft);
      if (!fields.length) return false;
      const [name, schema] = random.pick(fields);
      setField(draft, name, wrongTypeValue(schema, random));
      return true;
    },
    'missing field': (draft) => {
      if (!fieldsOf(draft).length) return false;
      const body = draft.body as Record<string, unknown>;
      const required = draft.bodySchema?.required ?? [];
      if (required.length) delete body[random.pick(required)];
      else for (const key of Object.keys(body)) delete body[key];
      return true;
    },
    'unknown field': (draft) => {
      const name = random.pick([
        'is_admin',
        'role',
        'roles',
        'id',
        'user_id',
        'email_verified',
        '__proto__',
        'constructor',
        'toString',
        '',
        ' ',
        'a'.repeat(300),
        'na\u0000me',
        'name ',
        'NAME',
        'title.en',
        '$where',
      ]);
      if (!draft.body || typeof draft.body !== 'object' || Array.isArray(draft.body))
        draft.body = {};
      Object.defineProperty(draft.body, name, {
        value: random.pick([true, 1, 'x', null, { admin: true }, ['admin']]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return true;
    },
    null: (draft) => {
      const fields = fieldsOf(draft);
      if (fields.length && random.chance(0.7)) setField(draft, random.pick(fields)[0], null);
      else draft.body = null;
      return true;
    },
    'sql metacharacters': (draft) => (placeString(draft, SQL_STRINGS), true),
    'html and script': (draft) => (placeString(draft, HTML_STRINGS), true),
    unicode: (draft) => (placeString(draft, UNICODE_STRINGS), true),
    'odd numbers': (draft) => {
      const places: Array<() => void> = [];
      const numeric = fieldsOf(draft).filter(([, schema]) => typesOf(schema).has('number'));
      if (numeric.length)
        places.push(() =>
          setField(
            draft,
            random.pick(numeric)[0],
            random.chance(0.7)
              ? new RawJson(random.pick(ODD_NUMBERS))
              : random.pick(NUMBER_STRINGS),
          ),
        );
      const queryNumbers = draft.op.params.filter(
        (p) => p.in === 'query' && typesOf(p.schema).has('number'),
      );
      if (queryNumbers.length)
        places.push(() =>
          draft.query.push(
            `${random.pick(queryNumbers).name}=${encodeComponent(random.pick([...ODD_NUMBERS, ...NUMBER_STRINGS]))}`,
          ),
        );
      const pathNames = Object.keys(draft.path);
      if (pathNames.length)
        places.push(() => {
          draft.path[random.pick(pathNames)] = encodeComponent(
            random.pick([...ODD_NUMBERS, ...NUMBER_STRINGS]),
          );
        });
      if (!places.length) return false;
      random.pick(places)();
      return true;
    },
    'deep nesting': (draft) => {
      const deep = random.chance(0.5) ? deepArrays() : deepObjects();
      const fields = fieldsOf(draft);
      if (fields.length && random.chance(0.6)) setField(draft, random.pick(fields)[0], deep);
      else draft.body = deep;
      return true;
    },
    '1 MB string': (draft) => {
      const big = bigString(random.pick(['a', 'é', '<', "'"]), random.chance(0.5));
      const fields = fieldsOf(draft);
      if (fields.length && random.chance(0.7)) setField(draft, random.pick(fields)[0], big.json);
      else {
        draft.payload = big.text;
        draft.contentType = random.pick(['application/json', 'text/plain']);
      }
      return true;
    },
    'broken JSON': (draft) => {
      draft.payload = random.pick<string | Buffer>([
        '{',
        '{"a":',
        "{'a':1}",
        '{"a":1,}',
        '[1,2',
        'nul',
        '"unterminated',
        '{"a":1}{"b":2}',
        '\ufeff{}',
        '{"a":1} trailing',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"admin":true}}}',
        'null',
        '[]',
        '"a string"',
        '0',
        'true',
        '{"":""}',
        '{"a":"\\ud800"}',
        '{"a":"\\u0000"}',
        '{"a":"\\x41"}',
        '{"a":01}',
        '{"a":NaN}',
        '{"a":1,"a":2}',
        '',
        ' ',
        Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
        Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]),
      ]);
      draft.contentType = 'application/json';
      return true;
    },
    'content type': (draft) => {
      const json = toJsonText(draft.body ?? {});
      const [type, payload] = random.pick<[string | null, string | Buffer]>([
        ['text/plain', json],
        ['text/plain', 'hello'],
        ['application/x-www-form-urlencoded', 'name=a&name=b&__proto__[x]=1'],
        ['application/json; charset=utf-16', json],
        ['application/json; charset=latin1', json],
        ['application/json; charset=utf-16', Buffer.from(json, 'utf16le')],
        ['application/xml', '<a>1</a>'],
        ['', json],
        [null, json],
        ['multipart/form-data', json],
        ['multipart/form-data; boundary=zzz', json],
        ['APPLICATION/JSON', json],
        ['application/json, text/plain', json],
        ['application/vnd.api+json', json],
        ['application/*', json],
        ['*/*', json],
        ['application/json; boundary=x; charset=', json],
        ['application/offset+octet-stream', json],
        ['application/octet-stream', Buffer.from([0, 1, 2, 3])],
        ['application/json', ''],
        ['a'.repeat(2000), json],
        ['application/json; charset="', json],
      ]);
      draft.payload = payload;
      draft.contentType = type;
      return true;
    },
    'malformed path': (draft) => {
      const names = Object.keys(draft.path);
      if (names.length && random.chance(0.8))
        draft.path[random.pick(names)] = random.pick(PATH_VALUES);
      else
        draft.suffix = random.pick([
          '/',
          '//',
          '/..',
          '/%2e%2e',
          '/%00',
          '/x',
          ';jsessionid=1',
          '%20',
          '/..%2F..%2Fetc%2Fpasswd',
          `/${'a'.repeat(600)}`,
          '#frag',
          '?',
        ]);
      return true;
    },
    'malformed query': (draft) => {
      const names = draft.op.params.filter((p) => p.in === 'query').map((p) => p.name);
      const key = names.length ? random.pick(names) : random.pick(['page', 'search', 'q', 'x']);
      const pieces = random.pick([
        [`${key}=1`, `${key}=2`],
        [`${key}[]=1`, `${key}[]=2`],
        [`${key}[a]=b`],
        [`${key}[0][1]=x`],
        [`${key}=`],
        [key],
        ['=x'],
        ['', '', ''],
        [`${key}=${'a'.repeat(8000)}`],
        [`${key}=%ZZ`],
        [`${key}=%`],
        [`${key}=%E0%A4%A`],
        [`${key}=%ED%A0%80`],
        [`${key}=%00`],
        [`${key}=+`],
        [`${key}=a+b%20c`],
        ['__proto__=x'],
        ['__proto__[admin]=1'],
        ['constructor[prototype][admin]=1'],
        ['hasOwnProperty=1'],
        [`unknown_${random.junk(4)}=1`],
        [`${key}=${encodeComponent(random.pick(NUMBER_STRINGS))}`],
        [`${key}=${encodeComponent(random.pick([...SQL_STRINGS, ...HTML_STRINGS]))}`],
        Array.from({ length: 300 }, (_, i) => `k${i}=${i}`),
      ]);
      if (random.chance(0.5))
        draft.query = draft.query.filter((piece) => !piece.startsWith(`${key}=`));
      draft.query.push(...pieces);
      return true;
    },
    'auth header': (draft) => {
      const token = actors.get('admin-token')!.headers.authorization!.slice('Bearer '.length);
      draft.headers.authorization = random.pick([
        'Bearer ',
        'Bearer',
        'Bearer null',
        'Bearer undefined',
        `Bearer ${random.junk(40)}`,
        `Bearer ${'a'.repeat(10_000)}`,
        'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwicm9sZSI6ImFkbWluIn0.',
        `Bearer ${token}x`,
        `Bearer ${token.split('.')[0]}.forged`,
        `Bearer ${token}, Bearer ${random.junk(20)}`,
        `Bearer ${random.junk(20)} ${random.junk(20)}`,
        `Bearer ${headerSafe(random.pick(UNICODE_STRINGS))}`,
        `Bearer ${headerSafe(random.pick(SQL_STRINGS))}`,
        'Basic Zm9vOmJhcg==',
        'Digest x',
        headerSafe('Bearer\u00a0😀'),
      ]);
      return true;
    },
    cookie: (draft) => {
      const own = actors.get(draft.actor)?.headers.cookie;
      const garbage = random.pick([
        `better-auth.session_token=${random.junk(40)}`,
        `better-auth.session_token="${random.junk(20)}"`,
        'better-auth.session_token=',
        'XSRF-TOKEN=%ZZ',
        'XSRF-TOKEN=',
        '=;=;;',
        ';',
        `a=${'a'.repeat(8000)}`,
        headerSafe(`x=${random.pick(UNICODE_STRINGS)}`),
        headerSafe(`better-auth.session_token=${random.pick(SQL_STRINGS)}`),
        '__proto__=1; constructor=2',
      ]);
      draft.headers.cookie = own && random.chance(0.5) ? `${own}; ${garbage}` : garbage;
      return true;
    },
    'xsrf header': (draft) => {
      const own = actors.get(draft.actor)?.unsafe['x-xsrf-token'] ?? '';
      draft.headers['x-xsrf-token'] = random.pick([
        '',
        '.',
        'a.b',
        'x'.repeat(10_000),
        `${own}x`,
        `${own.split('.')[0]}.`,
        `${own}.${own}`,
        headerSafe(random.pick(UNICODE_STRINGS)),
      ]);
      return true;
    },
    'other headers': (draft) => {
      const [name, values] = random.pick<[string, string[]]>([
        [
          'accept-encoding',
          ['gzip;q=NaN', 'br;q=-1, *;q=2', 'x'.repeat(5000), '*;q=0', 'gzip, gzip'],
        ],
        ['content-encoding', ['gzip', 'br', 'deflate', 'zstd', 'x-unknown']],
        ['accept-language', ['*;q=NaN', 'vi-VN-x-'.repeat(500), headerSafe('ü;q=1'), '']],
        ['user-agent', ['', 'x'.repeat(20_000), headerSafe(random.pick(UNICODE_STRINGS))]],
        ['x-forwarded-for', ['::1, ::1', 'garbage', '1.1.1.1,'.repeat(200)]],
        ['x-request-id', ['../../etc/passwd', 'a'.repeat(100), '<script>', 'abc_def_ghi']],
        ['host', ['', 'evil.example', '[::1', 'a'.repeat(300), 'localhost:99999']],
        ['origin', ['null', 'https://evil.example', 'x'.repeat(3000)]],
        ['accept', ['text/html', '*/*;q=x', 'application/xml', '']],
        ['if-none-match', ['*', '"x"', 'W/'.repeat(1000)]],
        ['range', ['bytes=0-1,2-3', 'bytes=-1', 'bytes=x']],
        ['x-http-method-override', ['DELETE', 'PUT']],
      ]);
      draft.headers[name] = random.pick(values);
      if (name === 'content-encoding' && draft.body === undefined) draft.body = {};
      return true;
    },
  };

  // Rarer: each costs a megabyte or 20 KB of nesting to build and send, and few are needed to show the limits hold.
  const weights: Record<string, number> = { '1 MB string': 2, 'deep nesting': 3 };
  const JSON_MUTATIONS = Object.keys(mutations).flatMap((name) =>
    Array<string>(weights[name] ?? 5).fill(name),
  );
  const REQUEST_MUTATIONS = [
    'malformed path',
    'malformed query',
    'content type',
    'auth header',
    'cookie',
    'xsrf header',
    'other headers',
  ];

  function multipart(draft: Draft) {
    const { op } = draft;
    const field = op.path.endsWith('/avatar')
      ? 'avatar'
      : op.path.endsWith('/image')
        ? 'image'
        : 'file';
    const override = op.method === 'POST' && field === 'avatar';
    const subtitle = field === 'file';
    const boundary = `----fuzz${random.junk(16, '0123456789abcdef')}`;
    const vtt = Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nXin chào\n');
    const file: MultipartPart = {
      name: field,
      filename: subtitle ? 'a.vtt' : 'a.png',
      type: subtitle ? 'text/vtt' : 'image/png',
      data: subtitle ? vtt : png,
    };
    const fields: MultipartPart[] = [];
    if (override) fields.push({ name: '_method', data: 'PUT' });
    if (subtitle) fields.push({ name: 'language', data: 'vi' }, { name: 'label', data: 'Phụ đề' });
    let close = true;
    let type = `multipart/form-data; boundary=${boundary}`;
    const limit = subtitle ? 2 * MB : field === 'avatar' ? 5 * MB : 10 * MB;
    const variant = random.pick([
      'valid',
      'not an image',
      'empty file',
      'signature then junk',
      'huge dimensions',
      'svg',
      'wrong field name',
      'two files',
      'many fields',
      'hostile field values',
      'hostile filename',
      'no boundary',
      'boundary mismatch',
      'truncated',
      'cut in the middle',
      'no disposition',
      'broken disposition',
      'garbage body',
      'json instead',
      'overlong boundary',
      'odd boundary',
      'fields only',
      'oversize',
    ]);
    let parts: MultipartPart[] = [...fields, file];
    let payload: Buffer | string | undefined;
    switch (variant) {
      case 'not an image':
        file.data = random.pick(['hello', '{"a":1}', '<html></html>', Buffer.from([0, 1, 2, 255])]);
        break;
      case 'empty file':
        file.data = '';
        break;
      case 'signature then junk':
        file.data = Buffer.concat([PNG_SIGNATURE, Buffer.from(random.junk(64))]);
        break;
      case 'huge dimensions':
        file.data = subtitle ? Buffer.alloc(1000, 0xff) : pngClaiming(60_000, 60_000);
        break;
      case 'svg':
        file.type = 'image/svg+xml';
        file.filename = 'a.svg';
        file.data =
          '<svg xmlns="http://www.w3.org/2000/svg" width="99999" height="99999"><script>alert(1)</script></svg>';
        break;
      case 'wrong field name':
        file.name = random.pick(['other', '', 'avatar[]', '__proto__', field.toUpperCase()]);
        break;
      case 'two files':
        parts.push({ ...file, name: random.pick([field, 'other']) });
        break;
      case 'many fields':
        parts = [
          ...fields,
          ...Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
          file,
        ];
        break;
      case 'hostile field values': {
        const hostile = random.pick([
          ...SQL_STRINGS,
          ...HTML_STRINGS,
          ...UNICODE_STRINGS,
          'x'.repeat(5000),
        ]);
        for (const part of fields) if (random.chance(0.7)) part.data = hostile;
        if (!fields.length)
          parts.unshift({ name: random.pick(['_method', 'name', 'x']), data: hostile });
        break;
      }
      case 'hostile filename':
        file.filename = random.pick([
          '../../../etc/passwd',
          '..\\..\\boot.ini',
          'a\u0000.png',
          '😀.png',
          'a'.repeat(1000),
          '".png',
          '',
          'con.png',
          '%2e%2e%2fa.png',
        ]);
        break;
      case 'no boundary':
        type = random.pick([
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'multipart/mixed',
        ]);
        break;
      case 'boundary mismatch':
        type = `multipart/form-data; boundary=${boundary}x`;
        break;
      case 'truncated':
        close = false;
        break;
      case 'cut in the middle': {
        const whole = multipartBody(boundary, parts);
        payload = whole.subarray(0, 1 + random.int(whole.length - 1));
        break;
      }
      case 'no disposition':
        file.rawHeaders = 'Content-Type: image/png';
        break;
      case 'broken disposition':
        file.rawHeaders = random.pick([
          'Content-Disposition: form-data; name=',
          'Content-Disposition: attachment',
          `Content-Disposition: form-data; name="${field}"; filename*=UTF-8''%ZZ`,
          `Content-Disposition: form-data; name="${field}"; filename="a.png"; filename="b.png"`,
          `Content-Disposition: ${'x'.repeat(5000)}`,
          'Content-Disposition',
        ]);
        break;
      case 'garbage body':
        payload = Buffer.from(random.junk(200, '\u0000\u0001abc-\r\n'));
        break;
      case 'json instead':
        payload = '{"avatar":"x"}';
        type = random.pick(['application/json', 'text/plain']);
        break;
      case 'overlong boundary': {
        const long = 'b'.repeat(300);
        payload = multipartBody(long, parts);
        type = `multipart/form-data; boundary=${long}`;
        break;
      }
      case 'odd boundary':
        type = random.pick([
          `multipart/form-data; boundary="${boundary}"`,
          `multipart/form-data; boundary=${boundary}; boundary=other`,
          `multipart/form-data; boundary="a b"`,
          `multipart/form-data; charset=utf-16; boundary=${boundary}`,
        ]);
        break;
      case 'fields only':
        parts = fields.length ? fields : [{ name: 'x', data: 'y' }];
        break;
      case 'oversize':
        payload = oversizeBody(fields, file, limit);
        type = `multipart/form-data; boundary=${OVERSIZE_BOUNDARY}`;
        break;
    }
    if (override && random.chance(0.3)) {
      const method = parts.find((part) => part.name === '_method');
      if (method)
        method.data = random.pick(['DELETE', 'put', '', 'PUT\u0000', 'x'.repeat(5000), 'GET']);
    }
    draft.payload = payload ?? multipartBody(boundary, parts, close);
    draft.contentType = type;
    draft.categories.push(`multipart: ${variant}`);
  }

  function tus(draft: Draft) {
    const { op, headers } = draft;
    const set = (name: string, values: Array<string | undefined>) => {
      const value = random.pick(values);
      if (value !== undefined) headers[name] = value;
    };
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    set('tus-resumable', [
      '1.0.0',
      '1.0.0',
      '1.0.0',
      undefined,
      '0.2.2',
      '1.0.0, 0.2.2',
      'x'.repeat(300),
      '',
    ]);
    if (op.method === 'POST') {
      set('upload-length', [
        '64',
        '64',
        '0',
        '1',
        '-1',
        '1e3',
        'abc',
        '',
        ' 64',
        '0064',
        '9999999999999999',
        '99999999999999999',
        '18446744073709551616',
        undefined,
      ]);
      set('upload-metadata', [
        `filename ${b64('clip.mp4')}`,
        `filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}`,
        'filename',
        'filename !!!not-base64!!!',
        `filename ${b64('../../etc/passwd')}`,
        `filename ${b64('a\u0000b.mp4')}`,
        `filename ${b64('\ud800.mp4')}`,
        `filename ${b64('<script>alert(1)</script>.mp4')}`,
        `filename ${b64(random.pick(SQL_STRINGS))}`,
        `filename ${b64('😀'.repeat(200))}`,
        `filename ${b64('x'.repeat(5000))}`,
        `filename ${b64('   ')}`,
        ',,,',
        'a'.repeat(8000),
        `filetype ${b64('video/mp4')}`,
        undefined,
      ]);
      if (random.chance(0.1)) set('upload-defer-length', ['1', '0', 'x']);
      if (random.chance(0.1))
        set('upload-concat', ['partial', 'final;/a /b', `final;${TUS}/1-${'a'.repeat(24)}`, 'x']);
      if (random.chance(0.15)) {
        draft.contentType = 'application/offset+octet-stream';
        draft.payload = Buffer.from(random.junk(random.pick([1, 64, 100])));
      }
    } else if (op.method === 'PATCH') {
      set('upload-offset', [
        '0',
        '0',
        '0',
        '1',
        '-1',
        'abc',
        '1e3',
        '99999999999999999999',
        '',
        undefined,
      ]);
      if (random.chance(0.1)) set('upload-length', ['64', '-1', 'x']);
      draft.contentType = random.pick([
        'application/offset+octet-stream',
        'application/offset+octet-stream',
        'application/offset+octet-stream',
        'application/json',
        'text/plain',
        null,
      ]);
      draft.payload = Buffer.from(random.junk(random.pick([0, 1, 16, 64, 65, 1000])));
    }
    const names = Object.keys(draft.path);
    if (names.length && random.chance(0.3)) draft.path[names[0]!] = random.pick(PATH_VALUES);
    draft.categories.push('tus');
  }

  return function generate(): Draft {
    const op = random.pick(operations);
    const draft = draftFor(op);
    const count = random.chance(0.1) ? 2 : 1;
    for (let i = 0; i < count; i++) {
      if (op.kind === 'multipart' && random.chance(0.7)) {
        multipart(draft);
        continue;
      }
      if (op.kind === 'tus' && random.chance(0.7)) {
        tus(draft);
        continue;
      }
      const names = op.kind === 'json' ? JSON_MUTATIONS : REQUEST_MUTATIONS;
      for (;;) {
        const name = random.pick(names);
        if (mutations[name]!(draft)) {
          draft.categories.push(name);
          break;
        }
      }
    }
    return draft;
  };
}

export function build(draft: Draft, actor: Actor): FuzzRequest {
  const path = draft.op.path.replace(/\{(\w+)\}/g, (_match, name: string) => draft.path[name]!);
  const url = `${path}${draft.suffix}${draft.query.length ? `?${draft.query.join('&')}` : ''}`;
  const payload = draft.payload ?? (draft.body !== undefined ? toJsonText(draft.body) : undefined);
  const headers: Record<string, string> = {
    'user-agent': CHROME_LINUX,
    ...actor.headers,
    ...(draft.op.method === 'GET' ? {} : actor.unsafe),
  };
  const contentType =
    draft.contentType === undefined && payload !== undefined
      ? 'application/json'
      : draft.contentType;
  if (contentType !== null && contentType !== undefined) headers['content-type'] = contentType;
  Object.assign(headers, draft.headers);
  return {
    method: draft.op.method as InjectOptions['method'] & string,
    url,
    headers,
    remoteAddress: actor.ip,
    ...(payload !== undefined ? { payload } : {}),
  };
}
