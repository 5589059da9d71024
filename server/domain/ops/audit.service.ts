// The audit log (decision 051): one row per admin write, whichever API route it came through — who, what, to
// which row, from which IP and screen, how it ended, and for settings what they were before and after. Read in the
// back office with search, filters and pages; rows older than AUDIT_RETENTION_DAYS are purged daily.
import { and, asc, count, desc, eq, gte, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/index.ts';
import { paginate, type PageQuery } from '#server/domain/list.ts';
import { QUEUES, type JobQueue } from '#server/jobs.ts';
import type { AuditEntry } from '#shared/resources/audit.ts';

export type AuditRecord = {
  actorId: string | null;
  actorEmail: string;
  ip: string;
  action: string;
  targetType: string;
  targetId: string;
  method: string;
  path: string;
  status: number;
  screen: string;
  before?: unknown;
  after?: unknown;
};

export type AuditListQuery = PageQuery & {
  area?: string;
  actor?: string;
  outcome?: 'ok' | 'refused';
  since?: 'day' | 'week' | 'month';
  sort?: 'created_at';
  order?: 'asc' | 'desc';
};

const SINCE_HOURS = { day: 24, week: 24 * 7, month: 24 * 30 } as const;

/** Keys whose values never reach the log, at any depth: passwords, tokens, secrets. */
const SECRET_KEY = /pass(word)?|token|secret|otp|code_verifier/i;
/** A recorded body is cut to this many characters of JSON. */
const BODY_MAX = 8000;

/** What an admin sent, fit to keep: secrets replaced, long text and big arrays shortened, the whole size bounded. */
export function redactBody(body: unknown): unknown {
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return value.length > 500 ? `${value.slice(0, 500)}…` : value;
    if (typeof value !== 'object' || value === null) return value;
    if (depth > 6) return '…';
    if (Array.isArray(value)) {
      const shown = value.slice(0, 50).map((item) => walk(item, depth + 1));
      return value.length > 50 ? [...shown, `… ${value.length - 50} more`] : shown;
    }
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        SECRET_KEY.test(key) ? '[redacted]' : walk(item, depth + 1),
      ]),
    );
  };
  const kept = walk(body, 0);
  const text = JSON.stringify(kept) ?? 'null';
  return text.length > BODY_MAX ? { truncated: `${text.slice(0, BODY_MAX)}…` } : kept;
}

function toEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    actor: { id: row.actorId, email: row.actorEmail },
    ip: row.ip,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    method: row.method,
    path: row.path,
    status: row.status,
    screen: row.screen,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

export function createAuditService({ db }: { db: Database }) {
  return {
    async record(entry: AuditRecord) {
      await db.insert(auditLog).values({
        ...entry,
        before: entry.before === undefined ? null : entry.before,
        after: entry.after === undefined ? null : entry.after,
      });
    },

    list(query: AuditListQuery) {
      return paginate(query, (search) => {
        const where: SQL[] = [];
        if (query.area) where.push(eq(auditLog.targetType, query.area));
        if (query.actor) where.push(eq(auditLog.actorId, query.actor));
        if (query.outcome === 'ok') where.push(lt(auditLog.status, 400));
        if (query.outcome === 'refused') where.push(gte(auditLog.status, 400));
        if (query.since)
          where.push(
            gte(
              auditLog.createdAt,
              sql`now() - make_interval(hours => ${SINCE_HOURS[query.since]})`,
            ),
          );
        if (search) {
          // The log's text is plain ASCII mostly (actions, paths, emails); a folded search matches it as is.
          const like = (column: SQL | AnyColumn) => sql`lower(${column}) like ${search.contains}`;
          where.push(
            or(
              like(auditLog.action),
              like(auditLog.path),
              like(auditLog.actorEmail),
              like(auditLog.targetId),
              like(auditLog.ip),
              like(sql`coalesce(${auditLog.after}::text, '')`),
            )!,
          );
        }
        const condition = where.length ? and(...where) : undefined;
        const order = query.order === 'asc' ? asc : desc;
        return {
          rows: async (window) =>
            (
              await db
                .select()
                .from(auditLog)
                .where(condition)
                .orderBy(order(auditLog.createdAt), order(auditLog.id))
                .limit(window.limit)
                .offset(window.offset)
            ).map(toEntry),
          count: async () =>
            (await db.select({ n: count() }).from(auditLog).where(condition))[0]!.n,
        };
      });
    },

    /** The admins and areas the log holds, for the screen's filters. */
    async facets() {
      const [actors, areas] = await Promise.all([
        db
          .selectDistinctOn([auditLog.actorId], {
            id: auditLog.actorId,
            email: auditLog.actorEmail,
          })
          .from(auditLog)
          .orderBy(auditLog.actorId, desc(auditLog.createdAt)),
        db
          .selectDistinct({ area: auditLog.targetType })
          .from(auditLog)
          .orderBy(auditLog.targetType),
      ]);
      return {
        actors: actors
          .filter((actor): actor is { id: string; email: string } => actor.id !== null)
          .map((actor) => ({ id: actor.id, email: actor.email })),
        areas: areas.map((row) => row.area).filter(Boolean),
      };
    },

    /** Deletes what is older than `days`; answers how many rows went. */
    async purge(days: number) {
      const gone = await db
        .delete(auditLog)
        .where(lt(auditLog.createdAt, sql`now() - make_interval(days => ${days})`))
        .returning({ id: auditLog.id });
      return gone.length;
    },
  };
}

/** The daily purge, at 04:10 UTC (after the backup at 03:30). */
export function registerAuditJobs(
  jobs: JobQueue,
  options: {
    audit: AuditService;
    retentionDays: number;
    log: { info: (o: object, m?: string) => void };
  },
) {
  jobs.work(QUEUES.purgeAudit, 1, async () => {
    const purged = await options.audit.purge(options.retentionDays);
    if (purged) options.log.info({ purged }, 'audit log purged');
  });
  jobs.schedule(QUEUES.purgeAudit, '10 4 * * *');
}
