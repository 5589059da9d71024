// A body compressed once: which encoding a client gets, and that each decodes back to the body.
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, precompressed } from './precompressed.ts';

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR;Q=0.1', 'br'],
    ['*', 'br'],
    ['*;q=0, identity', 'identity'],
    ['br;q=0, *', 'gzip'],
    ['deflate', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
    ['br;q=nonsense, gzip', 'gzip'],
  ] as const)('answers %j with %s', (header, encoding) => {
    expect(acceptedEncoding(header)).toBe(encoding);
  });
});

describe('precompressed', () => {
  const body = Buffer.from(JSON.stringify({ words: 'Xin chào '.repeat(2000) }));
  const answer = precompressed(body, 'application/json; charset=utf-8');
  const app = Fastify({ logger: false });
  app.get('/', (request, reply) => answer.send(request, reply));
  afterAll(() => app.close());

  it('sends each encoding, smaller than the body, that decodes back to it', async () => {
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await app.inject({ url: '/', headers: { 'accept-encoding': encoding } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.rawPayload.length).toBeLessThan(body.length / 10);
      expect(decode[encoding](response.rawPayload).equals(body)).toBe(true);
    }
  });

  it('sends the body as it is to a client that accepts no compression', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.rawPayload.equals(body)).toBe(true);
  });
});
