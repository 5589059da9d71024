// A search suggestion as `GET /api/search/suggest` answers it: the schema the route serialises with, and its type.
import { z } from 'zod';

export const suggestionSchema = z
  .object({
    id: z.number(),
    slug: z.string(),
    title: z.string(),
    original_title: z.string(),
    year: z.number().nullable(),
    poster: z.string().nullable(),
    type: z.string().nullable().describe('The type name (Phim Bộ, Phim Lẻ…)'),
  })
  .meta({ id: 'SearchSuggestion' });
export type Suggestion = z.infer<typeof suggestionSchema>;
