// A throw-away S3-protocol server (s3rver) on a loopback port from 0, over a temporary folder, with one bucket made:
// the tests of the S3 storage driver run against it (decision 055).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '#server/media/s3-storage.ts';

export type TestS3 = {
  settings: S3Settings;
  env: Record<string, string>;
  stop: () => Promise<void>;
};

/** CORS for browsers reading the public prefix (hls.js fetches playlists and segments). */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

/**
 * s3rver 3.7 answers 405 to ListParts (`GET key?uploadId=`) and lacks AbortMultipartUpload (`DELETE key?uploadId=`),
 * which @tus/s3-store needs to resume an upload (it reads the offset from the parts S3 holds), and UploadPartCopy
 * (`PUT key?partNumber=&uploadId=` with `x-amz-copy-source`), which the driver uses to move objects above 5 GB.
 * AWS and MinIO have all three; the test server is given them here, over s3rver's own folders, ahead of its router.
 */
function addMultipartListing(server: S3rver, directory: string) {
  const middleware = (server as unknown as { middleware: KoaMiddleware[] }).middleware;
  middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (typeof uploadId !== 'string' || !/^[\w-]+$/.test(uploadId)) return next();
    const copying = ctx.method === 'PUT' && 'x-amz-copy-source' in ctx.headers;
    if (
      !copying &&
      ('partNumber' in ctx.query || (ctx.method !== 'GET' && ctx.method !== 'DELETE'))
    )
      return next();
    const [bucket, ...key] = ctx.path.slice(1).split('/');
    const folder = path.join(directory, bucket!, '._S3rver_uploads', uploadId);
    const source = ctx.headers['x-amz-copy-source'];
    if (ctx.method === 'PUT' && typeof source === 'string' && 'partNumber' in ctx.query) {
      const [sourceBucket, ...sourceKey] = decodeURIComponent(source.replace(/^\//, '')).split('/');
      const name = sourceKey.pop()!;
      const object = path.join(directory, sourceBucket!, ...sourceKey, `${name}._S3rver_object`);
      const range = /^bytes=(\d+)-(\d+)$/.exec(
        String(ctx.headers['x-amz-copy-source-range'] ?? ''),
      );
      const bytes = fs.readFileSync(object);
      const part = range ? bytes.subarray(Number(range[1]), Number(range[2]) + 1) : bytes;
      const md5 = crypto.createHash('md5').update(part).digest('hex');
      const file = path.join(folder, String(ctx.query.partNumber));
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(file, part);
      fs.writeFileSync(`${file}.md5`, md5);
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<CopyPartResult><LastModified>${new Date().toISOString()}</LastModified><ETag>"${md5}"</ETag></CopyPartResult>`;
      return;
    }
    if (!fs.existsSync(folder)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return;
    }
    if (ctx.method === 'DELETE') {
      fs.rmSync(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const parts = fs
      .readdirSync(folder)
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
      .map((number) => {
        const file = path.join(folder, String(number));
        const stat = fs.statSync(file);
        const md5 = fs.readFileSync(`${file}.md5`, 'utf8');
        return `<Part><PartNumber>${number}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
      });
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  });
}

type KoaMiddleware = (
  ctx: {
    method: string;
    path: string;
    headers: Record<string, string | string[] | undefined>;
    query: Record<string, unknown>;
    status: number;
    type: string;
    body: unknown;
  },
  next: () => Promise<unknown>,
) => Promise<unknown>;

export async function startS3(bucket = 'phim-media'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  addMultipartListing(server, directory);
  const { port } = (await server.run()) as { port: number };
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    // s3rver's built-in account.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
