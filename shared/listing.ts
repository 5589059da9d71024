// The public listing's vocabulary (`/movies` and the landings), shared by the pages and the Movies Page Manager's
// setting (server/domain/site/movies-page.schema.ts).

/** The listing's filters, each a URL key of `/movies`, in the built-in order. */
export const LISTING_FILTERS = [
  'genre',
  'nation',
  'type',
  'year',
  'status',
  'quality',
  'language',
] as const;
export type ListingFilter = (typeof LISTING_FILTERS)[number];

/** The sorts a listing may default to (`relevance` only exists while searching, and is then the default). */
export const LISTING_DEFAULT_SORTS = [
  'updated',
  'newest',
  'views',
  'rating',
  'year',
  'title',
] as const;
export type ListingDefaultSort = (typeof LISTING_DEFAULT_SORTS)[number];
