// Profile pictures in storage under storage/avatars, named by user and content so that a new picture gets a new URL
// (nothing caches the old one) and the old file can be removed once the user points at the new one.
import crypto from 'node:crypto';
import path from 'node:path';
import type { MediaStorage } from '#server/media/storage.ts';

const URL_PREFIX = '/storage/avatars/';

export type AvatarStorage = ReturnType<typeof createAvatarStorage>;

export function createAvatarStorage(storage: MediaStorage) {
  return {
    /** Writes an encoded picture (webp) and answers its `/storage/avatars/…` path. */
    async save(userId: string, webp: Buffer) {
      const hash = crypto.createHash('sha256').update(webp).digest('hex').slice(0, 16);
      const name = `${userId}-${hash}.webp`;
      await storage.put(`storage/avatars/${name}`, webp);
      return `${URL_PREFIX}${name}`;
    },

    /** Removes the file behind a user's image path, unless it is `keep`; other images are not ours to remove. */
    async remove(image: string | null | undefined, keep?: string | null) {
      if (!image?.startsWith(URL_PREFIX) || image === keep) return;
      await storage.delete(`storage/avatars/${path.basename(image)}`);
    },
  };
}
