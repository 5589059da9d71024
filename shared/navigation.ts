// The header and footer menus admins edit at /vnwa/Link (issue 17, decision 048): what is stored (the zod schema,
// shared so the back office can check a form the way the API will) and what the public layout receives once
// the menus are resolved (`SiteMenus`). Menus are one level deep: the child schema has no `children` field and is
// strict, so a grandchild is refused rather than dropped.
import { z } from 'zod';
import { MOVIE_STATUSES, TERM_KINDS } from './catalog.ts';

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

export const NAV_LIMITS = {
  header: 12,
  footer: 24,
  children: 40,
  label: 60,
  url: 500,
  /** The most children an expansion adds (terms in their order, or years back from this one). */
  expand: 100,
  /** Years listed when the admin sets no number. */
  years: 12,
} as const;

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

/** A menu link as the public layout shows it: its label (both languages, or a term's name) and address. */
export type MenuLink = {
  label: NavLabel | string;
  /** Null for a heading that only opens its children. */
  href: string | null;
  external?: true;
  new_tab?: true;
  children?: MenuLink[];
};
export type SiteMenus = { header: MenuLink[]; footer: MenuLink[] };

/** The label in `locale`, else the other language's. */
export function menuLabel(label: NavLabel | string, locale: string) {
  if (typeof label === 'string') return label;
  return (locale === 'en' ? label.en || label.vi : label.vi || label.en) || '';
}

type TermOption = { id: number; name: string; slug: string };
export type VisibleTerms = Record<(typeof TERM_KINDS)[number], readonly TermOption[]>;

/** `/movies` with a listing target's filters, in a fixed order. */
export function listingHref(target: { year?: number; status?: string; sort?: string }) {
  const params = new URLSearchParams();
  if (target.year) params.set('year', String(target.year));
  if (target.status) params.set('status', target.status);
  if (target.sort) params.set('sort', target.sort);
  const query = params.toString();
  return query ? `/movies?${query}` : '/movies';
}

/** The address a target opens; null when it is a heading, or a term deleted or hidden since. */
export function targetHref(target: NavTarget, terms: VisibleTerms): string | null {
  switch (target.kind) {
    case 'page':
      return target.path;
    case 'term': {
      const term = terms[target.term].find((t) => t.id === target.id);
      return term ? `/${term.slug}` : null;
    }
    case 'listing':
      return listingHref(target);
    case 'url':
      return target.url;
    case 'none':
      return null;
  }
}

/** The term kinds whose visible terms `resolveMenus` needs (so a menu without any reads none). */
export function termKindsUsed(navigation: Navigation) {
  const kinds = new Set<(typeof TERM_KINDS)[number]>();
  for (const item of [...navigation.header, ...navigation.footer]) {
    if (item.target.kind === 'term') kinds.add(item.target.term);
    if (item.expand && item.expand !== 'years') kinds.add(item.expand);
    for (const child of item.children) if (child.target.kind === 'term') kinds.add(child.target.term);
  }
  return kinds;
}

function link(item: NavChild | NavItem, href: string): MenuLink {
  return {
    label: item.label,
    href,
    ...(item.target.kind === 'url' ? { external: true as const } : {}),
    ...(item.new_tab ? { new_tab: true as const } : {}),
  };
}

/**
 * The menus as shown: terms by their current slug (a renamed term still works), deleted or hidden ones left
 * out, expansions filled in. A parent whose own term is gone stays as a heading when it has children.
 */
export function resolveMenus(
  navigation: Navigation,
  terms: VisibleTerms,
  thisYear: number,
): SiteMenus {
  const resolve = (items: NavItem[]) =>
    items.flatMap((item): MenuLink[] => {
      const children: MenuLink[] = item.children.flatMap((child) => {
        const href = targetHref(child.target, terms);
        return href === null ? [] : [link(child, href)];
      });
      if (item.expand === 'years') {
        const count = item.expand_limit ?? NAV_LIMITS.years;
        for (let year = thisYear; year > thisYear - count; year -= 1)
          children.push({ label: String(year), href: listingHref({ year }) });
      } else if (item.expand) {
        for (const term of terms[item.expand].slice(0, item.expand_limit ?? NAV_LIMITS.expand))
          children.push({ label: term.name, href: `/${term.slug}` });
      }
      const href = targetHref(item.target, terms);
      if (href === null && children.length === 0) return [];
      const own = href === null ? { label: item.label, href: null } : link(item, href);
      return [children.length > 0 ? { ...own, children } : own];
    });
  return { header: resolve(navigation.header), footer: resolve(navigation.footer) };
}

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
