import { describe, expect, it } from 'vitest';
import { fromEdit, moveItem, replaceItem, stepItem, toEdit, type EditMenu } from './nav-tree.ts';
import type { NavItem } from '#shared/navigation.ts';

const leaf = (vi: string): NavItem => ({
  label: { vi, en: '' },
  target: { kind: 'page', path: '/movies' },
  new_tab: false,
  children: [],
  expand: null,
  expand_limit: null,
});
const group = (vi: string, children: string[]): NavItem => ({
  ...leaf(vi),
  target: { kind: 'none' },
  children: children.map((name) => ({
    label: { vi: name, en: '' },
    target: { kind: 'page', path: '/' },
    new_tab: false,
  })),
});
const names = (menu: EditMenu) =>
  menu.map((item) =>
    item.children.length
      ? `${item.label.vi}[${item.children.map((c) => c.label.vi).join(',')}]`
      : item.label.vi,
  );
const key = (menu: EditMenu, vi: string) => {
  for (const item of menu) {
    if (item.label.vi === vi) return item.key;
    for (const child of item.children) if (child.label.vi === vi) return child.key;
  }
  throw new Error(vi);
};

describe('the menu editor tree', () => {
  const menu = toEdit([leaf('A'), group('G', ['x', 'y']), leaf('B')]);

  it('moves items beside others, into a group and out of it', () => {
    expect(names(moveItem(menu, key(menu, 'B'), key(menu, 'A'), 'before'))).toEqual([
      'B',
      'A',
      'G[x,y]',
    ]);
    expect(names(moveItem(menu, key(menu, 'A'), key(menu, 'G'), 'into'))).toEqual([
      'G[x,y,A]',
      'B',
    ]);
    expect(names(moveItem(menu, key(menu, 'y'), key(menu, 'A'), 'after'))).toEqual([
      'A',
      'y',
      'G[x]',
      'B',
    ]);
    expect(names(moveItem(menu, key(menu, 'B'), key(menu, 'x'), 'before'))).toEqual([
      'A',
      'G[B,x,y]',
    ]);
  });

  it('keeps menus one level deep: a group does not go under another', () => {
    expect(moveItem(menu, key(menu, 'G'), key(menu, 'x'), 'before')).toBe(menu);
    expect(moveItem(menu, key(menu, 'G'), key(menu, 'A'), 'into')).toBe(menu);
  });

  it('steps up and down among siblings, and stops at the ends', () => {
    expect(names(stepItem(menu, key(menu, 'y'), -1))).toEqual(['A', 'G[y,x]', 'B']);
    expect(names(stepItem(menu, key(menu, 'A'), -1))).toEqual(['A', 'G[x,y]', 'B']);
    expect(names(stepItem(menu, key(menu, 'A'), 1))).toEqual(['G[x,y]', 'A', 'B']);
  });

  it('puts an edited item back in place, or under the parent chosen', () => {
    const a = menu[0]!;
    const renamed = { ...a, label: { vi: 'A2', en: '' } };
    expect(names(replaceItem(menu, renamed, null))).toEqual(['A2', 'G[x,y]', 'B']);
    expect(names(replaceItem(menu, renamed, key(menu, 'G')))).toEqual(['G[x,y,A2]', 'B']);
    expect(fromEdit(menu)).toEqual([leaf('A'), group('G', ['x', 'y']), leaf('B')]);
  });
});
