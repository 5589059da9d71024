// What the navigation schema cannot check alone: that a menu's genre, type or nation exists (decision 048).
// A term deleted later is left out when the menu is shown; one that never existed is refused when saved.
import { NotFound, Invalid } from '#server/domain/errors.ts';
import type { TermsService } from '#server/domain/catalog/terms.service.ts';
import type { Navigation, NavTarget } from '#shared/navigation.ts';

/** Throws a field error (`header.2.children.0.target.id`) for each term target with no such term. */
export async function checkNavigationTerms(
  terms: Pick<TermsService, 'find'>,
  navigation: Navigation,
) {
  const wanted: { field: string; target: Extract<NavTarget, { kind: 'term' }> }[] = [];
  for (const menu of ['header', 'footer'] as const)
    navigation[menu].forEach((item, i) => {
      if (item.target.kind === 'term')
        wanted.push({ field: `${menu}.${i}.target.id`, target: item.target });
      item.children.forEach((child, j) => {
        if (child.target.kind === 'term')
          wanted.push({ field: `${menu}.${i}.children.${j}.target.id`, target: child.target });
      });
    });
  // A handful of lookups by primary key, on an admin's save only.
  const missing = await Promise.all(
    wanted.map(({ target }) =>
      terms.find(target.term, target.id).then(
        () => false,
        (error: unknown) => {
          if (error instanceof NotFound) return true;
          throw error;
        },
      ),
    ),
  );
  const fields: Record<string, string> = {};
  wanted.forEach(({ field, target }, i) => {
    if (missing[i]) fields[field] = `No such ${target.term}.`;
  });
  if (Object.keys(fields).length > 0) throw new Invalid(fields);
}
