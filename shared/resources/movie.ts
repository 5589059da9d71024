// A movie as the public pages show it: the card of grids and rows, and the home page's hero slide.
import { z } from 'zod';
import { MOVIE_STATUSES } from '#shared/catalog.ts';

export const cardMovieSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  original_title: z.string(),
  poster: z.string().nullable(),
  quality: z.string(),
  languages: z.array(z.string()),
  current_episode: z.string(),
  year: z.number().nullable(),
});
export type CardMovie = z.infer<typeof cardMovieSchema>;

const termLink = z.object({ name: z.string(), slug: z.string() });
export const heroSlideSchema = cardMovieSchema.extend({
  backdrop: z.string().nullable(),
  /** The description as plain text, cut at a word near 220 characters. */
  excerpt: z.string(),
  status: z.enum(MOVIE_STATUSES),
  type: termLink.nullable(),
  genres: z.array(termLink),
  /** The `ep` of the first published episode ("Watch now"), or null when it has none yet. */
  first_ep: z.string().nullable(),
});
export type HeroSlide = z.infer<typeof heroSlideSchema>;
