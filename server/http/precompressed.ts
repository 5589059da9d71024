// A body that is the same for every request (a locale's messages), compressed once per encoding at the highest
// settings instead of by the compression plugin at quality 4 on every answer: each answer then costs what a static
// file does. Each encoding is made the first time a client accepts it, off the event loop (zlib's thread pool).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The encoding to answer `accept-encoding` with: brotli, else gzip, else none. A `q=0` refuses an encoding; `*`
 * stands for any not named.
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = weights.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const)
    if ((weights.get(encoding) ?? wildcard) > 0) return encoding;
  return 'identity';
}

/** `body` with its encodings, each compressed at most once. */
export function precompressed(body: Buffer, contentType: string) {
  const encoded = new Map<Encoding, Promise<Buffer>>([['identity', Promise.resolve(body)]]);
  const encode = (encoding: Encoding) => {
    let made = encoded.get(encoding);
    if (!made) {
      made =
        encoding === 'br'
          ? brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            })
          : gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION });
      encoded.set(encoding, made);
    }
    return made;
  };
  return {
    /** Answers `request` with the body in the best encoding it accepts. */
    async send(request: FastifyRequest, reply: FastifyReply) {
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      reply.header('Content-Type', contentType).header('Vary', 'Accept-Encoding');
      // Set, the header also tells the compression plugin that there is nothing left to compress.
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.send(await encode(encoding));
    },
  };
}
