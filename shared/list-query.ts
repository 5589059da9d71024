// The admin lists' query, defined once for the API's querystring and the page's URL: page, per_page, search, sort,
// order and a list's own filters. The API refuses a bad value (422 naming it); the page falls back to the default.
import { z } from 'zod';

/** The page sizes the admin table offers; the API takes any size up to PER_PAGE_MAX. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const PER_PAGE_DEFAULT = 20;
export const PER_PAGE_MAX = 100;
const PAGE_MAX = 100_000;
const SEARCH_MAX = 100;

export const pageMetaSchema = z.object({
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;
/** What every list answers: one page of items and where it stands. */
export type Page<T> = { data: T[]; meta: PageMeta };

/** The API's answer for a list of `item`. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: pageMetaSchema });

/** The query of a list that only pages (a viewer's own history or notifications): `page` and `per_page`. */
export const pagingQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).optional(),
  per_page: z.coerce.number().int().min(1).max(PER_PAGE_MAX).optional(),
});

type Filters = Record<string, z.ZodType>;
type Order = 'asc' | 'desc';

function mapFilters<F extends Filters, R>(filters: F, map: (schema: z.ZodType) => R) {
  return Object.fromEntries(Object.entries(filters).map(([key, schema]) => [key, map(schema)]));
}

/**
 * A list's query in its two readings. `api`: every key optional, unknown keys and bad values refused. `page`: each
 * key falls back to its default on its own, so a stale `sort` in a shared link does not lose the search.
 */
export function listQuery<
  const Sort extends string,
  F extends Filters = Record<never, never>,
>(spec: {
  sorts: readonly [Sort, ...Sort[]];
  /** The order the page shows when the URL names none (the service's own default, for the API). */
  defaults: { sort: NoInfer<Sort>; order: Order };
  filters?: F;
}) {
  const filters = spec.filters ?? ({} as F);
  const search = z.string().trim().max(SEARCH_MAX);
  const page = z.coerce.number().int().min(1).max(PAGE_MAX);
  const sort = z.enum(spec.sorts as readonly [Sort, ...Sort[]]);
  const order = z.enum(['asc', 'desc']);
  return {
    api: z.strictObject({
      search: search.optional(),
      ...(mapFilters(filters, (schema) => schema.optional()) as {
        [K in keyof F]: z.ZodOptional<F[K]>;
      }),
      sort: sort.optional(),
      order: order.optional(),
      page: page.optional(),
      per_page: z.coerce.number().int().min(1).max(PER_PAGE_MAX).optional(),
    }),
    page: z.object({
      search: search.optional().catch(undefined),
      ...(mapFilters(filters, (schema) => schema.optional().catch(undefined)) as {
        [K in keyof F]: z.ZodCatch<z.ZodOptional<F[K]>>;
      }),
      sort: sort.catch(spec.defaults.sort),
      order: order.catch(spec.defaults.order),
      page: page.catch(1),
      per_page: z.coerce
        .number()
        .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
        .catch(PER_PAGE_DEFAULT),
    }),
  };
}

/** A list's query as a service receives it: the API's reading (every key optional). */
export type ListQueryOf<L extends { api: z.ZodType }> = z.output<L['api']>;
