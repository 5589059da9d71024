// The demo catalogue: genres, types, nations and 44 invented movies (titles, casts and stories are fictional), with
// long Vietnamese titles, original titles, statuses, qualities, language labels, featured picks and view counts.
// The data is catalogue.json; this module checks it once when loaded (every field, and every term a movie names
// exists), so a slip in the data stops the demo at start-up rather than writing a half catalogue.
import { z } from 'zod';
import { MOVIE_STATUSES, QUALITIES } from '#shared/catalog.ts';
import data from './catalogue.json';

const termSchema = z.strictObject({ key: z.string(), name: z.string(), description: z.string() });

const movieSchema = z.strictObject({
  title: z.string(),
  original: z.string(),
  /** Keys of `types`, `genres` and `nations`. */
  type: z.string(),
  genres: z.array(z.string()),
  nations: z.array(z.string()),
  year: z.number().int(),
  status: z.enum(MOVIE_STATUSES),
  quality: z.enum(QUALITIES),
  languages: z.array(z.string()),
  /** Episodes that exist (each on both servers); `total` is what the series will have. */
  episodes: z.number().int().min(1),
  total: z.number().int().min(1),
  runtime: z.number().int(),
  featured: z.boolean().optional(),
  recommended: z.boolean().optional(),
  views: z.object({ week: z.number().int(), total: z.number().int() }).optional(),
  actors: z.array(z.string()),
  directors: z.array(z.string()),
  /** HTML, as the admin's editor writes it. */
  description: z.string(),
});

const catalogueSchema = z
  .strictObject({
    types: z.array(termSchema),
    genres: z.array(termSchema),
    nations: z.array(termSchema),
    movies: z.array(movieSchema),
  })
  .superRefine((catalogue, context) => {
    const keys = (terms: DemoTerm[]) => new Set(terms.map((term) => term.key));
    const known = {
      type: keys(catalogue.types),
      genres: keys(catalogue.genres),
      nations: keys(catalogue.nations),
    };
    for (const [index, movie] of catalogue.movies.entries()) {
      const named = {
        type: [movie.type],
        genres: movie.genres,
        nations: movie.nations,
      } satisfies Record<keyof typeof known, string[]>;
      for (const [field, values] of Object.entries(named) as [keyof typeof known, string[]][])
        for (const value of values)
          if (!known[field].has(value))
            context.addIssue({
              code: 'custom',
              path: ['movies', index, field],
              message: `No demo term “${value}”.`,
            });
    }
  });

export type DemoTerm = z.infer<typeof termSchema>;
export type DemoMovie = z.infer<typeof movieSchema>;

const catalogue = catalogueSchema.parse(data);

export const DEMO_TYPES: readonly DemoTerm[] = catalogue.types;
export const DEMO_GENRES: readonly DemoTerm[] = catalogue.genres;
export const DEMO_NATIONS: readonly DemoTerm[] = catalogue.nations;
export const DEMO_MOVIES: readonly DemoMovie[] = catalogue.movies;
