// The kinds of home page section and their settings, as zod schemas: the home service reads `home_sections` rows
// through them, and the Home Page Manager (its API and its form) validates what admins write with the same ones.
// No database here.
import { TERM_KINDS } from '#shared/catalog.ts';
import {
  HOME_LAYOUTS,
  HOME_ROW_SORTS,
  MAX_HOME_SECTIONS,
  MAX_PICKED,
  VIEW_WINDOWS,
  type HomeLayout,
  type ViewWindow,
} from '#shared/home-sections.ts';
import { z } from 'zod';

export { HOME_ROW_SORTS, MAX_HOME_SECTIONS };
export type { HomeLayout, ViewWindow };

const limit = (fallback: number, max = 30) => z.number().int().min(1).max(max).default(fallback);
const movieIds = z
  .array(z.number().int().positive())
  .max(MAX_PICKED)
  .refine((ids) => new Set(ids).size === ids.length, 'A movie is picked twice.');

/** Each kind with its settings; unknown keys are refused so a typo in the manager is caught, not ignored. */
export const homeSectionSettings = {
  /** The carousel at the top: featured movies (newest first), or movies an admin picked, in their order. */
  hero: z
    .strictObject({
      source: z.enum(['featured', 'picked']).default('featured'),
      movie_ids: movieIds.default([]),
      limit: limit(6, 10),
    })
    .refine((value) => value.source !== 'picked' || value.movie_ids.length > 0, {
      message: 'Pick at least one movie.',
      path: ['movie_ids'],
    }),
  /** Movies whose episodes were added most recently. */
  latest_episodes: z.strictObject({ limit: limit(16) }),
  /** Most viewed in the last day, week or month; movies nobody watched are left out. */
  most_viewed: z.strictObject({
    window: z.enum(VIEW_WINDOWS).default('week'),
    limit: limit(16),
  }),
  /** Movies an admin marked as recommended. */
  recommended: z.strictObject({ limit: limit(16) }),
  /** Movies an admin picked, in their order (unpublished ones are left out until published). */
  picked: z.strictObject({ movie_ids: movieIds.min(1, 'Pick at least one movie.') }),
  /** The signed-in viewer's "Continue watching": filled by the page for each viewer, never cached. */
  continue_watching: z.strictObject({ limit: limit(12, 20) }),
  /** One row for one genre, type or nation. */
  term: z.strictObject({
    term_id: z.number().int().positive(),
    sort: z.enum(HOME_ROW_SORTS).default('updated'),
    limit: limit(16),
  }),
  /** One row per visible term of a kind, in the terms' own order: "a row for every type". */
  term_rows: z.strictObject({
    term_kind: z.enum(TERM_KINDS),
    /** How many terms (rows) at most. */
    count: z.number().int().min(1).max(12).default(4),
    sort: z.enum(HOME_ROW_SORTS).default('updated'),
    limit: limit(16),
  }),
} as const;

export type HomeSectionKind = keyof typeof homeSectionSettings;

const common = {
  /** Empty: the page uses the kind's own title (or the term's name), in the visitor's language. */
  title: z.string().trim().max(80).default(''),
  /** The same in Vietnamese; empty: the kind's own Vietnamese title. */
  title_vi: z.string().trim().max(80).default(''),
  layout: z.enum(HOME_LAYOUTS).default('posters'),
  visible: z.boolean().default(true),
};

const section = <const Kind extends HomeSectionKind, Settings extends z.ZodType>(
  kind: Kind,
  settings: Settings,
) => z.strictObject({ kind: z.literal(kind), ...common, settings });

/** One section as an admin writes it (its place in the list is its order); missing settings take defaults. */
export const homeSectionInput = z
  .discriminatedUnion('kind', [
    section('hero', homeSectionSettings.hero.prefault({})),
    section('latest_episodes', homeSectionSettings.latest_episodes.prefault({})),
    section('most_viewed', homeSectionSettings.most_viewed.prefault({})),
    section('recommended', homeSectionSettings.recommended.prefault({})),
    section('picked', homeSectionSettings.picked),
    section('continue_watching', homeSectionSettings.continue_watching.prefault({})),
    section('term', homeSectionSettings.term),
    section('term_rows', homeSectionSettings.term_rows),
  ])
  .meta({ id: 'HomeSection' });

export type HomeSectionInput = z.input<typeof homeSectionInput>;
export type HomeSection = z.output<typeof homeSectionInput>;

/**
 * A section as stored before the manager existed, read as today's: `trending_week` became `most_viewed` with a
 * window (decision 049). Anything else is returned as it is.
 */
export function upgradeSection(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || (raw as { kind?: unknown }).kind !== 'trending_week')
    return raw;
  const { settings, ...rest } = raw as { settings?: unknown };
  return {
    ...rest,
    kind: 'most_viewed',
    settings: { ...(settings && typeof settings === 'object' ? settings : {}), window: 'week' },
  };
}

const defaults = { title: '', title_vi: '', layout: 'posters', visible: true } as const;

/** What the page shows while `home_sections` is empty: no seeding needed for a finished home page. */
export const DEFAULT_HOME_SECTIONS: HomeSection[] = [
  { kind: 'hero', ...defaults, settings: { source: 'featured', movie_ids: [], limit: 6 } },
  { kind: 'continue_watching', ...defaults, settings: { limit: 12 } },
  { kind: 'latest_episodes', ...defaults, settings: { limit: 16 } },
  { kind: 'most_viewed', ...defaults, settings: { window: 'week', limit: 16 } },
  {
    kind: 'term_rows',
    ...defaults,
    settings: { term_kind: 'type', count: 6, sort: 'updated', limit: 16 },
  },
  { kind: 'recommended', ...defaults, settings: { limit: 16 } },
  {
    kind: 'term_rows',
    ...defaults,
    settings: { term_kind: 'genre', count: 2, sort: 'views', limit: 16 },
  },
];
