// A genre, type or nation as the API answers it (the admin managers and the public lists).
import { z } from 'zod';
import { TERM_KINDS } from '#shared/catalog.ts';

export const termSchema = z
  .object({
    id: z.number(),
    kind: z.enum(TERM_KINDS),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    order: z.number(),
    visible: z.boolean(),
    movies_count: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Term' });
export type Term = z.infer<typeof termSchema>;
