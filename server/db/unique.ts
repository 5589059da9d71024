// Keys made unique by reading first (slugs, episode keys) can lose a race: two requests read the same free key and
// the unique index refuses the second insert. The write then runs again and reads the next free key, instead of
// failing with a 500.
// Likewise a row read first can be deleted before the write that refers to it: the foreign key refuses the write.
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/** True when the error (or one it wraps: Drizzle keeps the driver's as `cause`) is `code` on one of `constraints`. */
function violates(error: unknown, code: string, constraints: readonly string[]) {
  let current = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const found = current as { code?: unknown; constraint?: unknown };
    if (found.code === code && constraints.includes(found.constraint as string)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const violatesUnique = (error: unknown, constraint: string) =>
  violates(error, UNIQUE_VIOLATION, [constraint]);

/** The row one of `constraints` refers to is gone (deleted since it was read). */
export const violatesForeignKey = (error: unknown, ...constraints: string[]) =>
  violates(error, FOREIGN_KEY_VIOLATION, constraints);

/** Runs `write` (which picks its key and writes it) again when another request took that key in between. Each
 * round one of the racing requests wins, so `tries` bounds how many may create the same name at once. */
export async function retryOnUniqueKey<T>(
  constraint: string,
  write: () => Promise<T>,
  tries = 10,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= tries || !violatesUnique(error, constraint)) throw error;
    }
  }
}
