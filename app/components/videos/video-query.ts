// The Video Manager's URL state (list and trash), checked as the admin API checks it.
import { z } from 'zod';
import { VIDEO_STATUSES } from './video-cells.tsx';

export const VIDEO_SORTS = [
  'name',
  'status',
  'size',
  'duration',
  'created_at',
  'updated_at',
] as const;

/** Each key falls back to its default on its own: a stale `sort` in a shared link must not lose the search. */
export const videosQuery = z.object({
  search: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(VIDEO_STATUSES).optional().catch(undefined),
  sort: z.enum(VIDEO_SORTS).catch('created_at'),
  order: z.enum(['asc', 'desc']).catch('desc'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  per_page: z.coerce
    .number()
    .refine((n) => [10, 20, 50, 100].includes(n))
    .catch(20),
});
