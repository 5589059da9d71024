// The header's search: when it asks for suggestions, and the results page's address.

/** How long the header waits after the last key before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 200;
/** Suggestions are asked for from this many characters on: one letter matches too much to help. */
export const SUGGEST_MIN_LENGTH = 2;

/** The results page: the listing searched, best match first (docs/decisions/016-search.md). */
export function searchHref(query: string): string {
  return `/movies?${new URLSearchParams({ q: query.trim() })}`;
}
