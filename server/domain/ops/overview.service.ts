// The back office's overview (decision 051): how the site is doing at a glance — viewers now, views today and this
// week, the most watched titles, new accounts, open reports, the transcode queue and disk use. One read per figure,
// side by side; the disk walk is slow on a big library, so its sizes are kept for DISK_TTL_MS and refreshed in the
// background (the first look says "measuring").
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { MediaStorage } from '#server/media/storage.ts';
import type { Database } from '#server/db/client.ts';
import type { PresenceService } from '#server/domain/catalog/presence.service.ts';
import type { ReportsService } from '#server/domain/engagement/reports.service.ts';
import type { Overview } from '#shared/resources/overview.ts';

const DISK_TTL_MS = 10 * 60_000;
/** The folders of the data folder the overview sizes, as the Backups page and the docs name them. */
const FOLDERS = ['storage', 'originals', 'backups', 'trash', 'uploads'] as const;

async function folderSize(root: string): Promise<number> {
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop()!;
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.isFile()) total += (await fs.stat(full).catch(() => ({ size: 0 }))).size;
    }
  }
  return total;
}

export type OverviewService = ReturnType<typeof createOverviewService>;

export function createOverviewService(options: {
  db: Database;
  dataDir: string;
  presence: PresenceService;
  reports: ReportsService;
  /** With the S3 driver the media folders are prefixes of the bucket, measured by listing it. */
  storage?: MediaStorage;
}) {
  const { db, dataDir } = options;
  let disk: { at: number; folders: Record<string, number> } | null = null;
  let measuring: Promise<void> | null = null;

  function measure() {
    measuring ??= (async () => {
      const sizes = await Promise.all(
        FOLDERS.map(
          async (folder) =>
            [
              folder,
              options.storage?.driver === 's3' && folder !== 'backups'
                ? await options.storage.usage(`${folder}/`)
                : await folderSize(path.join(dataDir, folder)),
            ] as const,
        ),
      );
      disk = { at: Date.now(), folders: Object.fromEntries(sizes) };
    })().finally(() => {
      measuring = null;
    });
    return measuring;
  }

  async function diskUse(): Promise<Overview['disk']> {
    if (!disk || Date.now() - disk.at > DISK_TTL_MS) void measure().catch(() => {});
    const [stats, database] = await Promise.all([
      fs.statfs(dataDir),
      db.execute<{ bytes: string }>(
        sql`select pg_database_size(current_database())::text as bytes`,
      ),
    ]);
    return {
      free: stats.bavail * stats.bsize,
      total: stats.blocks * stats.bsize,
      database: Number(database.rows[0]?.bytes ?? 0),
      folders: disk?.folders ?? null,
      measured_at: disk ? new Date(disk.at).toISOString() : null,
    };
  }

  return {
    /** Waits for the disk walk (tests; a page that wants exact figures). */
    measureDisk: measure,

    async read(): Promise<Overview> {
      const [viewersNow, views, top, users, latestUsers, reports, queue, running, disk] =
        await Promise.all([
          options.presence.count(),
          db.execute<{ day: number; week: number }>(sql`
            select count(*) filter (where hour > now() - interval '1 day')::int as day,
                   count(*)::int as week
            from episode_views where hour > now() - interval '7 days'`),
          db.execute<{
            id: number;
            slug: string;
            title: string;
            poster: string | null;
            day: number;
            week: number;
          }>(sql`
            select id, slug, title, poster, views_day::int as day, views_week::int as week from movies
            where views_week > 0 and deleted_at is null
            order by views_week desc, id desc limit 5`),
          db.execute<{ day: number; week: number; total: number }>(sql`
            select count(*) filter (where created_at > now() - interval '1 day')::int as day,
                   count(*) filter (where created_at > now() - interval '7 days')::int as week,
                   count(*)::int as total
            from users`),
          db.execute<{ id: string; name: string; email: string; created_at: string }>(sql`
            select id, name, email, created_at from users order by created_at desc limit 5`),
          options.reports.counts(),
          db.execute<{ status: string; n: number }>(sql`
            select status, count(*)::int as n from videos
            where deleted_at is null and status in ('uploading', 'queued', 'processing', 'failed')
            group by status`),
          db.execute<{ id: number; name: string; progress: number }>(sql`
            select id, name, progress from videos
            where deleted_at is null and status = 'processing' order by updated_at limit 5`),
          diskUse(),
        ]);
      const byStatus = Object.fromEntries(queue.rows.map((row) => [row.status, row.n]));
      return {
        viewers_now: viewersNow,
        views: { day: views.rows[0]?.day ?? 0, week: views.rows[0]?.week ?? 0 },
        top_titles: top.rows.map((row) => ({
          id: Number(row.id),
          slug: row.slug,
          title: row.title,
          poster: row.poster,
          views_day: row.day,
          views_week: row.week,
        })),
        users: {
          day: users.rows[0]?.day ?? 0,
          week: users.rows[0]?.week ?? 0,
          total: users.rows[0]?.total ?? 0,
          latest: latestUsers.rows.map((row) => ({
            id: row.id,
            name: row.name,
            email: row.email,
            created_at: new Date(row.created_at).toISOString(),
          })),
        },
        reports: { open: reports.open, in_progress: reports.in_progress },
        transcodes: {
          running: byStatus.processing ?? 0,
          waiting: (byStatus.queued ?? 0) + (byStatus.uploading ?? 0),
          failed: byStatus.failed ?? 0,
          current: running.rows.map((row) => ({
            id: Number(row.id),
            name: row.name,
            progress: row.progress,
          })),
        },
        disk,
      };
    },
  };
}
