// Database sizing for docs/deploy.md: how much disk the catalogue and the viewers' rows take, measured on the
// bench's own data (PostgreSQL's sizes, tables with their indexes and TOAST), printed after the catalogue and after
// the position saves.
import type pg from 'pg';

type TableSize = { table: string; rows: number; bytes: number };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The largest tables of the database, with their row estimates and total sizes. */
export async function tableSizes(pool: pg.Pool, limit = 8): Promise<TableSize[]> {
  await pool.query('analyze');
  const { rows } = await pool.query<TableSize>(
    `select c.relname as "table", greatest(c.reltuples, 0)::bigint::int as rows,
            pg_total_relation_size(c.oid)::bigint::float8 as bytes
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname = 'public'
     order by pg_total_relation_size(c.oid) desc limit $1`,
    [limit],
  );
  return rows;
}

/** One line per large table, and the whole database's size. */
export async function printDatabaseSize(pool: pg.Pool, heading: string) {
  const tables = await tableSizes(pool);
  const { rows } = await pool.query<{ bytes: number }>(
    'select pg_database_size(current_database())::float8 as bytes',
  );
  console.log(`\n${heading}: the database is ${mb(rows[0]!.bytes)}`);
  console.log('| table | rows | size with indexes | bytes a row |');
  console.log('|---|---|---|---|');
  for (const { table, rows: count, bytes } of tables)
    console.log(
      `| ${table} | ${count.toLocaleString('en')} | ${mb(bytes)} | ${count ? Math.round(bytes / count) : '-'} |`,
    );
}
