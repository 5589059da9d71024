// What an admin sends for a movie and how it is checked and written: the rich-text description made safe, the
// columns an input sets, a unique slug, and the genres and nations it names.
import type { MovieStatus } from '#shared/catalog.ts';
import { and, eq, ilike, inArray, or } from 'drizzle-orm';
import type SanitizeHtml from 'sanitize-html';
import { foldForSearch, slugify } from '#shared/text.ts';
import type { Database } from '#server/db/client.ts';
import { movies, movieSlugRedirects, movieTerms, terms } from '#server/db/schema/index.ts';
import { Invalid } from '#server/domain/errors.ts';

export type MovieInput = {
  title: string;
  original_title?: string;
  slug?: string;
  description?: string;
  poster?: string | null;
  backdrop?: string | null;
  trailer_url?: string | null;
  type_id?: number | null;
  genre_ids?: number[];
  nation_ids?: number[];
  status?: MovieStatus;
  quality?: string;
  languages?: string[];
  year?: number | null;
  episode_runtime?: number | null;
  current_episode?: string;
  total_episodes?: number | null;
  actors?: string[];
  directors?: string[];
  featured?: boolean;
  recommended?: boolean;
  published?: boolean;
  published_at?: string | null;
};

export type BulkAction =
  | { action: 'publish' | 'unpublish' | 'delete'; ids: number[] }
  | { action: 'set_type'; ids: number[]; type_id: number }
  | { action: 'add_genre'; ids: number[]; genre_id: number };

// sanitize-html (with htmlparser2 and postcss, about 450 KB of the bundle) is loaded by the first save that sets a
// description, not by every start (decision 057).
let sanitizer: Promise<typeof SanitizeHtml> | undefined;

/** Rich text an admin may write: paragraphs, emphasis, lists, links; nothing that runs. */
export async function sanitizeDescription(html: string) {
  const sanitizeHtml = await (sanitizer ??= import('sanitize-html').then((m) => m.default));
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'ul',
      'ol',
      'li',
      'a',
      'blockquote',
      'h3',
      'h4',
    ],
    allowedAttributes: { a: ['href', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', {
        rel: 'noopener noreferrer nofollow',
        target: '_blank',
      }),
    },
  }).trim();
}

/** The columns an input sets; what it leaves out stays as it is. */
export async function movieColumns(input: Partial<MovieInput>) {
  const values: Partial<typeof movies.$inferInsert> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.original_title !== undefined) values.originalTitle = input.original_title;
  if (input.title !== undefined || input.original_title !== undefined) {
    values.searchText = foldForSearch(`${input.title ?? ''} ${input.original_title ?? ''}`);
  }
  if (input.description !== undefined)
    values.description = await sanitizeDescription(input.description);
  if (input.poster !== undefined) values.poster = input.poster;
  if (input.backdrop !== undefined) values.backdrop = input.backdrop;
  if (input.trailer_url !== undefined) values.trailerUrl = input.trailer_url;
  if (input.type_id !== undefined) values.typeId = input.type_id;
  if (input.status !== undefined) values.status = input.status;
  if (input.quality !== undefined) values.quality = input.quality;
  if (input.languages !== undefined) values.languages = input.languages;
  if (input.year !== undefined) values.year = input.year;
  if (input.episode_runtime !== undefined) values.episodeRuntime = input.episode_runtime;
  if (input.current_episode !== undefined) values.currentEpisode = input.current_episode;
  if (input.total_episodes !== undefined) values.totalEpisodes = input.total_episodes;
  if (input.actors !== undefined) values.actors = input.actors;
  if (input.directors !== undefined) values.directors = input.directors;
  if (input.featured !== undefined) values.featured = input.featured;
  if (input.recommended !== undefined) values.recommended = input.recommended;
  if (input.published !== undefined) values.published = input.published;
  if (input.published_at !== undefined)
    values.publishedAt = input.published_at ? new Date(input.published_at) : null;
  if (input.published && input.published_at === undefined) values.publishedAt = new Date();
  return values;
}

/** A slug no other movie has, nor had (old slugs still redirect): `base`, else `base-2`, `base-3`… */
export async function uniqueMovieSlug(db: Database, wanted: string, exceptId?: number) {
  const base = slugify(wanted) || 'phim';
  const rows = await db
    .select({ slug: movies.slug, id: movies.id })
    .from(movies)
    .where(or(eq(movies.slug, base), ilike(movies.slug, `${base}-%`)));
  const redirects = await db
    .select({ slug: movieSlugRedirects.slug, id: movieSlugRedirects.movieId })
    .from(movieSlugRedirects)
    .where(or(eq(movieSlugRedirects.slug, base), ilike(movieSlugRedirects.slug, `${base}-%`)));
  const used = new Set(
    [...rows, ...redirects].filter((row) => row.id !== exceptId).map((row) => row.slug),
  );
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Refuses (422, by field) a type, genre or nation id that names no term of that kind. */
export async function checkMovieTerms(db: Database, input: MovieInput) {
  const wanted: Array<[number, 'genre' | 'type' | 'nation', string]> = [
    ...(input.type_id ? [[input.type_id, 'type', 'type_id'] as [number, 'type', string]] : []),
    ...(input.genre_ids ?? []).map((id) => [id, 'genre', 'genre_ids'] as [number, 'genre', string]),
    ...(input.nation_ids ?? []).map(
      (id) => [id, 'nation', 'nation_ids'] as [number, 'nation', string],
    ),
  ];
  if (!wanted.length) return;
  const found = await db
    .select({ id: terms.id, kind: terms.kind })
    .from(terms)
    .where(
      inArray(
        terms.id,
        wanted.map(([id]) => id),
      ),
    );
  for (const [id, kind, field] of wanted) {
    if (!found.some((row) => row.id === id && row.kind === kind))
      throw Invalid.field(field, `No ${kind} with id ${id}.`);
  }
}

/** Replaces a movie's genres and nations with the input's, each kind only where the input names it. */
export async function setMovieTerms(
  db: Database,
  movieId: number,
  input: Partial<MovieInput>,
  tx: Pick<Database, 'delete' | 'insert'>,
) {
  for (const [kind, ids] of [
    ['genre', input.genre_ids],
    ['nation', input.nation_ids],
  ] as const) {
    if (ids === undefined) continue;
    await tx
      .delete(movieTerms)
      .where(
        and(
          eq(movieTerms.movieId, movieId),
          inArray(
            movieTerms.termId,
            db.select({ id: terms.id }).from(terms).where(eq(terms.kind, kind)),
          ),
        ),
      );
    if (ids.length)
      await tx
        .insert(movieTerms)
        .values([...new Set(ids)].map((termId) => ({ movieId, termId })))
        .onConflictDoNothing();
  }
}

/**
 * The episode a movie is at cannot be past its total: "5" (or "Tập 5", "5/12") of 3 episodes is refused. A current
 * episode without a number ("Hoàn tất", "Full") says nothing to check.
 */
export function checkEpisodeCount(current: string, total: number | null | undefined) {
  const number = /\d+/.exec(current)?.[0];
  if (total == null || number === undefined) return;
  if (Number(number) > total)
    throw Invalid.field(
      'current_episode',
      `The current episode (${number}) is past the total number of episodes (${total}).`,
    );
}
