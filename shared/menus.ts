// The menus as the public layout shows them (decision 048): the navigation setting resolved against the visible
// terms, and each label in the reader's language. Without zod (the schema is in navigation.ts): the public
// header's bundle imports this file.
import type { TermKind } from './catalog.ts';
import type { Navigation, NavChild, NavItem, NavLabel, NavTarget } from './navigation.ts';

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

export type TermOption = { id: number; name: string; slug: string };
export type VisibleTerms = Record<TermKind, readonly TermOption[]>;

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
  const kinds = new Set<TermKind>();
  for (const item of [...navigation.header, ...navigation.footer]) {
    if (item.target.kind === 'term') kinds.add(item.target.term);
    if (item.expand && item.expand !== 'years') kinds.add(item.expand);
    for (const child of item.children)
      if (child.target.kind === 'term') kinds.add(child.target.term);
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
