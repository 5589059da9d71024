// What search engines and link previews read: the sitemap's rows (published movies by id range, visible terms)
// and the pixel size of a stored image for `og:image:width`/`height`.
import path from 'node:path';
import { and, asc, desc, eq, gt, lte, max, sql } from 'drizzle-orm';
import { loadSharp } from '#server/media/sharp.ts';
import { keyOfStoragePath, type MediaStorage } from '#server/media/storage.ts';
import type { Database } from '#server/db/client.ts';
import { movies, terms } from '#server/db/schema/index.ts';

/** Sitemaps.org allows 50,000 URLs a file; 10,000 keeps each file near 2 MB and quick to build. */
export const SITEMAP_MOVIES_PER_FILE = 10_000;

export type SitemapChunk = { page: number; lastmod: Date | null };
export type SitemapMovie = { slug: string; poster: string | null; lastmod: Date };
export type ImageSize = { width: number; height: number };

export type SeoService = ReturnType<typeof createSeoService>;

export function createSeoService({
  db,
  storageRoot,
  storage,
}: {
  db: Database;
  storageRoot: string;
  /** With the S3 driver the image is read from the bucket (decision 055). */
  storage?: MediaStorage;
}) {
  const root = path.resolve(storageRoot);
  const bucket = storage?.driver === 's3' ? storage : null;
  // Uploaded images are named by a hash of their content, so a path's size never changes: a bounded memo is safe.
  const sizes = new Map<string, ImageSize | null>();

  return {
    /**
     * The movie sitemaps that have at least one published movie. File `n` holds the ids
     * `((n - 1) * perFile, n * perFile]`: a movie stays in the same file for life, and no file can exceed
     * `perFile` URLs. One grouped pass over the published rows, no OFFSET: about 150 ms at 100,000 movies on
     * the 2-core development machine, for a file crawlers read a few times a day (and may cache for an hour).
     */
    async movieChunks(perFile = SITEMAP_MOVIES_PER_FILE): Promise<SitemapChunk[]> {
      // A literal, not a parameter: PostgreSQL matches GROUP BY to the select list by text, and each parameter differs.
      const size = sql.raw(String(Math.max(1, Math.floor(perFile))));
      const page = sql<number>`((${movies.id} - 1) / ${size})::int + 1`;
      const rows = await db
        .select({ page, lastmod: max(movies.updatedAt) })
        .from(movies)
        .where(eq(movies.published, true))
        .groupBy(page)
        .orderBy(page);
      return rows.map((row) => ({ page: Number(row.page), lastmod: row.lastmod }));
    },

    /** The published movies of one movie sitemap, in id order (a primary-key range scan). */
    async moviesOfChunk(page: number, perFile = SITEMAP_MOVIES_PER_FILE): Promise<SitemapMovie[]> {
      const rows = await db
        .select({ slug: movies.slug, poster: movies.poster, lastmod: movies.updatedAt })
        .from(movies)
        .where(
          and(
            eq(movies.published, true),
            gt(movies.id, (page - 1) * perFile),
            lte(movies.id, page * perFile),
          ),
        )
        .orderBy(asc(movies.id));
      return rows;
    },

    /** When the public catalogue last changed: the lastmod of the home page, the listing and the page sitemap. */
    async catalogLastmod(): Promise<Date | null> {
      const [row] = await db
        .select({ value: movies.updatedAt })
        .from(movies)
        .where(eq(movies.published, true))
        .orderBy(desc(movies.updatedAt))
        .limit(1);
      return row?.value ?? null;
    },

    /** Slugs of the visible genre, type and nation landings (`/{slug}`), each once, in a stable order. */
    async landingSlugs(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ slug: terms.slug })
        .from(terms)
        .where(eq(terms.visible, true))
        .orderBy(asc(terms.slug));
      return rows.map((row) => row.slug);
    },

    /** Width and height of an image under `/storage/`, read from its header; null when it is not readable. */
    async imageSize(src: string | null | undefined): Promise<ImageSize | null> {
      if (!src?.startsWith('/storage/') || src.includes('..')) return null;
      const key = src.split(/[?#]/)[0]!;
      if (sizes.has(key)) return sizes.get(key)!;
      let size: ImageSize | null = null;
      try {
        const file = path.join(root, decodeURIComponent(key.slice('/storage'.length)));
        const objectKey = bucket ? keyOfStoragePath(decodeURIComponent(key)) : null;
        const source = bucket ? objectKey && (await bucket.get(objectKey)) : file;
        if (source && (bucket || file.startsWith(root + path.sep))) {
          const sharp = await loadSharp();
          const meta = await sharp(source).metadata();
          if (meta.width && meta.height) {
            // EXIF orientations 5–8 swap the sides as shown.
            const swap = (meta.orientation ?? 1) >= 5;
            size = swap
              ? { width: meta.height, height: meta.width }
              : { width: meta.width, height: meta.height };
          }
        }
      } catch {
        size = null;
      }
      if (sizes.size >= 5_000) sizes.delete(sizes.keys().next().value!);
      sizes.set(key, size);
      return size;
    },
  };
}
