// Images kept in storage: re-encoded to WebP at most 1920 px wide by sharp, named by their content under
// uploads/YYYY/MM, so the same picture stored twice is one file. Uploads (through image-intake.ts) and the demo
// seed share it.
import crypto from 'node:crypto';
import path from 'node:path';
import type { Sharp } from 'sharp';
import type { MediaStorage } from './storage.ts';

export type EncodedImage = { data: Buffer; width: number; height: number };
export type StoredImage = { path: string; width: number; height: number };

export const STORED_IMAGE_MAX_WIDTH = 1920;

/** The picture could not be decoded or encoded (as opposed to a disk error while writing it). */
export class InvalidImageError extends Error {
  constructor(cause: unknown) {
    super('The image could not be read.', { cause });
    this.name = 'InvalidImageError';
  }
}

/**
 * The stored recipe: at most 1920 px wide (never enlarged), WebP. `image` is a sharp pipeline the caller has
 * opened and checked. `effort` trades encoding time for size (0–6, default 4).
 */
export async function encodeStoredImage(
  image: Sharp,
  options: { effort?: number } = {},
): Promise<EncodedImage> {
  const output = await image
    .resize({ width: STORED_IMAGE_MAX_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82, effort: options.effort ?? 4 })
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw new InvalidImageError(error);
    });
  return { data: output.data, width: output.info.width, height: output.info.height };
}

/** Writes an encoded WebP under `storage/`; answers its `/storage/…` path, which `/_img` resizes. */
export async function saveStoredImage(
  storage: MediaStorage,
  image: EncodedImage,
  options: { now?: Date } = {},
): Promise<StoredImage> {
  const now = options.now ?? new Date();
  const folder = path.posix.join(
    'uploads',
    String(now.getUTCFullYear()),
    String(now.getUTCMonth() + 1).padStart(2, '0'),
  );
  const name = `${crypto.createHash('sha256').update(image.data).digest('hex').slice(0, 24)}.webp`;
  await storage.put(`storage/${folder}/${name}`, image.data);
  return { path: `/storage/${folder}/${name}`, width: image.width, height: image.height };
}

/** Encodes a trusted pipeline (the demo seed's own artwork) and writes it. */
export async function storeImage(
  storage: MediaStorage,
  image: Sharp,
  options: { effort?: number; now?: Date } = {},
): Promise<StoredImage> {
  return saveStoredImage(storage, await encodeStoredImage(image, options), options);
}
