// The menu editor's tree (/vnwa/Link): menu items with a key each for React and for drag and drop, and the moves
// the screen makes (drag, the move up/down buttons, a new parent). Pure functions over arrays, tested apart.
import type { NavChild, NavItem, Navigation } from '#shared/navigation.ts';

export type EditChild = NavChild & { key: string };
export type EditItem = Omit<NavItem, 'children'> & { key: string; children: EditChild[] };
export type EditMenu = EditItem[];

let counter = 0;
export const newKey = () => `n${(counter += 1)}`;

export function toEdit(items: NavItem[]): EditMenu {
  return items.map((item) => ({
    ...item,
    key: newKey(),
    children: item.children.map((child) => ({ ...child, key: newKey() })),
  }));
}

/** The stored items, their fields always in the same order (so that two equal menus print the same). */
export function fromEdit(items: ReadonlyArray<NavItem | EditItem>): NavItem[] {
  return items.map((item) => ({
    label: { en: item.label.en, vi: item.label.vi },
    target: item.target,
    new_tab: item.new_tab,
    children: item.children.map((child) => ({
      label: { en: child.label.en, vi: child.label.vi },
      target: child.target,
      new_tab: child.new_tab,
    })),
    expand: item.expand,
    expand_limit: item.expand_limit,
  }));
}

/** Whether the editor's menus are the stored ones. */
export function sameMenus(a: Navigation, b: Navigation) {
  const print = (menus: Navigation) =>
    JSON.stringify([fromEdit(menus.header), fromEdit(menus.footer)]);
  return print(a) === print(b);
}

/** Where an item is: its parent's key (null at the top) and its index there. */
export function locate(items: EditMenu, key: string) {
  const top = items.findIndex((item) => item.key === key);
  if (top >= 0) return { parent: null, index: top };
  for (const item of items) {
    const index = item.children.findIndex((child) => child.key === key);
    if (index >= 0) return { parent: item.key, index };
  }
  return null;
}

/** Whether an item may go under a parent: one level only, so not one that has children of its own. */
export function canBeChild(item: EditItem | EditChild) {
  return (
    item.target.kind !== 'none' &&
    (!('children' in item) || (item.children.length === 0 && item.expand === null))
  );
}

function asChild(item: EditItem | EditChild): EditChild {
  const { key, label, target, new_tab } = item;
  if (target.kind === 'none') throw new Error('a heading cannot be a child');
  return { key, label, target, new_tab };
}

function asItem(item: EditItem | EditChild): EditItem {
  return 'children' in item ? item : { ...item, children: [], expand: null, expand_limit: null };
}

function take(items: EditMenu, key: string): [EditMenu, EditItem | EditChild | null] {
  let taken: EditItem | EditChild | null = null;
  const rest = items.flatMap((item) => {
    if (item.key === key) {
      taken = item;
      return [];
    }
    const children = item.children.filter((child) => {
      if (child.key !== key) return true;
      taken = child;
      return false;
    });
    return [children.length === item.children.length ? item : { ...item, children }];
  });
  return [rest, taken];
}

/**
 * Moves `key` next to `target` (before or after it, at the target's level), or `into` a parent (its last
 * child). Answers the items unchanged when the move is not allowed (a parent with children under another).
 */
export function moveItem(
  items: EditMenu,
  key: string,
  target: string,
  position: 'before' | 'after' | 'into',
): EditMenu {
  if (key === target) return items;
  const [rest, moving] = take(items, key);
  if (!moving) return items;
  if (position === 'into') {
    if (!canBeChild(moving)) return items;
    return rest.map((item) =>
      item.key === target ? { ...item, children: [...item.children, asChild(moving)] } : item,
    );
  }
  const at = locate(rest, target);
  if (!at) return items;
  const offset = position === 'after' ? 1 : 0;
  if (at.parent === null) {
    const next = [...rest];
    next.splice(at.index + offset, 0, asItem(moving));
    return next;
  }
  if (!canBeChild(moving)) return items;
  return rest.map((item) => {
    if (item.key !== at.parent) return item;
    const children = [...item.children];
    children.splice(at.index + offset, 0, asChild(moving));
    return { ...item, children };
  });
}

/** One step up or down among its siblings (the keyboard's way to reorder). */
export function stepItem(items: EditMenu, key: string, step: -1 | 1): EditMenu {
  const at = locate(items, key);
  if (!at) return items;
  const siblings =
    at.parent === null ? items : items.find((item) => item.key === at.parent)!.children;
  const neighbour = siblings[at.index + step];
  if (!neighbour) return items;
  return moveItem(items, key, neighbour.key, step < 0 ? 'before' : 'after');
}

/** Puts an edited item back in its place, or under another parent (null: the top level, at the end). */
export function replaceItem(items: EditMenu, edited: EditItem, parent: string | null): EditMenu {
  const at = locate(items, edited.key);
  const stays = at && at.parent === parent;
  if (stays && parent === null)
    return items.map((item) =>
      item.key === edited.key ? { ...edited, children: item.children } : item,
    );
  if (stays)
    return items.map((item) =>
      item.key === parent
        ? {
            ...item,
            children: item.children.map((child) =>
              child.key === edited.key ? asChild(edited) : child,
            ),
          }
        : item,
    );
  // New, or moving: keep its own children when it stays at the top.
  const kept = at?.parent === null ? items.find((item) => item.key === edited.key)!.children : [];
  const [rest] = at ? take(items, edited.key) : [items];
  if (parent === null) return [...rest, { ...edited, children: kept }];
  return rest.map((item) =>
    item.key === parent ? { ...item, children: [...item.children, asChild(edited)] } : item,
  );
}

export function removeItem(items: EditMenu, key: string): EditMenu {
  return take(items, key)[0];
}
