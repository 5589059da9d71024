// The S3 driver of the storage interface (decision 055): every key is an object in one bucket, through
// @aws-sdk/client-s3 (AWS, MinIO, R2, s3rver…). Public keys (`storage/…`) are fetched by browsers from the bucket
// or from MEDIA_PUBLIC_URL (a CDN in front of it); the rest is private and read through the API only.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  UploadPartCopyCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import crypto from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import {
  cacheControlOfKey,
  checkKey,
  contentTypeOf,
  localFilesBelow,
  saveStream,
  type MediaStorage,
  type StoredObject,
} from './storage.ts';

export type S3Settings = {
  endpoint?: string;
  region?: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle?: boolean;
  /** Where browsers fetch public keys: a CDN, or the bucket's own URL when unset. */
  publicUrl?: string;
};

/** The client settings shared by the driver and tus's S3 store. */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region ?? 'us-east-1',
    forcePathStyle: settings.forcePathStyle ?? Boolean(settings.endpoint),
    // Checksums only where S3 requires them (DeleteObjects): the SDK's default sends streamed bodies as
    // aws-chunked with a CRC trailer, which s3rver and some S3-compatible servers store as it arrives.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
  };
}

/** The bucket's own address for anonymous reads (path style with an endpoint, AWS's virtual host otherwise). */
export function bucketUrl(settings: S3Settings) {
  if (settings.publicUrl) return settings.publicUrl.replace(/\/+$/, '');
  const region = settings.region ?? 'us-east-1';
  if (!settings.endpoint) return `https://${settings.bucket}.s3.${region}.amazonaws.com`;
  const endpoint = new URL(settings.endpoint);
  if (settings.forcePathStyle ?? true)
    return `${endpoint.origin}${endpoint.pathname.replace(/\/+$/, '')}/${settings.bucket}`;
  return `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
}

const bytesOf = (data: string | ArrayBuffer | ArrayBufferView) =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** SHA-256 (and its HMAC) from node:crypto, in the shape the signer wants. */
class Sha256 {
  private readonly hash: crypto.Hash | crypto.Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret ? crypto.createHmac('sha256', bytesOf(secret)) : crypto.createHash('sha256');
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(bytesOf(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

/**
 * A presigned GET of one object (SigV4 query parameters), for ffprobe and ffmpeg to read over HTTP with Range
 * requests. Signed here rather than with @aws-sdk/s3-request-presigner: one small function instead of a package.
 */
async function presignGet(settings: S3Settings, key: string, seconds: number) {
  const region = settings.region ?? 'us-east-1';
  const pathStyle = settings.forcePathStyle ?? Boolean(settings.endpoint);
  const endpoint = new URL(settings.endpoint ?? `https://s3.${region}.amazonaws.com`);
  const hostname = pathStyle ? endpoint.hostname : `${settings.bucket}.${endpoint.hostname}`;
  const base = endpoint.pathname.replace(/\/+$/, '');
  const objectPath = `${base}${pathStyle ? `/${settings.bucket}` : ''}/${encodeKey(key)}`;
  const signer = new SignatureV4({
    service: 's3',
    region,
    sha256: Sha256,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    uriEscapePath: false,
  });
  const host = endpoint.port ? `${hostname}:${endpoint.port}` : hostname;
  const signed = await signer.presign(
    {
      method: 'GET',
      protocol: endpoint.protocol,
      hostname,
      port: endpoint.port ? Number(endpoint.port) : undefined,
      path: objectPath,
      query: {},
      headers: { host },
    },
    { expiresIn: seconds },
  );
  const query = new URLSearchParams(signed.query as Record<string, string>).toString();
  return `${endpoint.protocol}//${host}${objectPath}?${query}`;
}

const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
};

/** Keys with every path segment encoded, for a URL. */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

export function createS3Storage(
  settings: S3Settings,
  options: {
    client?: S3Client;
    /** Objects larger than this are copied in parts (5 GB, AWS's limit for one CopyObject). */
    multipartCopyAbove?: number;
    copyPartBytes?: number;
  } = {},
): MediaStorage {
  const client = options.client;
  const multipartCopyAbove = options.multipartCopyAbove ?? 5 * 1024 ** 3;
  const copyPartBytes = options.copyPartBytes ?? 1024 ** 3;
  const s3 = client ?? new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;
  const publicBase = bucketUrl(settings);

  async function statOf(key: string): Promise<StoredObject | null> {
    try {
      const head = await s3.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function* pages(prefix: string, delimiter?: string) {
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({
          Bucket,
          Prefix: prefix,
          Delimiter: delimiter,
          ContinuationToken: token,
        }),
      );
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async function* list(prefix: string) {
    const at = !prefix || prefix.endsWith('/') ? prefix : `${prefix}/`;
    for await (const page of pages(at)) {
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield {
          key: object.Key,
          size: object.Size ?? 0,
          modifiedAt: object.LastModified ?? new Date(0),
        };
      }
    }
  }

  async function deleteKeys(keys: string[]) {
    // DeleteObjects takes 1000 keys a request.
    for (let index = 0; index < keys.length; index += 1000) {
      const batch = keys.slice(index, index + 1000);
      const answer = await s3.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (answer.Errors?.length)
        throw new Error(`Could not delete ${answer.Errors[0]!.Key}: ${answer.Errors[0]!.Message}`);
    }
  }

  /**
   * One CopyObject up to `multipartCopyAbove` bytes (AWS refuses a single copy above 5 GB); above it, a multipart
   * copy of 1 GB parts (UploadPartCopy), as a 20 GB original needs.
   */
  async function copy(from: string, to: string, size?: number) {
    const bytes = size ?? (await statOf(from))?.size ?? 0;
    if (bytes > multipartCopyAbove) return multipartCopy(from, to, bytes);
    await s3.send(
      new CopyObjectCommand({
        Bucket,
        Key: checkKey(to),
        CopySource: `${Bucket}/${encodeKey(checkKey(from))}`,
        ContentType: contentTypeOf(to),
        CacheControl: cacheControlOfKey(to),
        MetadataDirective: 'REPLACE',
      }),
    );
  }

  async function multipartCopy(from: string, to: string, size: number) {
    const Key = checkKey(to);
    const started = await s3.send(
      new CreateMultipartUploadCommand({
        Bucket,
        Key,
        ContentType: contentTypeOf(to),
        CacheControl: cacheControlOfKey(to),
      }),
    );
    const UploadId = started.UploadId!;
    try {
      const parts: Array<{ ETag: string; PartNumber: number }> = [];
      for (let start = 0, PartNumber = 1; start < size; start += copyPartBytes, PartNumber += 1) {
        const end = Math.min(size, start + copyPartBytes) - 1;
        const answer = await s3.send(
          new UploadPartCopyCommand({
            Bucket,
            Key,
            UploadId,
            PartNumber,
            CopySource: `${Bucket}/${encodeKey(checkKey(from))}`,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ ETag: answer.CopyPartResult!.ETag!, PartNumber });
      }
      await s3.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await s3.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
      throw error;
    }
  }

  async function putFile(key: string, file: string, options?: { contentType?: string }) {
    const { size } = await fsp.stat(file);
    await s3.send(
      new PutObjectCommand({
        Bucket,
        Key: checkKey(key),
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: options?.contentType ?? contentTypeOf(key),
        CacheControl: cacheControlOfKey(key),
      }),
    );
  }

  const storage: MediaStorage = {
    driver: 's3',
    mediaOrigin: new URL(publicBase).origin,
    async put(key, body, options) {
      await s3.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: body,
          ContentType: options?.contentType ?? contentTypeOf(key),
          CacheControl: cacheControlOfKey(key),
        }),
      );
    },
    putFile,
    async get(key) {
      const stream = await storage.stream(key);
      if (!stream) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async stream(key, range) {
      try {
        const answer = await s3.send(
          new GetObjectCommand({
            Bucket,
            Key: checkKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    stat: statOf,
    list,
    async listFolder(prefix) {
      const files: StoredObject[] = [];
      const folders: string[] = [];
      for await (const page of pages(prefix, '/')) {
        for (const common of page.CommonPrefixes ?? []) {
          const name = common.Prefix?.slice(prefix.length).replace(/\/$/, '');
          if (name) folders.push(name);
        }
        for (const object of page.Contents ?? []) {
          if (!object.Key || object.Key === prefix) continue;
          files.push({
            key: object.Key,
            size: object.Size ?? 0,
            modifiedAt: object.LastModified ?? new Date(0),
          });
        }
      }
      return { files, folders };
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/') || prefix === '/')
        throw new Error(`Not a folder prefix: ${prefix}`);
      checkKey(prefix);
      const keys: string[] = [];
      for await (const object of list(prefix)) keys.push(object.key);
      await deleteKeys(keys);
      return keys.length;
    },
    async move(from, to) {
      const found = await statOf(from);
      if (!found) return false;
      await copy(from, to, found.size);
      await storage.delete(from);
      return true;
    },
    async movePrefix(from, to) {
      const objects: StoredObject[] = [];
      for await (const object of list(from)) objects.push(object);
      if (!objects.length) return false;
      const keys = objects.map((object) => object.key);
      await storage.deletePrefix(to);
      for (const object of objects)
        await copy(object.key, `${to}${object.key.slice(from.length)}`, object.size);
      await deleteKeys(keys);
      return true;
    },
    async download(key, file) {
      const stream = await storage.stream(key);
      if (!stream) throw Object.assign(new Error(`No object ${key}`), { code: 'ENOENT' });
      await saveStream(stream, file);
    },
    async uploadFolder(folder, prefix, onFile) {
      // A few at a time: segments are small, and a request each is mostly waiting.
      const files = await localFilesBelow(folder);
      let next = 0;
      const worker = async () => {
        while (next < files.length) {
          const relative = files[next++]!;
          const key = `${prefix}${relative}`;
          await putFile(key, path.join(folder, relative));
          onFile?.(key);
        }
      };
      await Promise.all(Array.from({ length: Math.min(8, files.length) }, worker));
    },
    async readableLocation(key, seconds = 3600) {
      return presignGet(settings, checkKey(key), seconds);
    },
    publicUrl(key) {
      return `${publicBase}/${encodeKey(checkKey(key))}`;
    },
    localPath() {
      return null;
    },
    async usage(prefix) {
      let total = 0;
      for await (const object of list(prefix)) total += object.size;
      return total;
    },
  };
  return storage;
}
