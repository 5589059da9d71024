// Some columns of a table, by name, for a select: `pick(videos, ['id', 'name'])` rather than each column spelled
// out as `{ id: videos.id, name: videos.name }`.
import { getTableColumns, type Table } from 'drizzle-orm';

export function pick<T extends Table, const K extends keyof T['_']['columns']>(
  table: T,
  keys: readonly K[],
): Pick<T['_']['columns'], K> {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((key) => [key, columns[key as string]])) as Pick<
    T['_']['columns'],
    K
  >;
}
