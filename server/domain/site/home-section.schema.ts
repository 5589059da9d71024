// The kinds of home page section and their settings, as zod schemas: the home service reads `home_sections` rows
// through them, and the Home Page Manager will validate what admins write with the same ones. No database here.
import { TERM_KINDS } from '#shared/catalog.ts';
import { z } from 'zod';

/** How a row of one genre, type or nation is sorted; the same words as the listing's `?sort=`. */
export const HOME_ROW_SORTS = ['updated', 'newest', 'views', 'rating', 'year'] as const;

const limit = (fallback: number, max = 30) => z.number().int().min(1).max(max).default(fallback);

/** Each kind with its settings; unknown keys are refused so a typo in the manager is caught, not ignored. */
export const homeSectionSettings = {
  /** The carousel at the top: featured movies, newest first. */
  hero: z.strictObject({ limit: limit(6, 10) }),
  /** Movies whose episodes were added most recently. */
  latest_episodes: z.strictObject({ limit: limit(16) }),
  /** Most viewed in the last week (`views_week`); movies nobody watched are left out. */
  trending_week: z.strictObject({ limit: limit(16) }),
  /** Movies an admin marked as recommended. */
  recommended: z.strictObject({ limit: limit(16) }),
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
export const HOME_SECTION_KINDS = Object.keys(homeSectionSettings) as HomeSectionKind[];

const common = {
  /** Empty: the page uses the kind's own title (or the term's name). */
  title: z.string().trim().max(80).default(''),
  visible: z.boolean().default(true),
};

const section = <const Kind extends HomeSectionKind, Settings extends z.ZodType>(
  kind: Kind,
  settings: Settings,
) => z.strictObject({ kind: z.literal(kind), ...common, settings });

/** One section as an admin writes it (its place in the list is its order); missing settings take defaults. */
export const homeSectionInput = z.discriminatedUnion('kind', [
  section('hero', homeSectionSettings.hero.prefault({})),
  section('latest_episodes', homeSectionSettings.latest_episodes.prefault({})),
  section('trending_week', homeSectionSettings.trending_week.prefault({})),
  section('recommended', homeSectionSettings.recommended.prefault({})),
  section('term', homeSectionSettings.term),
  section('term_rows', homeSectionSettings.term_rows),
]);

export type HomeSectionInput = z.input<typeof homeSectionInput>;
export type HomeSection = z.output<typeof homeSectionInput>;

/** What the page shows while `home_sections` is empty: no seeding needed for a finished home page. */
export const DEFAULT_HOME_SECTIONS: HomeSection[] = [
  { kind: 'hero', title: '', visible: true, settings: { limit: 6 } },
  { kind: 'latest_episodes', title: '', visible: true, settings: { limit: 16 } },
  { kind: 'trending_week', title: '', visible: true, settings: { limit: 16 } },
  {
    kind: 'term_rows',
    title: '',
    visible: true,
    settings: { term_kind: 'type', count: 6, sort: 'updated', limit: 16 },
  },
  { kind: 'recommended', title: '', visible: true, settings: { limit: 16 } },
  {
    kind: 'term_rows',
    title: '',
    visible: true,
    settings: { term_kind: 'genre', count: 2, sort: 'views', limit: 16 },
  },
];
