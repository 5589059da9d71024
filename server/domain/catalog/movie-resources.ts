// A movie as the API answers it: the columns read for a whole movie and for a public card, its genres and nations
// attached, and one movie by id.
import { and, asc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { episodes, movies, movieTerms, terms } from '#server/db/schema/index.ts';
import { NotFound } from '#server/domain/errors.ts';
import { pick } from '#server/db/pick.ts';

type MovieRow = typeof movies.$inferSelect;
type TermRef = { id: number; name: string; slug: string };

export const episodesCountSql = sql<number>`(select count(*)::int from ${episodes} where ${episodes.movieId} = "movies"."id")`;

/** `column desc nulls last, id desc nulls last`: the order of the `movies_public_*` indexes. */
export function newestFirst(column: SQL | SQLWrapper) {
  return [sql`${column} desc nulls last`, sql`${movies.id} desc nulls last`];
}

/** What a public movie card shows (the listing's `cards` query reads only these). */
export const cardColumns = {
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

export const movieSelection = {
  movie: movies,
  type: { id: terms.id, name: terms.name, slug: terms.slug },
  episodesCount: episodesCountSql,
};

async function termsOf(db: Database, ids: number[], visibleOnly: boolean) {
  if (!ids.length) return new Map<number, { genres: TermRef[]; nations: TermRef[] }>();
  const rows = await db
    .select({ movieId: movieTerms.movieId, ...pick(terms, ['id', 'kind', 'name', 'slug']) })
    .from(movieTerms)
    .innerJoin(terms, eq(terms.id, movieTerms.termId))
    .where(and(inArray(movieTerms.movieId, ids), visibleOnly ? eq(terms.visible, true) : undefined))
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

export async function movieResources(
  db: Database,
  rows: Array<{ movie: MovieRow; type: TermRef | null; episodesCount: number }>,
  /** For visitors: hidden genres and nations are left out (their pages are 404s); admins see them all. */
  { visibleOnly = false }: { visibleOnly?: boolean } = {},
) {
  const attached = await termsOf(
    db,
    rows.map((row) => row.movie.id),
    visibleOnly,
  );
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

export async function getMovie(db: Database, id: number) {
  const rows = await db
    .select(movieSelection)
    .from(movies)
    .leftJoin(terms, eq(terms.id, movies.typeId))
    // A movie in the trash is not to be read or edited, only restored or deleted for good.
    .where(and(eq(movies.id, id), isNull(movies.deletedAt)));
  if (!rows[0]) throw new NotFound('No such movie.');
  return (await movieResources(db, rows as never))[0]!;
}

/** A movie's servers as a viewer sees them: each with its episodes in the order given, the empty ones left out. */
export function viewerServers(
  servers: readonly { id: number; name: string }[],
  episodes: readonly { id: number; serverId: number; name: string; ep: string }[],
) {
  return servers
    .map((server) => ({
      id: server.id,
      name: server.name,
      episodes: episodes
        .filter((episode) => episode.serverId === server.id)
        .map((episode) => ({ id: episode.id, name: episode.name, ep: episode.ep })),
    }))
    .filter((server) => server.episodes.length > 0);
}
