// Columns the tables spell alike: a generated id, a reference to a row that takes this one with it when deleted,
// and the creation and update times. Functions, so that each table gets builders of its own.
import { bigint, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** `id bigint generated always as identity primary key`. */
export const identity = () =>
  bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** A bigint id of another table's row, required, and deleted with that row. */
export const ownedBy = (name: string, target: () => AnyPgColumn) =>
  bigint(name, { mode: 'number' }).notNull().references(target, { onDelete: 'cascade' });

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `created_at` and `updated_at`, both set to now() on insert. */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
