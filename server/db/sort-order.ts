// Rows a person puts in order (servers of a movie, episodes of a server, subtitles of an episode) keep a
// `sort_order`; a new one goes after the last of its group.
import { max, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/** The `sort_order` after the last row of the group `where` picks (0 for an empty group). */
export async function nextSortOrder(
  db: Database,
  table: PgTable & { sortOrder: PgColumn },
  where: SQL,
): Promise<number> {
  const [last] = await db
    .select({ value: max(table.sortOrder) })
    .from(table)
    .where(where);
  return Number(last?.value ?? -1) + 1;
}
