// Movies for the back office: list with search, filters and sort; create and edit with every field; unique slugs
// that keep old URLs working; bulk actions; delete with its episodes.
import {
  and,
  asc,
  count,
  eq,
  ilike,
  inArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { foldForSearch, slugify } from '#app/lib/format.ts';
import type { Database } from '#server/db/client.ts';
import { retryOnUniqueKey } from '#server/db/unique.ts';
import {
  episodes,
  movies,
  movieServers,
  movieSlugRedirects,
  movieTerms,
  terms,
  type MOVIE_STATUSES,
} from '#server/db/schema/index.ts';
import { HttpError } from '#server/http/errors.ts';
import { relevanceOrder, searchCondition, searchInPasses } from './search.service.ts';

type MovieRow = typeof movies.$inferSelect;
type TermRef = { id: number; name: string; slug: string };

export type MovieInput = {
  title: string;
  original_title?: string;
  slug?: string;
  description?: string;
  poster?: string | null;
  backdrop?: string | null;
  trailer_url?: string | null;
  type_id?: number | null;
  genre_ids?: number[];
  nation_ids?: number[];
  status?: (typeof MOVIE_STATUSES)[number];
  quality?: string;
  languages?: string[];
  year?: number | null;
  episode_runtime?: number | null;
  current_episode?: string;
  total_episodes?: number | null;
  actors?: string[];
  directors?: string[];
  featured?: boolean;
  recommended?: boolean;
  published?: boolean;
  published_at?: string | null;
};

export type MovieQuery = {
  search?: string;
  genre?: number;
  type?: number;
  nation?: number;
  status?: (typeof MOVIE_STATUSES)[number];
  year?: number;
  published?: 'true' | 'false';
  quality?: string;
  language?: string;
  /** `relevance` orders by how well titles match `search` (and falls back to `updated_at` without one). */
  sort?:
    | 'relevance'
    | 'title'
    | 'year'
    | 'status'
    | 'views'
    | 'rating'
    | 'episodes'
    | 'updated_at'
    | 'created_at';
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
};

export type BulkAction =
  | { action: 'publish' | 'unpublish' | 'delete'; ids: number[] }
  | { action: 'set_type'; ids: number[]; type_id: number }
  | { action: 'add_genre'; ids: number[]; genre_id: number };

/** Rich text an admin may write: paragraphs, emphasis, lists, links; nothing that runs. */
export function sanitizeDescription(html: string) {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'ul',
      'ol',
      'li',
      'a',
      'blockquote',
      'h3',
      'h4',
    ],
    allowedAttributes: { a: ['href', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', {
        rel: 'noopener noreferrer nofollow',
        target: '_blank',
      }),
    },
  }).trim();
}

const episodesCountSql = sql<number>`(select count(*)::int from ${episodes} where ${episodes.movieId} = "movies"."id")`;

/** `column desc nulls last, id desc nulls last`: the order of the `movies_public_*` indexes. */
function newestFirst(column: SQL | SQLWrapper) {
  return [sql`${column} desc nulls last`, sql`${movies.id} desc nulls last`];
}

/** What a public movie card shows (the listing's `cards` query reads only these). */
const cardColumns = {
  id: movies.id,
  slug: movies.slug,
  title: movies.title,
  original_title: movies.originalTitle,
  poster: movies.poster,
  quality: movies.quality,
  languages: movies.languages,
  current_episode: movies.currentEpisode,
  year: movies.year,
};

type MovieRowOf = typeof movies.$inferSelect;
export type MovieCard = {
  id: number;
  slug: string;
  title: string;
  original_title: MovieRowOf['originalTitle'];
  poster: MovieRowOf['poster'];
  quality: MovieRowOf['quality'];
  languages: MovieRowOf['languages'];
  current_episode: MovieRowOf['currentEpisode'];
  year: MovieRowOf['year'];
};

/** The unique index a new slug can collide with when two requests pick it at once. */
const SLUG_INDEX = 'movies_slug_unique';

export type MoviesService = ReturnType<typeof createMoviesService>;

export function createMoviesService({ db }: { db: Database }) {
  async function uniqueSlug(wanted: string, exceptId?: number) {
    const base = slugify(wanted) || 'phim';
    const rows = await db
      .select({ slug: movies.slug, id: movies.id })
      .from(movies)
      .where(or(eq(movies.slug, base), ilike(movies.slug, `${base}-%`)));
    const redirects = await db
      .select({ slug: movieSlugRedirects.slug, id: movieSlugRedirects.movieId })
      .from(movieSlugRedirects)
      .where(or(eq(movieSlugRedirects.slug, base), ilike(movieSlugRedirects.slug, `${base}-%`)));
    const used = new Set(
      [...rows, ...redirects].filter((row) => row.id !== exceptId).map((row) => row.slug),
    );
    if (!used.has(base)) return base;
    for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  async function termsOf(ids: number[]) {
    if (!ids.length) return new Map<number, { genres: TermRef[]; nations: TermRef[] }>();
    const rows = await db
      .select({
        movieId: movieTerms.movieId,
        id: terms.id,
        kind: terms.kind,
        name: terms.name,
        slug: terms.slug,
      })
      .from(movieTerms)
      .innerJoin(terms, eq(terms.id, movieTerms.termId))
      .where(inArray(movieTerms.movieId, ids))
      .orderBy(asc(terms.sortOrder), asc(terms.searchText));
    const map = new Map<number, { genres: TermRef[]; nations: TermRef[] }>();
    for (const row of rows) {
      const entry = map.get(row.movieId) ?? { genres: [], nations: [] };
      (row.kind === 'nation' ? entry.nations : entry.genres).push({
        id: row.id,
        name: row.name,
        slug: row.slug,
      });
      map.set(row.movieId, entry);
    }
    return map;
  }

  async function resources(
    rows: Array<{ movie: MovieRow; type: TermRef | null; episodesCount: number }>,
  ) {
    const attached = await termsOf(rows.map((row) => row.movie.id));
    return rows.map(({ movie, type, episodesCount }) => ({
      id: movie.id,
      slug: movie.slug,
      title: movie.title,
      original_title: movie.originalTitle,
      description: movie.description,
      poster: movie.poster,
      backdrop: movie.backdrop,
      trailer_url: movie.trailerUrl,
      type: type?.id ? type : null,
      genres: attached.get(movie.id)?.genres ?? [],
      nations: attached.get(movie.id)?.nations ?? [],
      status: movie.status,
      quality: movie.quality,
      languages: movie.languages,
      year: movie.year,
      episode_runtime: movie.episodeRuntime,
      current_episode: movie.currentEpisode,
      total_episodes: movie.totalEpisodes,
      actors: movie.actors,
      directors: movie.directors,
      featured: movie.featured,
      recommended: movie.recommended,
      published: movie.published,
      published_at: movie.publishedAt?.toISOString() ?? null,
      views: {
        total: movie.viewsTotal,
        day: movie.viewsDay,
        week: movie.viewsWeek,
        month: movie.viewsMonth,
      },
      rating: { average: Number(movie.ratingAverage), count: movie.ratingCount },
      episodes_count: Number(episodesCount),
      created_at: movie.createdAt.toISOString(),
      updated_at: movie.updatedAt.toISOString(),
    }));
  }

  const withTotalSql = (withTotal: boolean) =>
    withTotal ? sql<number>`count(*) over ()`.mapWith(Number) : sql<number>`0`;

  const selection = {
    movie: movies,
    type: { id: terms.id, name: terms.name, slug: terms.slug },
    episodesCount: episodesCountSql,
  };

  async function get(id: number) {
    const rows = await db
      .select(selection)
      .from(movies)
      .leftJoin(terms, eq(terms.id, movies.typeId))
      .where(eq(movies.id, id));
    if (!rows[0]) throw new HttpError(404, 'not_found', 'No such movie.');
    return (await resources(rows as never))[0]!;
  }

  async function checkTerms(input: MovieInput) {
    const wanted: Array<[number, 'genre' | 'type' | 'nation', string]> = [
      ...(input.type_id ? [[input.type_id, 'type', 'type_id'] as [number, 'type', string]] : []),
      ...(input.genre_ids ?? []).map(
        (id) => [id, 'genre', 'genre_ids'] as [number, 'genre', string],
      ),
      ...(input.nation_ids ?? []).map(
        (id) => [id, 'nation', 'nation_ids'] as [number, 'nation', string],
      ),
    ];
    if (!wanted.length) return;
    const found = await db
      .select({ id: terms.id, kind: terms.kind })
      .from(terms)
      .where(
        inArray(
          terms.id,
          wanted.map(([id]) => id),
        ),
      );
    for (const [id, kind, field] of wanted) {
      if (!found.some((row) => row.id === id && row.kind === kind))
        throw new HttpError(422, 'validation_failed', 'Some fields are not valid.', {
          [field]: `No ${kind} with id ${id}.`,
        });
    }
  }

  function columns(input: Partial<MovieInput>) {
    const values: Partial<typeof movies.$inferInsert> = {};
    if (input.title !== undefined) values.title = input.title;
    if (input.original_title !== undefined) values.originalTitle = input.original_title;
    if (input.title !== undefined || input.original_title !== undefined) {
      values.searchText = foldForSearch(`${input.title ?? ''} ${input.original_title ?? ''}`);
    }
    if (input.description !== undefined)
      values.description = sanitizeDescription(input.description);
    if (input.poster !== undefined) values.poster = input.poster;
    if (input.backdrop !== undefined) values.backdrop = input.backdrop;
    if (input.trailer_url !== undefined) values.trailerUrl = input.trailer_url;
    if (input.type_id !== undefined) values.typeId = input.type_id;
    if (input.status !== undefined) values.status = input.status;
    if (input.quality !== undefined) values.quality = input.quality;
    if (input.languages !== undefined) values.languages = input.languages;
    if (input.year !== undefined) values.year = input.year;
    if (input.episode_runtime !== undefined) values.episodeRuntime = input.episode_runtime;
    if (input.current_episode !== undefined) values.currentEpisode = input.current_episode;
    if (input.total_episodes !== undefined) values.totalEpisodes = input.total_episodes;
    if (input.actors !== undefined) values.actors = input.actors;
    if (input.directors !== undefined) values.directors = input.directors;
    if (input.featured !== undefined) values.featured = input.featured;
    if (input.recommended !== undefined) values.recommended = input.recommended;
    if (input.published !== undefined) values.published = input.published;
    if (input.published_at !== undefined)
      values.publishedAt = input.published_at ? new Date(input.published_at) : null;
    if (input.published && input.published_at === undefined) values.publishedAt = new Date();
    return values;
  }

  async function setTerms(
    movieId: number,
    input: Partial<MovieInput>,
    tx: Pick<Database, 'delete' | 'insert'>,
  ) {
    for (const [kind, ids] of [
      ['genre', input.genre_ids],
      ['nation', input.nation_ids],
    ] as const) {
      if (ids === undefined) continue;
      await tx
        .delete(movieTerms)
        .where(
          and(
            eq(movieTerms.movieId, movieId),
            inArray(
              movieTerms.termId,
              db.select({ id: terms.id }).from(terms).where(eq(terms.kind, kind)),
            ),
          ),
        );
      if (ids.length)
        await tx
          .insert(movieTerms)
          .values([...new Set(ids)].map((termId) => ({ movieId, termId })))
          .onConflictDoNothing();
    }
  }

  /**
   * One page of movies matching `query`, with the total. `cards` reads only what a public card shows (no
   * description, cast, terms or episode count), for the public listing: a lighter query and no second one.
   */
  async function findPage(query: MovieQuery, cards: boolean) {
    const page = Math.max(1, query.page ?? 1);
    const perPage = Math.min(100, Math.max(1, query.per_page ?? 20));
    const filters: SQL[] = [];
    const search = foldForSearch(query.search ?? '');
    if (search) filters.push(searchCondition(search));
    for (const termId of [query.genre, query.nation].filter((id): id is number => Boolean(id))) {
      filters.push(
        sql`exists (select 1 from ${movieTerms} where ${movieTerms.movieId} = "movies"."id" and ${movieTerms.termId} = ${termId})`,
      );
    }
    if (query.type) filters.push(eq(movies.typeId, query.type));
    if (query.status) filters.push(eq(movies.status, query.status));
    if (query.year) filters.push(eq(movies.year, query.year));
    // A literal, not a bound `= $1`, so the planner can match the `where published` partial indexes.
    if (query.published)
      filters.push(
        query.published === 'true' ? sql`${movies.published}` : sql`not ${movies.published}`,
      );
    if (query.quality) filters.push(eq(movies.quality, query.quality));
    if (query.language) filters.push(sql`${query.language} = any(${movies.languages})`);
    const where = filters.length ? and(...filters) : undefined;
    const sort = query.sort === 'relevance' ? (search ? 'relevance' : 'updated_at') : query.sort;
    const sortColumn = {
      title: movies.searchText,
      year: movies.year,
      status: movies.status,
      views: movies.viewsTotal,
      rating: movies.ratingAverage,
      episodes: episodesCountSql,
      created_at: movies.createdAt,
      updated_at: movies.updatedAt,
    }[sort === 'relevance' ? 'updated_at' : (sort ?? 'updated_at')];
    // Ties go by id in the same direction, nulls last: the shape of the public listing's partial indexes
    // (schema/catalog.ts), so each sort reads a page from an index instead of sorting every published movie.
    const order =
      sort === 'relevance'
        ? [...relevanceOrder(search), ...newestFirst(movies.viewsWeek)]
        : query.order === 'asc'
          ? [asc(sortColumn), asc(movies.id)]
          : newestFirst(sortColumn);
    // A listing narrowed by a search or a filter must find every match to sort them anyway: it counts them in
    // the same pass (`count(*) over ()`) instead of a second query that joins them all again. A plain listing
    // reads its page from an index and counts apart (an index-only scan), or the window would read every row.
    const narrowed = filters.length > (query.published ? 1 : 0);
    const run = async (tx: Database): Promise<[MovieRow[], number]> => {
      const countRows = async () =>
        (await tx.select({ value: count() }).from(movies).where(where))[0]?.value ?? 0;
      const total = withTotalSql;
      const pageRows = (withTotal: boolean) =>
        (cards
          ? tx.select({ card: cardColumns, total: total(withTotal) }).from(movies)
          : tx
              .select({ ...selection, total: total(withTotal) })
              .from(movies)
              .leftJoin(terms, eq(terms.id, movies.typeId))
        )
          .where(where)
          .orderBy(...order)
          .limit(perPage)
          .offset((page - 1) * perPage);
      if (!narrowed) {
        const [rows, total] = await Promise.all([pageRows(false), countRows()]);
        return [rows as never, total];
      }
      const rows = await pageRows(true);
      // Past the last page no row carries the total.
      return [rows as never, rows[0]?.total ?? (page > 1 ? await countRows() : 0)];
    };
    // A search needs its similarity thresholds, which live in a transaction; plain listings skip that cost.
    const [rows, totalCount] = search
      ? await searchInPasses(db, search, run, ([, total]) => total > 0)
      : await run(db);
    return {
      rows,
      meta: {
        page,
        per_page: perPage,
        total: totalCount,
        last_page: Math.max(1, Math.ceil(totalCount / perPage)),
      },
    };
  }

  return {
    get,

    async list(query: MovieQuery = {}) {
      const { rows, meta } = await findPage(query, false);
      return { data: await resources(rows as never), meta };
    },

    /** A page of public cards: the listing's own query, reading only the columns a card shows. */
    async listCards(query: MovieQuery = {}) {
      const { rows, meta } = await findPage(query, true);
      return { data: (rows as unknown as Array<{ card: MovieCard }>).map((row) => row.card), meta };
    },

    async create(input: MovieInput) {
      await checkTerms(input);
      const id = await retryOnUniqueKey(SLUG_INDEX, async () => {
        const slug = await uniqueSlug(input.slug || input.title);
        return db.transaction(async (tx) => {
          const [row] = await tx
            .insert(movies)
            .values({
              ...columns(input),
              title: input.title,
              slug,
              searchText: foldForSearch(`${input.title} ${input.original_title ?? ''}`),
            })
            .returning({ id: movies.id });
          await setTerms(row!.id, input, tx);
          return row!.id;
        });
      });
      return get(id);
    },

    async update(id: number, input: Partial<MovieInput>) {
      const current = await get(id);
      await checkTerms(input as MovieInput);
      const values = columns(input);
      if (input.title !== undefined || input.original_title !== undefined) {
        values.searchText = foldForSearch(
          `${input.title ?? current.title} ${input.original_title ?? current.original_title}`,
        );
      }
      await retryOnUniqueKey(SLUG_INDEX, async () => {
        let slug: string | undefined;
        if (input.slug !== undefined && slugify(input.slug) !== current.slug)
          slug = await uniqueSlug(input.slug, id);
        await db.transaction(async (tx) => {
          await tx
            .update(movies)
            .set({ ...values, ...(slug ? { slug } : {}), updatedAt: new Date() })
            .where(eq(movies.id, id));
          if (slug) {
            // The old address answers 301 to the new one; a slug taken back stops redirecting.
            await tx.delete(movieSlugRedirects).where(eq(movieSlugRedirects.slug, slug));
            await tx
              .insert(movieSlugRedirects)
              .values({ slug: current.slug, movieId: id })
              .onConflictDoUpdate({ target: movieSlugRedirects.slug, set: { movieId: id } });
          }
          await setTerms(id, input, tx);
        });
      });
      return get(id);
    },

    async remove(id: number) {
      await get(id);
      await db.delete(movies).where(eq(movies.id, id));
    },

    async bulk(input: BulkAction) {
      const ids = [...new Set(input.ids)];
      const where = inArray(movies.id, ids);
      if (input.action === 'delete') {
        const deleted = await db.delete(movies).where(where).returning({ id: movies.id });
        return { affected: deleted.length };
      }
      if (input.action === 'add_genre') {
        await checkTerms({ title: '', genre_ids: [input.genre_id] });
        const existing = await db.select({ id: movies.id }).from(movies).where(where);
        if (existing.length)
          await db
            .insert(movieTerms)
            .values(existing.map((row) => ({ movieId: row.id, termId: input.genre_id })))
            .onConflictDoNothing();
        return { affected: existing.length };
      }
      const changes: Partial<typeof movies.$inferInsert> =
        input.action === 'set_type'
          ? (await checkTerms({ title: '', type_id: input.type_id }), { typeId: input.type_id })
          : input.action === 'publish'
            ? { published: true, publishedAt: sql`coalesce(${movies.publishedAt}, now())` as never }
            : { published: false };
      const updated = await db
        .update(movies)
        .set({ ...changes, updatedAt: new Date() })
        .where(where)
        .returning({ id: movies.id });
      return { affected: updated.length };
    },

    /** A published movie for its public page, with its published episodes by server and related movies. */
    async getPublicBySlug(slug: string) {
      const rows = await db
        .select(selection)
        .from(movies)
        .leftJoin(terms, eq(terms.id, movies.typeId))
        .where(and(eq(movies.slug, slug), eq(movies.published, true)));
      if (!rows[0]) return null;
      const movie = (await resources(rows as never))[0]!;
      const genreIds = movie.genres.map((genre) => genre.id);
      // Independent reads, side by side: the page waits for the slowest, not for their sum.
      const [servers, list, relatedRows] = await Promise.all([
        db
          .select()
          .from(movieServers)
          .where(eq(movieServers.movieId, movie.id))
          .orderBy(asc(movieServers.sortOrder), asc(movieServers.id)),
        db
          .select()
          .from(episodes)
          .where(and(eq(episodes.movieId, movie.id), eq(episodes.published, true)))
          .orderBy(asc(episodes.sortOrder), asc(episodes.id)),
        genreIds.length
          ? db
              .select(cardColumns)
              .from(movies)
              .where(
                and(
                  sql`${movies.published}`,
                  sql`${movies.id} <> ${movie.id}`,
                  sql`exists (select 1 from ${movieTerms} where ${movieTerms.movieId} = "movies"."id" and ${inArray(movieTerms.termId, genreIds)})`,
                ),
              )
              .orderBy(...newestFirst(movies.viewsWeek))
              .limit(12)
          : [],
      ]);
      return {
        movie,
        servers: servers
          .map((server) => ({
            id: server.id,
            name: server.name,
            episodes: list
              .filter((episode) => episode.serverId === server.id)
              .map((episode) => ({ id: episode.id, name: episode.name, ep: episode.ep })),
          }))
          .filter((server) => server.episodes.length > 0),
        related: relatedRows as MovieCard[],
      };
    },

    /** The movie an old slug now points to, for a 301. */
    async redirectFor(slug: string) {
      const [row] = await db
        .select({ slug: movies.slug })
        .from(movieSlugRedirects)
        .innerJoin(movies, eq(movies.id, movieSlugRedirects.movieId))
        .where(eq(movieSlugRedirects.slug, slug));
      return row?.slug ?? null;
    },
  };
}
