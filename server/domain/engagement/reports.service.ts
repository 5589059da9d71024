// Viewers' reports of an episode that will not play or plays wrong: stored for the Report Manager, announced live;
// the manager lists them, moves them along (open → in progress → resolved / dismissed) and deletes them
// (decision 042). Every change is told to the admins' room after it is committed.
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  episodes,
  movieServers,
  movies,
  reports,
  users,
  REPORT_STATUSES,
  type ReportReason,
  type ReportStatus,
} from '#server/db/schema/index.ts';
import type { EventBus } from '#server/events.ts';
import { violatesForeignKey } from '#server/db/unique.ts';
import { NotFound } from '#server/domain/errors.ts';
import { paginate } from '#server/domain/list.ts';
import type { reportsQuery } from '#shared/admin-queries.ts';
import type { ListQueryOf } from '#shared/list-query.ts';
import type { AdminReport, ReportCounts } from '#shared/resources/report.ts';

export type NewReport = {
  episodeId: number;
  reason: ReportReason;
  message?: string;
  userId?: string | null;
  userAgent?: string;
};

export type ReportsQuery = ListQueryOf<typeof reportsQuery>;
export type ReportsService = ReturnType<typeof createReportsService>;

const reporter = aliasedTable(users, 'reporter');
const closer = aliasedTable(users, 'closer');

/** The workflow's order, for sorting by state: open first, then in progress, resolved, dismissed. */
const statusRank = sql`array_position(array[${sql.join(
  REPORT_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}]::text[], ${reports.status})`;

/** What a list row reads: the report and the names around it. */
const rowColumns = {
  report: reports,
  movie: { id: movies.id, title: movies.title, slug: movies.slug },
  episode: {
    id: episodes.id,
    name: episodes.name,
    ep: episodes.ep,
    published: episodes.published,
  },
  server: { id: movieServers.id, name: movieServers.name },
  reporter: { id: reporter.id, name: reporter.name, email: reporter.email },
  closer: { id: closer.id, name: closer.name, email: closer.email },
};

type Row = {
  report: typeof reports.$inferSelect;
  movie: AdminReport['movie'];
  episode: AdminReport['episode'];
  server: AdminReport['server'];
  reporter: AdminReport['reporter'];
  closer: AdminReport['closed_by'];
};

function toAdminReport(row: Row): AdminReport {
  const { report } = row;
  return {
    id: report.id,
    movie: row.movie,
    episode: row.episode,
    server: row.server,
    reason: report.reason,
    message: report.message,
    user_agent: report.userAgent,
    status: report.status,
    reporter: row.reporter,
    closed_at: report.closedAt?.toISOString() ?? null,
    closed_by: row.closer,
    created_at: report.createdAt.toISOString(),
  };
}

/** The ids once each, in the order given. */
const unique = (ids: readonly number[]) => [...new Set(ids)];

export function createReportsService({ db, events }: { db: Database; events: EventBus }) {
  function listRows() {
    return db
      .select(rowColumns)
      .from(reports)
      .innerJoin(movies, eq(movies.id, reports.movieId))
      .innerJoin(episodes, eq(episodes.id, reports.episodeId))
      .innerJoin(movieServers, eq(movieServers.id, episodes.serverId))
      .leftJoin(reporter, eq(reporter.id, reports.userId))
      .leftJoin(closer, eq(closer.id, reports.closedBy));
  }

  /** Throws NotFound unless every id names a report (read inside `tx`, locked until it commits). */
  async function lockAll(tx: Pick<Database, 'select'>, ids: number[]) {
    const found = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(inArray(reports.id, ids))
      .for('update');
    if (found.length < ids.length) throw new NotFound('No such report.');
  }

  return {
    /**
     * One page of the Report Manager. The search matches the movie's title (folded, as the movie list's) or the
     * viewer's note (without diacritics).
     */
    list(query: ReportsQuery) {
      return paginate(query, (search) => {
        const filters: Array<SQL | undefined> = [
          query.status ? eq(reports.status, query.status) : undefined,
          query.reason ? eq(reports.reason, query.reason) : undefined,
          query.movie ? eq(reports.movieId, query.movie) : undefined,
        ];
        if (search)
          filters.push(
            or(
              sql`${movies.searchText} like ${search.contains}`,
              sql`regexp_replace(lower(unaccent(${reports.message})), '[^[:alnum:]]+', ' ', 'g') like ${search.contains}`,
            ),
          );
        const where = and(...filters);
        const direction = (query.order ?? 'desc') === 'asc' ? asc : desc;
        const sort = query.sort ?? 'created_at';
        const column =
          sort === 'movie'
            ? movies.searchText
            : sort === 'status'
              ? statusRank
              : sort === 'reason'
                ? reports.reason
                : reports.createdAt;
        return {
          rows: async ({ limit, offset }) =>
            (
              await listRows()
                .where(where)
                .orderBy(direction(column), direction(reports.createdAt), desc(reports.id))
                .limit(limit)
                .offset(offset)
            ).map(toAdminReport),
          count: async () =>
            (
              await db
                .select({ total: count() })
                .from(reports)
                .innerJoin(movies, eq(movies.id, reports.movieId))
                .where(where)
            )[0]!.total,
        };
      });
    },

    /** One report as the manager shows it. */
    async get(id: number): Promise<AdminReport> {
      const [row] = await listRows().where(eq(reports.id, id));
      if (!row) throw new NotFound('No such report.');
      return toAdminReport(row);
    },

    /** How many reports are in each state (the menu's badge shows `open`). */
    async counts(): Promise<ReportCounts> {
      const rows = await db
        .select({ status: reports.status, total: count() })
        .from(reports)
        .groupBy(reports.status);
      const counts = Object.fromEntries(
        REPORT_STATUSES.map((status) => [status, 0]),
      ) as ReportCounts;
      for (const row of rows) counts[row.status] = row.total;
      return counts;
    },

    /** The movies that have reports, by title: the manager's movie filter. */
    async movies() {
      return db
        .selectDistinct({ id: movies.id, title: movies.title, searchText: movies.searchText })
        .from(reports)
        .innerJoin(movies, eq(movies.id, reports.movieId))
        .orderBy(asc(movies.searchText), asc(movies.id))
        .limit(500)
        .then((rows) => rows.map(({ id, title }) => ({ id, title })));
    },

    /**
     * Moves reports to `status`, all or none: an unknown id is 404 and changes nothing. Leaving `open` records when
     * and by whom; going back to `open` clears both. Reports already in that state are left as they were, and only
     * the ones that moved are announced, once, after the commit (a resolved report notifies its reporter once).
     */
    async setStatus(ids: readonly number[], status: ReportStatus, byUserId: string) {
      const wanted = unique(ids);
      const moved = await db.transaction(async (tx) => {
        await lockAll(tx, wanted);
        const closing = status !== 'open';
        return tx
          .update(reports)
          .set({
            status,
            closedAt: closing ? new Date() : null,
            closedBy: closing ? byUserId : null,
            updatedAt: new Date(),
          })
          .where(and(inArray(reports.id, wanted), ne(reports.status, status)))
          .returning({ id: reports.id });
      });
      const reportIds = moved.map((row) => row.id).sort((a, b) => a - b);
      if (reportIds.length) events.emit('report.updated', { reportIds, status, byUserId });
      return { affected: reportIds.length };
    },

    /** Deletes reports, all or none (an unknown id is 404), and tells the admins after the commit. */
    async remove(ids: readonly number[]) {
      const wanted = unique(ids);
      const removed = await db.transaction(async (tx) => {
        await lockAll(tx, wanted);
        return tx.delete(reports).where(inArray(reports.id, wanted)).returning({ id: reports.id });
      });
      const reportIds = removed.map((row) => row.id).sort((a, b) => a - b);
      if (reportIds.length) events.emit('report.deleted', { reportIds });
      return { affected: reportIds.length };
    },

    /** Reports a published episode of a published movie; anything else is 404, as on the watch page. */
    async create(input: NewReport) {
      const [found] = await db
        .select({ movieId: movies.id, movieTitle: movies.title, episodeName: episodes.name })
        .from(episodes)
        .innerJoin(movies, eq(movies.id, episodes.movieId))
        .where(
          and(
            eq(episodes.id, input.episodeId),
            eq(episodes.published, true),
            eq(movies.published, true),
          ),
        );
      if (!found) throw new NotFound('No such episode.');
      const [row] = await db
        .insert(reports)
        .values({
          movieId: found.movieId,
          episodeId: input.episodeId,
          userId: input.userId ?? null,
          reason: input.reason,
          message: input.message?.trim() ?? '',
          userAgent: input.userAgent ?? '',
        })
        .returning()
        .catch((error: unknown) => {
          // Deleted between the read above and this write: as if it had never been there.
          if (
            violatesForeignKey(
              error,
              'reports_movie_id_movies_id_fk',
              'reports_episode_id_episodes_id_fk',
            )
          )
            throw new NotFound('No such episode.');
          throw error;
        });
      const report = row!;
      events.emit('report.created', {
        reportId: report.id,
        movieId: report.movieId,
        movieTitle: found.movieTitle,
        episodeId: report.episodeId,
        episodeName: found.episodeName,
        reason: report.reason,
        createdAt: report.createdAt.toISOString(),
      });
      return {
        id: report.id,
        movie_id: report.movieId,
        episode_id: report.episodeId,
        reason: report.reason,
        message: report.message,
        status: report.status,
        created_at: report.createdAt.toISOString(),
      };
    },
  };
}
