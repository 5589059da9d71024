// Keys made unique by reading first (slugs, episode keys) can lose a race: two requests read the same free key and
// the unique index refuses the second insert. The write then runs again and reads the next free key, instead of
// failing with a 500.
const UNIQUE_VIOLATION = '23505';

/** True when the error (or one it wraps: Drizzle keeps the driver's as `cause`) is a violation of `constraint`. */
export function violatesUnique(error: unknown, constraint: string) {
  let current = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION && name === constraint) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

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
