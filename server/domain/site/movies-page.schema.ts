// The Movies Page Manager (`/vnwa/appearance/movies-page`): how `/movies` lists, filters and introduces itself
// (issue 17, decision 049). No database here: the page and the manager's form share it.
import { LISTING_DEFAULT_SORTS, LISTING_FILTERS } from '#shared/listing.ts';
import { z } from 'zod';

export const moviesPageSchema = z.strictObject({
  /** The order of `/movies` when the visitor picks none. */
  default_sort: z.enum(LISTING_DEFAULT_SORTS).default('updated'),
  /** Movies per page (a multiple of 12 fills the grid's rows at every width). */
  page_size: z.number().int().min(12).max(60).default(24),
  /** The filters shown, in this order; a filter left out is not offered (its URL key still works). */
  filters: z
    .array(z.enum(LISTING_FILTERS))
    .refine((list) => new Set(list).size === list.length, 'A filter is listed twice.')
    .default([...LISTING_FILTERS]),
  /** A movie introduced above the list on the first page of `/movies`; none: no banner. */
  banner: z
    .strictObject({
      movie_id: z.number().int().positive().nullable().default(null),
      /** Empty: the movie's title. */
      title: z.string().trim().max(120).default(''),
      /** Empty: the start of the movie's description. */
      text: z.string().trim().max(400).default(''),
    })
    .prefault({}),
  /** The page's title for search engines and the browser tab; empty: "Movies". */
  seo_title: z.string().trim().max(120).default(''),
  /** The page's meta description; empty: the built-in one. */
  seo_description: z.string().trim().max(320).default(''),
});

export type MoviesPage = z.output<typeof moviesPageSchema>;

export const DEFAULT_MOVIES_PAGE: MoviesPage = moviesPageSchema.parse({});
