// Compression of text answers (pages, JSON, sitemaps, translations) for clients that accept it. A home page of
// nine rows is about 350 KB of HTML and about a tenth of that in brotli: on a phone that is the difference.
import type { FastifyCompressOptions } from '@fastify/compress';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli at quality 4 costs about what gzip does and is smaller (quality 11 takes ~50× the CPU, fine for the
 * build's pre-compressed assets, not per request); gzip for older clients. No zstd: Node 20 lacks it.
 * Media (`/storage/`, `/api/image`) is left out on purpose: video and images are compressed already, and
 * a compressed answer to a `Range` request would be wrong.
 */
const options: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: 1024,
};

/** Compresses every compressible answer of `scope` (an encapsulated plugin: its routes only). */
export async function registerCompression(scope: FastifyInstance) {
  await scope.register(fastifyCompress, options);
}
