// What every visitor reads, kept for a few seconds (docs/decisions/019-public-reads-cache.md): the listing,
// search results, a movie's page, an episode's watch page and the home page. A popular page is then read from PostgreSQL
// once per PUBLIC_CACHE_SECONDS instead of once per visitor, and concurrent visitors share one read in flight (with
// the age at 0 too). The visible terms (menus, filters) are the terms service's, kept in memory (decision 075).
// Any admin write clears it all at once (app.ts), so an editor sees a change on the next load; another node's
// copy is at most that many seconds old.
import type { MovieQuery } from './movie-page.ts';
import type { MoviesService } from './movies.service.ts';
import type { HomeService } from '../site/home.service.ts';
import type { WatchService } from './watch.service.ts';
import type { SubtitlesService } from '../media/subtitles.service.ts';

type Entry = { at: number; value: Promise<unknown>; settled: boolean };

export type PublicReads = ReturnType<typeof createPublicReads>;

export function createPublicReads(options: {
  maxAgeMs: number;
  /** Distinct keys kept (filter combinations, slugs); the oldest go first. */
  maxEntries: number;
  movies: MoviesService;
  home: HomeService;
  watch: WatchService;
  subtitles: SubtitlesService;
  now?: () => number;
}) {
  const { movies, home, watch, subtitles, maxEntries } = options;
  let maxAgeMs = options.maxAgeMs;
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: the first key is the oldest read.
  const entries = new Map<string, Entry>();
  /** What else is made of these reads and must start afresh with them (the guests' page cache). */
  const dependents: Array<() => void> = [];
  const forget = () => {
    entries.clear();
    for (const clear of dependents) clear();
  };

  function read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const at = now();
    const kept = entries.get(key);
    if (kept && (!kept.settled || at - kept.at < maxAgeMs)) return kept.value as Promise<T>;
    const value = load();
    const entry: Entry = { at, value, settled: false };
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    // A failed read is not kept: the next visitor asks again. Nor, with the age at 0, one that has answered.
    const settle = (ok: boolean) => {
      entry.settled = true;
      if ((!ok || maxAgeMs <= 0) && entries.get(key) === entry) entries.delete(key);
    };
    value.then(
      () => settle(true),
      () => settle(false),
    );
    return value;
  }

  return {
    /** Published movies as cards; `query` is already validated, so its JSON names one result exactly. */
    listCards: (query: MovieQuery) =>
      read(`cards:${JSON.stringify(query)}`, () => movies.listCards(query)),
    movieBySlug: (slug: string) => read(`movie:${slug}`, () => movies.getPublicBySlug(slug)),
    homePage: () => read('home', () => home.getPage()),
    /** A published movie as a hero slide: the `/movies` banner (Movies Page Manager). */
    slide: (id: number) => read(`slide:${id}`, () => home.slide(id)),
    /** An episode's watch page (null when there is none): its movie, servers, episodes, subtitles, the movie's
     * full record (its synopsis, the search-engine tags) and "more like this". Views are counted apart (POST),
     * never from here. */
    watchPage: (slug: string, ep: string, serverId?: number) =>
      read(`watch:${slug}/${ep}/${serverId ?? ''}`, async () => {
        const page = await watch.episodePage(slug, ep, serverId);
        if (!page) return null;
        const [episodeSubtitles, details, moreLikeThis] = await Promise.all([
          subtitles.listOf([page.episode.id]),
          movies.get(page.movie.id),
          movies.moreLikeThis(page.movie.id),
        ]);
        return { ...page, subtitles: episodeSubtitles, details, more_like_this: moreLikeThis };
      }),
    /** Forgets everything: called after each admin write and when a video becomes ready or fails. */
    clear: forget,
    /** Calls `clear` whenever these reads are forgotten. */
    onClear(clear: () => void) {
      dependents.push(clear);
    },
    get maxAgeMs() {
      return maxAgeMs;
    },
    get size() {
      return entries.size;
    },
    /** Changes the age at run time (the bench measures the pages with and without); 0 also forgets. */
    setMaxAge(ms: number) {
      maxAgeMs = ms;
      if (ms <= 0) forget();
    },
  };
}
