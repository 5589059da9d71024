// The catalogue: movies, their servers and episodes, and the three taxonomies (genre, type, nation) in one table.
import type { MovieStatus, TermKind } from '#shared/catalog.ts';
import { sql } from 'drizzle-orm';
import { videos } from './media.ts';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identity, ownedBy, timestamps } from './columns.ts';

/** Genres, types and nations share one shape, one service and one manager screen. */
export const terms = pgTable(
  'terms',
  {
    id: identity(),
    kind: text('kind').$type<TermKind>().notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    /** The name without diacritics, lower-cased: what search compares against. */
    searchText: text('search_text').notNull().default(''),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('terms_kind_slug_idx').on(table.kind, table.slug),
    index('terms_kind_order_idx').on(table.kind, table.sortOrder),
    check('terms_kind_check', sql`${table.kind} in ('genre', 'type', 'nation')`),
  ],
);

export const movies = pgTable(
  'movies',
  {
    id: identity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    originalTitle: text('original_title').notNull().default(''),
    description: text('description').notNull().default(''),
    poster: text('poster'),
    backdrop: text('backdrop'),
    trailerUrl: text('trailer_url'),
    typeId: bigint('type_id', { mode: 'number' }).references(() => terms.id, {
      onDelete: 'set null',
    }),
    status: text('status').$type<MovieStatus>().notNull().default('completed'),
    quality: text('quality').notNull().default('HD'),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    year: integer('year'),
    episodeRuntime: integer('episode_runtime'),
    currentEpisode: text('current_episode').notNull().default(''),
    totalEpisodes: integer('total_episodes'),
    actors: text('actors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    directors: text('directors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    featured: boolean('featured').notNull().default(false),
    recommended: boolean('recommended').notNull().default(false),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** In the movies trash since then: unpublished, listed only in the trash, purged after TRASH_RETENTION_DAYS. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    viewsTotal: bigint('views_total', { mode: 'number' }).notNull().default(0),
    viewsDay: bigint('views_day', { mode: 'number' }).notNull().default(0),
    viewsWeek: bigint('views_week', { mode: 'number' }).notNull().default(0),
    viewsMonth: bigint('views_month', { mode: 'number' }).notNull().default(0),
    ratingAverage: numeric('rating_average', { precision: 3, scale: 1 }).notNull().default('0'),
    ratingCount: integer('rating_count').notNull().default(0),
    /**
     * The ids of its genres and nations (`movie_terms`), ascending, kept by triggers (migration 0013), never written
     * by the app: a listing filtered by two of them finds its movies in one index (below) instead of joining both.
     */
    termIds: bigint('term_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /** Title and original title without diacritics, lower-cased, for trigram search. */
    searchText: text('search_text').notNull().default(''),
    ...timestamps(),
  },
  (table) => [
    index('movies_published_updated_idx').on(table.published, table.updatedAt),
    index('movies_type_idx').on(table.typeId),
    index('movies_year_idx').on(table.year),
    // GIN's pending list kept to its least (64 kB, against 4 MB): every counted view rewrites its movie's row, whose
    // trigrams wait in that list, which every search then reads through, until it is merged (migration 0015).
    index('movies_search_trgm_idx')
      .using('gin', sql`${table.searchText} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
    // The public listing's sorts over published movies, each in the order movies.service asks for (ties by id),
    // so a page is read from the index instead of sorting 100,000 rows (bench/catalog.ts measures it).
    ...(
      [
        ['updated', table.updatedAt],
        ['created', table.createdAt],
        ['views', table.viewsTotal],
        ['views_week', table.viewsWeek],
        ['rating', table.ratingAverage],
      ] as const
    ).map(([name, column]) =>
      index(`movies_public_${name}_idx`)
        .on(column.desc(), table.id.desc())
        .where(sql`${table.published}`),
    ),
    index('movies_public_year_idx')
      .on(table.year.desc().nullsLast(), table.id.desc())
      .where(sql`${table.published}`),
    index('movies_public_title_idx')
      .on(table.searchText.asc(), table.id.asc())
      .where(sql`${table.published}`),
    // The home page's hero (featured) and "recommended" row: a few movies out of 100,000, found without a scan.
    index('movies_featured_idx')
      .on(table.updatedAt.desc(), table.id.desc())
      .where(sql`${table.published} and ${table.featured}`),
    index('movies_recommended_idx')
      .on(table.updatedAt.desc(), table.id.desc())
      .where(sql`${table.published} and ${table.recommended}`),
    // A filtered listing (a year and a status, a search…) finds its matching ids, then sorts and counts them from
    // this index alone, each a published movie's id and every value a public sort reads, before it
    // reads the page's rows (movie-page.ts): no visit to the table for each match, only for the page's 24.
    index('movies_public_sort_keys_idx')
      .on(
        table.id,
        table.updatedAt,
        table.createdAt,
        table.viewsTotal,
        table.viewsWeek,
        table.ratingAverage,
        table.year,
      )
      .where(sql`${table.published}`),
    // A listing filtered by genre and nation (or a term and a search…): the published movies that have both terms,
    // from one GIN index (movie-page.ts). Joining the two terms' rows of `movie_terms` read 14,000 index entries for
    // 556 matches at 100,000 movies: 4.8 ms of PostgreSQL against 1.5.
    // Without GIN's pending list (`fastupdate`): every view rewrites its movie's row (its counters are indexed), and
    // each rewrite would wait in that list, which every such listing then scans, until a vacuum.
    index('movies_public_terms_idx')
      .using('gin', table.termIds)
      .with({ fastupdate: 'off' })
      .where(sql`${table.published}`),
    // A type's landing page counts its published movies from this index alone (movie-page.ts).
    index('movies_public_type_idx')
      .on(table.typeId)
      .where(sql`${table.published}`),
    check('movies_status_check', sql`${table.status} in ('trailer', 'ongoing', 'completed')`),
  ],
);

/** Genres and nations of a movie (its type is `movies.type_id`). */
export const movieTerms = pgTable(
  'movie_terms',
  {
    movieId: ownedBy('movie_id', () => movies.id),
    termId: ownedBy('term_id', () => terms.id),
    /**
     * The movie's own `published`, kept by triggers (migration 0011), never written by the app: a genre's or a
     * country's landing page counts its published movies from this table's index alone (movie-page.ts), where
     * joining every one of them to `movies` took 55–70 ms at 100,000 movies.
     */
    published: boolean('published').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.movieId, table.termId] }),
    index('movie_terms_term_idx').on(table.termId, table.movieId),
    index('movie_terms_published_idx')
      .on(table.termId, table.movieId)
      .where(sql`${table.published}`),
  ],
);

/** An old slug keeps working with a 301 after a rename. */
export const movieSlugRedirects = pgTable('movie_slug_redirects', {
  slug: text('slug').primaryKey(),
  movieId: ownedBy('movie_id', () => movies.id),
  createdAt: createdAt(),
});

/** A named source group, as Vietnamese film sites have them ("Vietsub #1"). */
export const movieServers = pgTable(
  'movie_servers',
  {
    id: identity(),
    movieId: ownedBy('movie_id', () => movies.id),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (table) => [index('movie_servers_movie_idx').on(table.movieId, table.sortOrder)],
);

export const EPISODE_SOURCES = ['video', 'hls', 'embed'] as const;

export const episodes = pgTable(
  'episodes',
  {
    id: identity(),
    movieId: ownedBy('movie_id', () => movies.id),
    serverId: ownedBy('server_id', () => movieServers.id),
    name: text('name').notNull(),
    /** The key in `/watch/{slug}/{ep}`, such as `tap-1`. */
    ep: text('ep').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    sourceType: text('source_type').$type<(typeof EPISODE_SOURCES)[number]>().notNull(),
    sourceUrl: text('source_url'),
    /** A local video from the video manager; deleting the video forever leaves the episode without one. */
    videoId: bigint('video_id', { mode: 'number' }).references(() => videos.id, {
      onDelete: 'set null',
    }),
    runtime: integer('runtime'),
    introStart: integer('intro_start'),
    introEnd: integer('intro_end'),
    outroStart: integer('outro_start'),
    published: boolean('published').notNull().default(true),
    /** When viewers could first watch it: what "new episode" means to followers and the follow list's order. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('episodes_server_ep_idx').on(table.serverId, table.ep),
    index('episodes_movie_idx').on(table.movieId, table.sortOrder),
    index('episodes_created_idx').on(table.createdAt),
    index('episodes_movie_published_idx').on(table.movieId, table.publishedAt),
    index('episodes_video_idx').on(table.videoId),
    check('episodes_source_check', sql`${table.sourceType} in ('video', 'hls', 'embed')`),
  ],
);

/**
 * Views already counted: one row per (episode, viewer, hour). The unique key makes counting an
 * `insert ... on conflict do nothing`, so repeats cost no counter write; rows older than the current hour only
 * matter until a purge job removes them.
 */
export const episodeViews = pgTable(
  'episode_views',
  {
    episodeId: ownedBy('episode_id', () => episodes.id),
    /** `u:<user id>` for a signed-in viewer, else `a:` + an HMAC of IP and user agent (no raw IP kept). */
    viewer: text('viewer').notNull(),
    /** The hour the view fell in (UTC, truncated). */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.episodeId, table.viewer, table.hour] }),
    index('episode_views_hour_idx').on(table.hour),
  ],
);

/** The home page as ordered sections; the Home Page Manager will edit these rows. */
export const homeSections = pgTable('home_sections', {
  id: identity(),
  kind: text('kind').notNull(),
  /** The heading in English; empty: the kind's own title (or the term's name). */
  title: text('title').notNull().default(''),
  /** The heading in Vietnamese; empty: the English one, else the kind's own. */
  titleVi: text('title_vi').notNull().default(''),
  /** How the row's cards are laid out: `posters`, `landscape` or `grid`. */
  layout: text('layout').notNull().default('posters'),
  /** What the section shows: `{ termId }`, `{ limit }`, ... by kind. */
  settings: jsonb('settings').notNull().default({}),
  sortOrder: integer('sort_order').notNull().default(0),
  visible: boolean('visible').notNull().default(true),
  ...timestamps(),
});
