// Uploaded pictures come in here and only here (profile pictures, posters, backdrops): the bytes are decoded by
// sharp, whatever type or name the client declared, and re-encoded for their purpose, so nothing a visitor sent
// is ever stored or served as it came.
import type { Sharp } from 'sharp';
import { loadSharp } from './sharp.ts';
import { encodeStoredImage, type EncodedImage } from './image-store.ts';

export type ImagePurpose = 'avatar' | 'poster' | 'backdrop';

export const AVATAR_SIZE = 256;
const MB = 1024 * 1024;

/** The formats taken in, by what the content is (sharp's names). */
export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif'] as const;

type Recipe = {
  /** Largest upload, in bytes: the route streams no more than this. */
  maxBytes: number;
  /** Largest decoded size, in pixels: a small file can declare a huge canvas. */
  maxPixels: number;
  encode: (image: Sharp) => Promise<EncodedImage>;
};

const artwork: Recipe = {
  maxBytes: 10 * MB,
  maxPixels: 60_000_000,
  // Posters and backdrops keep their shape: at most 1920 px wide, as the demo seed's artwork.
  encode: (image) => encodeStoredImage(image),
};

export const IMAGE_RECIPES: Readonly<Record<ImagePurpose, Recipe>> = {
  avatar: {
    maxBytes: 5 * MB,
    maxPixels: 40_000_000,
    encode: async (image) => {
      const output = await image
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      return { data: output.data, width: output.info.width, height: output.info.height };
    },
  },
  poster: artwork,
  backdrop: artwork,
};

/** The upload is not one we take; `message` says why, for the person who sent it. */
export class RejectedImageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RejectedImageError';
  }
}

export const imageTooLargeMessage = (purpose: ImagePurpose) =>
  `The image must be ${IMAGE_RECIPES[purpose].maxBytes / MB} MB or smaller.`;
const NOT_AN_IMAGE = 'Choose a JPEG, PNG, WebP or GIF image.';

/**
 * Decodes `bytes`, checks they are a JPEG, PNG, WebP or GIF within the purpose's limits, turns them upright and
 * encodes them as WebP for the purpose. Throws RejectedImageError for anything else; writes nothing.
 */
export async function acceptImage(
  bytes: Buffer,
  purpose: ImagePurpose,
): Promise<EncodedImage & { format: 'webp' }> {
  const recipe = IMAGE_RECIPES[purpose];
  if (!bytes.length) throw new RejectedImageError(NOT_AN_IMAGE);
  if (bytes.length > recipe.maxBytes) throw new RejectedImageError(imageTooLargeMessage(purpose));
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: recipe.maxPixels });
    const { format } = await image.metadata();
    if (!format || !(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(format))
      throw new Error(`not an accepted format: ${format}`);
    return { ...(await recipe.encode(image.rotate())), format: 'webp' };
  } catch (error) {
    // Nothing is written here, so any failure is the file's: sharp could not read it, or it is not one we take.
    throw new RejectedImageError(NOT_AN_IMAGE, { cause: error });
  }
}
