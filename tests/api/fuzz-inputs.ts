// Inputs for the API fuzz test (tests/api/fuzz.test.ts): a seeded random source, hostile values by kind, and a
// JSON Schema walker that builds a valid value for a declared schema and then breaks one thing in it.

/** mulberry32: small, fast and the same on every machine, so a seed replays the same requests. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
    /** A few random bytes as text, for ids and tokens nobody issued. */
    junk: (length: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789-_.') =>
      Array.from({ length }, () => alphabet[int(alphabet.length)]).join(''),
  };
}
export type Random = ReturnType<typeof createRandom>;

/** JSON text placed as is: numbers JavaScript cannot hold (2^63, 9007199254740993) and 10,000-level nesting. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify that writes each RawJson's text verbatim. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text =
    JSON.stringify(value, (_key, v: unknown) =>
      v instanceof RawJson ? `\u0000raw${raws.push(v.text) - 1}\u0000` : v,
    ) ?? '';
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_match, i: string) => raws[Number(i)]!);
}

export const MB = 1024 * 1024;
const DEPTH = 10_000;
export const deepArrays = () => new RawJson('['.repeat(DEPTH) + ']'.repeat(DEPTH));
export const deepObjects = () => new RawJson('{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH));

export const SQL_STRINGS = [
  `' OR 1=1 --`,
  `'; DROP TABLE users; --`,
  `1;DROP TABLE movies`,
  `' UNION ALL SELECT NULL, NULL --`,
  `") OR ("1"="1`,
  `%`,
  `%%`,
  `_`,
  `\\`,
  `\\'`,
  `'`,
  `''`,
  `$1`,
  `:name`,
  `?`,
  `%' AND '%'='`,
  `a%_b\\%c`,
  `1' AND sleep(5) --`,
] as const;

export const HTML_STRINGS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  'javascript:alert(1)',
  '</textarea><script>alert(1)</script>',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '<!--',
  ']]>',
  '&lt;b&gt;&#0;',
] as const;

export const UNICODE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '\u202eevil.mp4',
  '\u200f\u200e\u200b',
  '😀'.repeat(40),
  '👨‍👩‍👧‍👦',
  '\ufeffBOM',
  'e\u0301\u0301\u0301\u0301\u0301',
  'İıſK',
  '\u2028\u2029',
  '\u0085\u00a0',
  '\uffff\ufffe',
  'ﷺ'.repeat(50),
  'Người Nhện',
  '\t\r\n',
  ' ',
] as const;

/** Odd numbers, as JSON text (some cannot be written by JSON.stringify). */
export const ODD_NUMBERS = [
  '1e308',
  '-1e308',
  '1e309',
  '-0',
  '9223372036854775808',
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  '-1',
  '0',
  '1.5',
  '0.0000001',
  '1e-400',
  '2147483648',
  '-2147483649',
] as const;

/** Numbers as strings, as a form or a careless client sends them. */
export const NUMBER_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '0x10',
  '1_000',
  ' 1',
  '1 ',
  '+1',
  '',
  '١٢٣',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  '00001',
] as const;

/** Path parameter values, already as they appear in a URL. */
export const PATH_VALUES = [
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..%2f..',
  '%2e%2e',
  '%00',
  '1%00',
  '%0a',
  '%20',
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%E2%80%AE',
  'a'.repeat(600),
  '1'.repeat(600),
  '9'.repeat(400),
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  '9007199254740993',
  '99999999999999999999',
  'null',
  'undefined',
  'true',
  '%5B%5D',
  '%7B%7D',
  '__proto__',
  'constructor',
  '+1',
  '%2B1',
  '1%20',
  "'%20OR%201%3D1--",
  '%3Cscript%3E',
] as const;

/** Header values that a real HTTP parser lets through (visible ASCII, spaces, tabs and bytes 0x80–0xFF). */
export function headerSafe(text: string) {
  // What Node hands the app for UTF-8 bytes on the wire: each byte as a latin1 character.
  return Buffer.from(text, 'utf8')
    .toString('latin1')
    .replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
}

/** encodeURIComponent that also writes lone surrogates (as their WTF-8 bytes) instead of throwing. */
export function encodeComponent(text: string) {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}`;
      out += `%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}`;
      out += `%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(char);
  }
  return out;
}

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
};

/** The schema's branches (anyOf/oneOf, nullable unions), without the `null` one. */
export function branches(schema: JsonSchema): JsonSchema[] {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) return [schema];
  return options.flatMap(branches).filter((option) => option.type !== 'null');
}

/** The JSON types a schema accepts (integer counts as number). */
export function typesOf(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  for (const option of schema.anyOf ?? schema.oneOf ?? [schema]) {
    if (option.anyOf || option.oneOf) for (const type of typesOf(option)) types.add(type);
    for (const type of ([] as string[]).concat(option.type ?? []))
      types.add(type === 'integer' ? 'number' : type);
    if (option.enum) for (const value of option.enum) types.add(jsonType(value));
  }
  return types;
}

export function jsonType(value: unknown) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const STRING_EXAMPLES = [
  'fuzz',
  '/storage/images/poster.webp',
  '/storage/videos/1/master.m3u8',
  'vi',
  'https://example.com/a.m3u8',
];

/** Picks an id for a field name (`server_id`, `genre_ids`…), or undefined to let the schema decide. */
export type IdSource = (name: string) => number | undefined;

/** A value the schema accepts (best effort: enough to get most requests past validation into the service). */
export function validValue(schema: JsonSchema, random: Random, ids: IdSource, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  if (schema.anyOf || schema.oneOf)
    return validValue(random.pick(branches(schema)), random, ids, name);
  const type = ([] as string[]).concat(schema.type ?? 'string')[0];
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || random.chance(0.5))
          value[key] = validValue(property, random, ids, key);
      }
      return value;
    }
    case 'array': {
      const length = Math.max(schema.minItems ?? 0, 1);
      return Array.from({ length }, () => validValue(schema.items ?? {}, random, ids, name));
    }
    case 'integer':
    case 'number': {
      const id = ids(name);
      if (id !== undefined) return id;
      const low = Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
      const high = Math.min(schema.maximum ?? 100, low + 100);
      return low + random.int(Math.max(1, high - low + 1));
    }
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    default:
      return validString(schema, random);
  }
}

function validString(schema: JsonSchema, random: Random) {
  if (schema.format === 'email') return `fuzz${random.int(1_000_000)}@example.com`;
  if (schema.format === 'date-time') return '2031-01-02T03:04:05Z';
  if (schema.format === 'uri') return 'https://example.com/a.m3u8';
  let text = 'fuzz';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    text = STRING_EXAMPLES.find((example) => pattern.test(example)) ?? text;
  }
  const min = schema.minLength ?? 0;
  if (text.length < min) text = text.padEnd(min, 'z');
  return text.slice(0, schema.maxLength ?? text.length);
}

/** A value of a JSON type the schema does not accept. */
export function wrongTypeValue(schema: JsonSchema, random: Random): unknown {
  const declared = typesOf(schema);
  const candidates: unknown[] = [
    'fuzz',
    '',
    '1',
    'true',
    42,
    -1,
    1.5,
    true,
    false,
    [],
    [1, 'a', null],
    [[]],
    {},
    { a: 1 },
    { $gt: '' },
    null,
  ].filter((value) => !declared.has(jsonType(value)));
  return random.pick(candidates);
}

/** Boundary-delimited multipart text; `close: false` leaves the closing delimiter off. */
export type MultipartPart = {
  name?: string;
  filename?: string;
  type?: string;
  /** Part headers written as is instead of Content-Disposition/Content-Type. */
  rawHeaders?: string;
  data: Buffer | string;
};
export function multipartBody(boundary: string, parts: MultipartPart[], close = true) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    let headers = part.rawHeaders;
    if (headers === undefined) {
      headers = `Content-Disposition: form-data; name="${part.name ?? ''}"`;
      if (part.filename !== undefined) headers += `; filename="${part.filename}"`;
      if (part.type) headers += `\r\nContent-Type: ${part.type}`;
    }
    chunks.push(Buffer.from(`${headers}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
