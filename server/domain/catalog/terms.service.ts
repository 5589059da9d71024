// Genres, types and nations: one service for the three. Slugs come from names through the shared slug helper and
// stay unique per kind (`-2`, `-3`...); deleting a term that movies use asks first, then detaches it.
import type { Term } from '#shared/resources/term.ts';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { termsQuery } from '#shared/admin-queries.ts';
import { foldForSearch, slugify } from '#shared/text.ts';
import type { ListQueryOf } from '#shared/list-query.ts';
import type { Database } from '#server/db/client.ts';
import { retryOnUniqueKey } from '#server/db/unique.ts';
import { movies, movieTerms, terms } from '#server/db/schema/index.ts';
import { RESERVED_TERM_SLUGS, type TermKind } from '#shared/catalog.ts';
import type { TermOption, VisibleTerms } from '#shared/menus.ts';
import { Conflict, Invalid, NotFound } from '#server/domain/errors.ts';
import { paginate } from '#server/domain/list.ts';

type TermRow = typeof terms.$inferSelect;

export type TermInput = {
  name: string;
  slug?: string;
  description?: string;
  order?: number;
  visible?: boolean;
};

export type TermQuery = ListQueryOf<typeof termsQuery>;

function toResource(row: TermRow, moviesCount: number): Term {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    slug: row.slug,
    description: row.description,
    order: row.sortOrder,
    visible: row.visible,
    movies_count: Number(moviesCount),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** How many movies use a term: a type through `movies.type_id`, genres and nations through `movie_terms`. */
const moviesCountSql = sql<number>`(case when "terms"."kind" = 'type'
  then (select count(*)::int from ${movies} where ${movies.typeId} = "terms"."id")
  else (select count(*)::int from ${movieTerms} where ${movieTerms.termId} = "terms"."id") end)`;

/** The unique index a new slug can collide with when two requests pick it at once. */
const SLUG_INDEX = 'terms_kind_slug_idx';

export type TermsService = ReturnType<typeof createTermsService>;

export function createTermsService({ db }: { db: Database }) {
  /**
   * A free slug for a term: its own, or with `-2`, `-3`… when another genre, type or nation has it (they share
   * `/{slug}`). A slug that is one of the site's own paths is refused, not changed: the admin picks another.
   */
  async function uniqueSlug(wanted: string, exceptId?: number) {
    const base = slugify(wanted) || 'muc';
    if (RESERVED_TERM_SLUGS.has(base))
      throw Invalid.field(
        'slug',
        `/${base} is a page of the site itself: choose another address for this one.`,
      );
    const taken = await db
      .select({ slug: terms.slug, id: terms.id })
      .from(terms)
      .where(or(eq(terms.slug, base), ilike(terms.slug, `${base}-%`)));
    const used = new Set(taken.filter((row) => row.id !== exceptId).map((row) => row.slug));
    if (!used.has(base)) return base;
    for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  async function find(kind: TermKind, id: number) {
    const [row] = await db
      .select({ term: terms, moviesCount: moviesCountSql })
      .from(terms)
      .where(and(eq(terms.kind, kind), eq(terms.id, id)));
    if (!row) throw new NotFound(`No such ${kind}.`);
    return toResource(row.term, row.moviesCount);
  }

  // The visible terms, kept in memory (decision 075): every public page reads them (the menus, the listing's
  // filters, a landing's own term), and they change only when an admin writes. Any admin write forgets them, on
  // every node (services.ts: with the public reads), and so do this service's own writes, which seeds and tests
  // call without the API.
  type Visible = {
    rows: Array<Pick<TermRow, 'kind' | 'id' | 'name' | 'slug' | 'description'>>;
    options: VisibleTerms;
  };
  let kept: Promise<Visible> | null = null;
  function visible() {
    if (kept) return kept;
    const read = db
      .select({
        kind: terms.kind,
        id: terms.id,
        name: terms.name,
        slug: terms.slug,
        description: terms.description,
      })
      .from(terms)
      .where(eq(terms.visible, true))
      .orderBy(asc(terms.sortOrder), asc(terms.searchText))
      .then((rows) => {
        // Made once per read: the menus (navigation.server.ts) are made again only when these arrays change.
        const options: Record<TermKind, TermOption[]> = { genre: [], nation: [], type: [] };
        for (const { kind, id, name, slug } of rows) options[kind].push({ id, name, slug });
        return { rows, options };
      });
    kept = read;
    // A failed read is not kept: the next visitor asks again.
    read.catch(() => {
      if (kept === read) kept = null;
    });
    return read;
  }
  function forget() {
    kept = null;
  }

  return {
    find,

    list(kind: TermKind, query: TermQuery = {}) {
      return paginate(query, (search) => {
        const where = and(
          eq(terms.kind, kind),
          search
            ? or(
                ilike(terms.searchText, search.contains),
                ilike(terms.slug, `%${slugify(search.folded)}%`),
              )
            : undefined,
        );
        const direction = query.order === 'desc' ? desc : asc;
        const column =
          query.sort === 'name'
            ? terms.searchText
            : query.sort === 'movies_count'
              ? moviesCountSql
              : query.sort === 'created_at'
                ? terms.createdAt
                : terms.sortOrder;
        return {
          rows: async ({ limit, offset }) =>
            (
              await db
                .select({ term: terms, moviesCount: moviesCountSql })
                .from(terms)
                .where(where)
                .orderBy(direction(column), asc(terms.searchText), asc(terms.id))
                .limit(limit)
                .offset(offset)
            ).map((row) => toResource(row.term, row.moviesCount)),
          count: () => db.$count(terms, where),
        };
      });
    },

    /** Visible terms of a kind in their order, for menus and filters of the public site. */
    async listVisible(kind: TermKind) {
      const rows = await db
        .select({ term: terms, moviesCount: moviesCountSql })
        .from(terms)
        .where(and(eq(terms.kind, kind), eq(terms.visible, true)))
        .orderBy(asc(terms.sortOrder), asc(terms.searchText));
      return rows.map((row) => toResource(row.term, row.moviesCount));
    },

    /**
     * Visible terms of every kind, just id, name and slug, in their order: the menus and the listing's filters.
     * Kept in memory (see `visible`).
     */
    async listOptions(): Promise<VisibleTerms> {
      return (await visible()).options;
    },

    /**
     * A visible term by its slug, for its landing page: what the page shows of it, without the count of the
     * resource (every movie that uses it, read from its thousands of links; the page counts its published ones).
     */
    async findBySlug(slug: string) {
      const row = (await visible()).rows.find((term) => term.slug === slug);
      return row
        ? { id: row.id, kind: row.kind, name: row.name, description: row.description }
        : null;
    },

    /** Forgets the visible terms kept in memory: the next page reads them again (after any admin write). */
    forget,

    async create(kind: TermKind, input: TermInput) {
      const row = await retryOnUniqueKey(SLUG_INDEX, async () => {
        const [inserted] = await db
          .insert(terms)
          .values({
            kind,
            name: input.name,
            slug: await uniqueSlug(input.slug || input.name),
            description: input.description ?? '',
            sortOrder: input.order ?? 0,
            visible: input.visible ?? true,
            searchText: foldForSearch(input.name),
          })
          .returning();
        return inserted!;
      });
      forget();
      return toResource(row, 0);
    },

    async update(kind: TermKind, id: number, input: Partial<TermInput>) {
      const current = await find(kind, id);
      const changes: Partial<typeof terms.$inferInsert> = { updatedAt: new Date() };
      if (input.name !== undefined) {
        changes.name = input.name;
        changes.searchText = foldForSearch(input.name);
      }
      if (input.description !== undefined) changes.description = input.description;
      if (input.order !== undefined) changes.sortOrder = input.order;
      if (input.visible !== undefined) changes.visible = input.visible;
      await retryOnUniqueKey(SLUG_INDEX, async () => {
        if (input.slug !== undefined && slugify(input.slug) !== current.slug)
          changes.slug = await uniqueSlug(input.slug, id);
        await db
          .update(terms)
          .set(changes)
          .where(and(eq(terms.kind, kind), eq(terms.id, id)));
      });
      forget();
      return find(kind, id);
    },

    /** Refuses (409 `in_use`) while movies use the term, unless `detach`: then they lose it. */
    async remove(kind: TermKind, id: number, options: { detach?: boolean } = {}) {
      const current = await find(kind, id);
      if (current.movies_count > 0 && !options.detach) {
        throw new Conflict(
          'in_use',
          `${current.movies_count} movie(s) use “${current.name}”. Delete with detach=true to remove it from them.`,
        );
      }
      await db.transaction(async (tx) => {
        if (kind === 'type')
          await tx.update(movies).set({ typeId: null }).where(eq(movies.typeId, id));
        await tx.delete(terms).where(and(eq(terms.kind, kind), eq(terms.id, id)));
      });
      forget();
      return { detached: current.movies_count };
    },
  };
}
