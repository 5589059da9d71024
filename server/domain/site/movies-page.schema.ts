// The Movies Page Manager (`/vnwa/appearance/movies-page`): how `/movies` lists, filters and introduces itself
// (issue 17).
import { z } from 'zod';

export const moviesPageSchema = z.strictObject({});

export type MoviesPage = z.output<typeof moviesPageSchema>;

export const DEFAULT_MOVIES_PAGE: MoviesPage = {};
