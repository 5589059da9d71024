// The home page sections' vocabulary, shared by the home service's schemas (server/domain/site/
// home-section.schema.ts) and the Home Page Manager's form (decision 049).
import type { TermKind } from './catalog.ts';

/** How a row of one genre, type or nation is sorted; the same words as the listing's `?sort=`. */
export const HOME_ROW_SORTS = ['updated', 'newest', 'views', 'rating', 'year'] as const;
/** How a row's cards are laid out: a sideways row of posters, a sideways row of 16:9 cards, or a wrapped grid. */
export const HOME_LAYOUTS = ['posters', 'landscape', 'grid'] as const;
/** The windows of "most viewed" (`views_day`, `views_week`, `views_month`; decision 017). */
export const VIEW_WINDOWS = ['day', 'week', 'month'] as const;
/** Hand-picked movies: at most this many in one section. */
export const MAX_PICKED = 30;
/** At most this many sections on the page. */
export const MAX_HOME_SECTIONS = 40;

/** The kinds, in the order the manager offers them. */
export const HOME_SECTION_KINDS = [
  'hero',
  'continue_watching',
  'latest_episodes',
  'most_viewed',
  'recommended',
  'picked',
  'term',
  'term_rows',
] as const;
export type HomeSectionKind = (typeof HOME_SECTION_KINDS)[number];
export type HomeLayout = (typeof HOME_LAYOUTS)[number];
export type ViewWindow = (typeof VIEW_WINDOWS)[number];
export type HomeRowSort = (typeof HOME_ROW_SORTS)[number];

/** Kinds whose cards the layout arranges (the hero is a carousel, Continue watching its own wide cards). */
export const hasLayout = (kind: HomeSectionKind) => kind !== 'hero' && kind !== 'continue_watching';

/** A new section's settings, as the manager adds it (a term row needs its term picked first: `term_id` 0). */
export function newSectionSettings(kind: HomeSectionKind, termKind: TermKind = 'genre') {
  switch (kind) {
    case 'hero':
      return { source: 'featured' as const, movie_ids: [] as number[], limit: 6 };
    case 'continue_watching':
      return { limit: 12 };
    case 'most_viewed':
      return { window: 'week' as const, limit: 16 };
    case 'picked':
      return { movie_ids: [] as number[] };
    case 'term':
      return { term_id: 0, sort: 'updated' as const, limit: 16 };
    case 'term_rows':
      return { term_kind: termKind, count: 4, sort: 'updated' as const, limit: 16 };
    default:
      return { limit: 16 };
  }
}
