// The catalogue's fixed vocabularies, one list each for the database, the API, the admin forms and the listing
// filters: term kinds, a movie's release status, its quality label, and a video's processing state.

export const TERM_KINDS = ['genre', 'type', 'nation'] as const;
export type TermKind = (typeof TERM_KINDS)[number];

export const MOVIE_STATUSES = ['trailer', 'ongoing', 'completed'] as const;
export type MovieStatus = (typeof MOVIE_STATUSES)[number];

/** The quality labels a movie can carry, lowest first. */
export const QUALITIES = ['CAM', 'SD', 'HD', 'FHD', '4K'] as const;
export type Quality = (typeof QUALITIES)[number];

export const VIDEO_STATUSES = ['uploading', 'queued', 'processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/**
 * The site's own first path segments: a genre, type or nation lives at `/{slug}`, so none may take one of these
 * (a genre called "Movies" would hide the listing at /movies).
 */
export const RESERVED_TERM_SLUGS: ReadonlySet<string> = new Set([
  'account',
  'api',
  'assets',
  'auth',
  'movies',
  'storage',
  'user',
  'vnwa',
  'watch',
]);
