// The header and footer menus admins edit at /vnwa/Link (issue 17, decision 048): what is stored (the zod schema,
// shared so the back office can check a form the way the API will) and what the public layout receives once
// the menus are resolved (`SiteMenus`). Menus are one level deep: the child schema has no `children` field and is
// strict, so a grandchild is refused rather than dropped.
import { z } from 'zod';
import { MOVIE_STATUSES, TERM_KINDS } from './catalog.ts';
import { NAV_LIMITS } from './menus.ts';

export { NAV_LIMITS };

/** The site's own pages a menu item may open (the others need an id or are the back office's). */
export const NAV_PAGES = [
  '/',
  '/movies',
  '/user/histories',
  '/user/notifications',
  '/user/profile',
  '/account/follow-movies',
  '/account/general',
] as const;

/** The `/movies` orders a listing link may ask for (the listing's own `sort` values, relevance aside). */
export const NAV_LISTING_SORTS = ['updated', 'newest', 'views', 'rating', 'year', 'title'] as const;

/** What a parent's children may come from besides its own list, expanded on each request. */
export const NAV_EXPANSIONS = ['genre', 'nation', 'type', 'years'] as const;
export type NavExpansion = (typeof NAV_EXPANSIONS)[number];

export const NAV_TARGET_KINDS = ['page', 'term', 'listing', 'url', 'none'] as const;
export type NavTargetKind = (typeof NAV_TARGET_KINDS)[number];

const text = z.string().trim().max(NAV_LIMITS.label).default('');

export const navLabelSchema = z
  .strictObject({ en: text, vi: text })
  .refine((label) => label.en !== '' || label.vi !== '', {
    message: 'Give a label in at least one language.',
    path: ['vi'],
  });
export type NavLabel = z.output<typeof navLabelSchema>;

const httpUrl = z
  .string()
  .trim()
  .max(NAV_LIMITS.url)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'An address starting with http:// or https://.');

const linkTargets = [
  z.strictObject({ kind: z.literal('page'), path: z.enum(NAV_PAGES) }),
  /** A genre, type or nation by id: its current slug is looked up when the menu is shown. */
  z.strictObject({
    kind: z.literal('term'),
    term: z.enum(TERM_KINDS),
    id: z.int().positive().max(2_147_483_647),
  }),
  /** `/movies` with some of its filters set. */
  z.strictObject({
    kind: z.literal('listing'),
    year: z.int().min(1888).max(2100).optional(),
    status: z.enum(MOVIE_STATUSES).optional(),
    sort: z.enum(NAV_LISTING_SORTS).optional(),
  }),
  z.strictObject({ kind: z.literal('url'), url: httpUrl }),
] as const;

/** Where a child goes: always somewhere. */
export const navChildTargetSchema = z.discriminatedUnion('kind', [...linkTargets]);
/** Where a parent goes: also nowhere (`none`), a heading that only opens its children. */
export const navTargetSchema = z.discriminatedUnion('kind', [
  ...linkTargets,
  z.strictObject({ kind: z.literal('none') }),
]);
export type NavTarget = z.output<typeof navTargetSchema>;

export const navChildSchema = z.strictObject({
  label: navLabelSchema,
  target: navChildTargetSchema,
  new_tab: z.boolean().default(false),
});
export type NavChild = z.output<typeof navChildSchema>;

export const navItemSchema = z
  .strictObject({
    label: navLabelSchema,
    target: navTargetSchema,
    new_tab: z.boolean().default(false),
    children: z.array(navChildSchema).max(NAV_LIMITS.children).default([]),
    /** Children added on each request after the listed ones: every visible term of a kind, or recent years. */
    expand: z.enum(NAV_EXPANSIONS).nullable().default(null),
    /** How many the expansion adds at most (years: how many years back; default NAV_LIMITS.years). */
    expand_limit: z.int().min(1).max(NAV_LIMITS.expand).nullable().default(null),
  })
  .refine(
    (item) => item.target.kind !== 'none' || item.children.length > 0 || item.expand !== null,
    { message: 'A heading without a link needs children.', path: ['target'] },
  );
export type NavItem = z.output<typeof navItemSchema>;
export type NavItemInput = z.input<typeof navItemSchema>;

export const navigationSchema = z
  .strictObject({
    header: z.array(navItemSchema).max(NAV_LIMITS.header).default([]),
    footer: z.array(navItemSchema).max(NAV_LIMITS.footer).default([]),
  })
  .meta({ id: 'Navigation' });
export type Navigation = z.output<typeof navigationSchema>;

const heading = (en: string, vi: string, expand: 'genre' | 'nation' | 'type' | 'years') => ({
  label: { en, vi },
  target: { kind: 'none' as const },
  new_tab: false,
  children: [],
  expand,
  expand_limit: null,
});

const page = (en: string, vi: string, path: '/' | '/movies' | '/user/histories') => ({
  label: { en, vi },
  target: { kind: 'page' as const, path },
  new_tab: false,
  children: [],
  expand: null,
  expand_limit: null,
});

const listing = (en: string, vi: string, sort: 'newest' | 'views' | 'rating') => ({
  label: { en, vi },
  target: { kind: 'listing' as const, sort },
  new_tab: false,
  children: [],
  expand: null,
  expand_limit: null,
});

/** What the menus are while nothing is stored: the menus viewers know from Vietnamese film sites. */
export const DEFAULT_NAVIGATION: Navigation = navigationSchema.parse({
  header: [
    page('Home', 'Trang chủ', '/'),
    page('Movies', 'Phim', '/movies'),
    heading('Genres', 'Thể loại', 'genre'),
    heading('Countries', 'Quốc gia', 'nation'),
    heading('Types', 'Loại phim', 'type'),
    heading('Years', 'Năm', 'years'),
  ],
  footer: [
    page('All movies', 'Tất cả phim', '/movies'),
    listing('New movies', 'Phim mới', 'newest'),
    listing('Most viewed', 'Xem nhiều', 'views'),
    listing('Top rated', 'Đánh giá cao', 'rating'),
    page('Watch history', 'Lịch sử xem', '/user/histories'),
  ],
});
