// The public layout's menus (decision 048): the navigation setting (in memory) resolved against the visible terms
// of the public reads cache, so a page costs no query of its own; the result is kept while neither changes.
import type { AppLoadContext } from 'react-router';
import { resolveMenus, termKindsUsed, type SiteMenus, type VisibleTerms } from '#shared/menus.ts';
import type { Navigation } from '#shared/navigation.ts';
import type { TermKind } from '#shared/catalog.ts';

type Services = AppLoadContext['services'];

const NONE: VisibleTerms['genre'] = [];

let last: { navigation: Navigation; terms: VisibleTerms; year: number; menus: SiteMenus } | null =
  null;

export async function loadMenus(services: Services): Promise<SiteMenus> {
  const navigation = services.settings.get('navigation');
  const kinds = termKindsUsed(navigation);
  const visible = kinds.size ? await services.terms.listOptions() : null;
  const pick = (kind: TermKind) => (visible && kinds.has(kind) ? visible[kind] : NONE);
  const [genre, nation, type] = [pick('genre'), pick('nation'), pick('type')];
  const year = new Date().getUTCFullYear();
  // The cache hands out the same arrays until it reads again: then the menus are the same too.
  if (
    last?.navigation === navigation &&
    last.year === year &&
    last.terms.genre === genre &&
    last.terms.nation === nation &&
    last.terms.type === type
  )
    return last.menus;
  const terms = { genre, nation, type };
  last = { navigation, terms, year, menus: resolveMenus(navigation, terms, year) };
  return last.menus;
}
