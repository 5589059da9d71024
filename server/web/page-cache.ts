// Guests' pages kept for PUBLIC_CACHE_SECONDS (decision 058). The catalogue's pages (home, /movies, a movie's and
// an episode's page, a landing) render the same for every guest in one language: a route says so in its handle
// (`pageCache: 'guests'`, `RouteHandle` in app/lib/title.tsx), and a guest's next request for the same address,
// language and kind of agent is answered with the kept HTML instead of a render. A release's crowd then costs one
// render per page every few seconds, as the public reads (decision 019) made it one database read.
//
// Only requests without any credential are served from it or fill it (a session cookie, token mode's cookie or an
// Authorization header, valid or not), only 200 answers without Set-Cookie are kept, and the CSP nonce is never
// reused: the kept HTML is cut where the render's nonce was, and each answer puts its own nonce back in. It forgets
// everything whenever the public reads do (any admin write, on every node; a video ready or failed; a restore),
// and keeps nothing when they keep nothing (PUBLIC_CACHE_SECONDS=0).
import { isbot } from 'isbot';
import { carriesCredentials } from '#shared/cookies.ts';
import { localeOf, type Locale } from '#shared/i18n.ts';
import { PAGE_CACHE_HEADER } from '#shared/page-cache.ts';

/** Headers a kept page leaves out: the marker, cookies, and the length (each answer's own is counted). */
const NOT_KEPT = new Set([PAGE_CACHE_HEADER, 'set-cookie', 'content-length']);

export type KeptPage = {
  at: number;
  status: number;
  headers: Array<[string, string]>;
  /** The HTML cut where the render's nonce was: the answer is these parts joined by the request's own nonce. */
  parts: Buffer[];
  bytes: number;
};

export type PageCache = ReturnType<typeof createPageCache>;

export function createPageCache(options: {
  /** How long a page is kept: the public reads' age, read at each use (the bench changes it at run time). */
  maxAgeMs: () => number;
  /** Memory the kept pages may take; the least recently used go first. */
  maxBytes: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const pages = new Map<string, KeptPage>();
  let bytes = 0;
  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    bytes -= page.bytes;
    pages.delete(key);
  };

  return {
    /**
     * The key of a guest's page request (its address, language and whether the agent is a crawler, which gets
     * no scripts); null when the request may not use the cache.
     */
    keyOf(
      request: {
        method: string;
        url: string;
        headers: Record<string, string | string[] | undefined>;
      },
      defaultLocale: Locale,
    ): string | null {
      if (request.method !== 'GET' || options.maxAgeMs() <= 0) return null;
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value.join(', ') : value;
      };
      const cookie = header('cookie');
      if (carriesCredentials(cookie, header('authorization'))) return null;
      const locale = localeOf(cookie, header('accept-language'), defaultLocale);
      const crawler = isbot(header('user-agent') ?? '') ? 'bot' : 'browser';
      return `${locale} ${crawler} ${request.url}`;
    },
    /** A kept page still young enough, or undefined. */
    get(key: string): KeptPage | undefined {
      const page = pages.get(key);
      if (!page) return undefined;
      if (now() - page.at >= options.maxAgeMs()) {
        drop(key);
        return undefined;
      }
      pages.delete(key);
      pages.set(key, page);
      return page;
    },
    /** Keeps a rendered page: its HTML, the nonce it was rendered with, and its headers (Set-Cookie never). */
    keep(
      key: string,
      page: { status: number; headers: Array<[string, string]>; html: Buffer; nonce: string },
    ) {
      if (page.html.length > options.maxBytes / 8) return;
      const parts = splitOn(page.html, Buffer.from(page.nonce));
      drop(key);
      pages.set(key, {
        at: now(),
        status: page.status,
        headers: page.headers.filter(([name]) => !NOT_KEPT.has(name)),
        parts,
        bytes: page.html.length,
      });
      bytes += page.html.length;
      while (bytes > options.maxBytes) drop(pages.keys().next().value!);
    },
    /** The kept page's HTML with `nonce` where the render's nonce was. */
    htmlOf(page: KeptPage, nonce: string): Buffer {
      if (page.parts.length === 1) return page.parts[0]!;
      const separator = Buffer.from(nonce);
      const pieces: Buffer[] = [];
      page.parts.forEach((part, index) => {
        if (index) pieces.push(separator);
        pieces.push(part);
      });
      return Buffer.concat(pieces);
    },
    clear() {
      pages.clear();
      bytes = 0;
    },
    get size() {
      return { pages: pages.size, bytes };
    },
  };
}

/** `buffer` cut at every occurrence of `separator` (which is left out). */
function splitOn(buffer: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = buffer.indexOf(separator); at !== -1; at = buffer.indexOf(separator, from)) {
    parts.push(buffer.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(buffer.subarray(from));
  return parts;
}
