// `/vnwa/Link`: the header and footer menus (issue 17, decision 048). Each menu is a tree one level deep, reordered
// by dragging a row (native HTML5 drag and drop) or with its up/down buttons, items added and edited in a dialog,
// the whole saved at once through `PUT /api/admin/settings/navigation`; a preview shows the menu as visitors will.
import {
  ArrowDown,
  ArrowUp,
  ExternalLink,
  GripVertical,
  Pencil,
  Plus,
  RotateCcw,
  Save,
  Trash2,
} from 'lucide-react';
import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { useBlocker, useRevalidator } from 'react-router';
import { NavItemDialog } from '#app/components/navigation/item-dialog.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button, IconButton } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/dialog.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { isApiError } from '#app/lib/api.ts';
import { useAuth } from '#app/lib/auth.tsx';
import { cn } from '#app/lib/cn.ts';
import {
  fromEdit,
  moveItem,
  removeItem,
  replaceItem,
  sameMenus,
  stepItem,
  toEdit,
  type EditChild,
  type EditItem,
  type EditMenu,
} from '#app/lib/nav-tree.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { toast } from '#app/lib/toast.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import {
  menuLabel,
  resolveMenus,
  targetHref,
  type MenuLink,
  type VisibleTerms,
} from '#shared/menus.ts';
import { DEFAULT_NAVIGATION, type Navigation, type NavTarget } from '#shared/navigation.ts';
import type { Route } from './+types/link';

export const handle: RouteHandle = { title: 'admin.pages.link' };

export const loader = withAccess('admin', async (_args: Route.LoaderArgs, { services }) => {
  return {
    navigation: services.settings.get('navigation'),
    terms: (await services.terms.listOptions()) satisfies VisibleTerms,
  };
});

type MenuName = 'header' | 'footer';
type Editing = { menu: MenuName; item: EditItem | null; parent: string | null } | null;
type Drag = { key: string; over: string | null; position: 'before' | 'after' | 'into' } | null;

/** What a target says in the list: the page, the term's name, the listing's address, the URL. */
function useTargetText(terms: VisibleTerms) {
  const { t } = useTranslation();
  return (target: NavTarget) => {
    switch (target.kind) {
      case 'none':
        return t('navLinks.target.none');
      case 'term': {
        const term = terms[target.term].find((one) => one.id === target.id);
        return term
          ? `${t(`navLinks.term.${target.term}`)}: ${term.name}`
          : t('navLinks.termMissing', { kind: t(`navLinks.term.${target.term}`) });
      }
      default:
        return targetHref(target, terms) ?? '';
    }
  };
}

export default function NavigationLinks({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { api } = useAuth();
  const revalidator = useRevalidator();
  const errorMessage = useErrorMessage();
  const { terms } = loaderData;
  const [saved, setSaved] = useState(loaderData.navigation);
  const [menus, setMenus] = useState(() => ({
    header: toEdit(loaderData.navigation.header),
    footer: toEdit(loaderData.navigation.footer),
  }));
  // Fresh data from the server (another admin's save, our own) resets the editor when nothing is pending.
  if (saved !== loaderData.navigation) {
    setSaved(loaderData.navigation);
    setMenus({
      header: toEdit(loaderData.navigation.header),
      footer: toEdit(loaderData.navigation.footer),
    });
  }
  const [tab, setTab] = useState<MenuName>('header');
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<{ menu: MenuName; item: EditItem | EditChild } | null>(
    null,
  );
  const [resetting, setResetting] = useState(false);
  const [saving, setSaving] = useState(false);
  const [drag, setDrag] = useState<Drag>(null);

  const value: Navigation = useMemo(
    () => ({ header: fromEdit(menus.header), footer: fromEdit(menus.footer) }),
    [menus],
  );
  const dirty = !sameMenus(value, loaderData.navigation);
  const preview = useMemo(
    () => resolveMenus(value, terms, new Date().getUTCFullYear()),
    [value, terms],
  );
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saving && currentLocation.pathname !== nextLocation.pathname,
  );

  // Closing the tab or reloading asks too.
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const update = (menu: MenuName, change: (items: EditMenu) => EditMenu) =>
    setMenus((current) => ({ ...current, [menu]: change(current[menu]) }));

  const save = async () => {
    setSaving(true);
    try {
      await api.put('/admin/settings/navigation', value);
      toast.success(t('navLinks.saved'));
      await revalidator.revalidate();
    } catch (caught) {
      // The server names the item (`header.2.target`): say which, since the list shows no field.
      const fields = isApiError(caught) ? Object.entries(caught.fields ?? {}) : [];
      toast.error(
        fields[0]
          ? t('navLinks.refused', { field: fields[0][0], message: fields[0][1] })
          : errorMessage(caught),
      );
    } finally {
      setSaving(false);
    }
  };

  const items = menus[tab];
  const targetText = useTargetText(terms);

  const onDragOver = (event: DragEvent, row: EditItem | EditChild, isParent: boolean) => {
    if (!drag) return;
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    const y = (event.clientY - box.top) / box.height;
    // The middle of a parent row drops into it (its last child); above or below its middle, beside it.
    const position =
      isParent && y > 0.3 && y < 0.7 ? 'into' : y < 0.5 ? ('before' as const) : ('after' as const);
    if (drag.over !== row.key || drag.position !== position)
      setDrag({ ...drag, over: row.key, position });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    if (drag?.over) update(tab, (list) => moveItem(list, drag.key, drag.over!, drag.position));
    setDrag(null);
  };

  const row = (
    item: EditItem | EditChild,
    parent: EditItem | null,
    index: number,
    count: number,
  ) => {
    const isParent = parent === null;
    const name = menuLabel(item.label, i18n.language);
    const over = drag?.over === item.key && drag.key !== item.key ? drag.position : null;
    const expand = 'expand' in item && item.expand ? item.expand : null;
    return (
      <div
        key={item.key}
        data-testid="nav-row"
        draggable
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', item.key);
          setDrag({ key: item.key, over: null, position: 'before' });
        }}
        onDragEnd={() => setDrag(null)}
        onDragOver={(event) => onDragOver(event, item, isParent)}
        onDrop={onDrop}
        className={cn(
          'relative flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border bg-white px-2 py-2 dark:bg-neutral-900',
          isParent ? 'border-neutral-200 dark:border-neutral-800' : 'border-transparent',
          drag?.key === item.key && 'opacity-50',
          over === 'into' && 'ring-2 ring-primary-500',
          over === 'before' &&
            'before:absolute before:inset-x-0 before:-top-1 before:h-0.5 before:bg-primary-500',
          over === 'after' &&
            'after:absolute after:inset-x-0 after:-bottom-1 after:h-0.5 after:bg-primary-500',
        )}
      >
        <GripVertical
          className="size-5 shrink-0 cursor-grab text-neutral-400"
          aria-hidden
          data-testid="nav-drag"
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="flex flex-wrap items-center gap-2 font-medium">
            <span className="min-w-0 break-words">{name}</span>
            {item.new_tab ? (
              <Badge>
                <ExternalLink className="size-3" aria-hidden />
                {t('navLinks.newTab')}
              </Badge>
            ) : null}
            {expand ? <Badge tone="primary">{t(`navLinks.expand.${expand}`)}</Badge> : null}
          </span>
          <span className="truncate text-xs text-neutral-500 dark:text-neutral-400">
            {targetText(item.target)}
          </span>
        </div>
        {/* On phones the buttons take a line of their own (there the arrows stand in for dragging). */}
        <div className="flex shrink-0 items-center max-sm:w-full max-sm:justify-end">
          <IconButton
            icon={ArrowUp}
            label={t('navLinks.moveUp', { name })}
            disabled={index === 0}
            onClick={() => update(tab, (list) => stepItem(list, item.key, -1))}
          />
          <IconButton
            icon={ArrowDown}
            label={t('navLinks.moveDown', { name })}
            disabled={index === count - 1}
            onClick={() => update(tab, (list) => stepItem(list, item.key, 1))}
          />
          {isParent ? (
            <IconButton
              icon={Plus}
              label={t('navLinks.addChild', { name })}
              onClick={() => setEditing({ menu: tab, item: null, parent: item.key })}
            />
          ) : null}
          <IconButton
            icon={Pencil}
            label={t('navLinks.edit', { name })}
            onClick={() =>
              setEditing({
                menu: tab,
                item:
                  'children' in item
                    ? item
                    : { ...item, children: [], expand: null, expand_limit: null },
                parent: parent?.key ?? null,
              })
            }
          />
          <IconButton
            icon={Trash2}
            label={t('navLinks.delete', { name })}
            className="text-red-700 dark:text-red-400"
            onClick={() => setRemoving({ menu: tab, item })}
          />
        </div>
      </div>
    );
  };

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <p className="max-w-3xl text-sm text-neutral-600 dark:text-neutral-400">
        {t('navLinks.intro')}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="tablist"
          aria-label={t('navLinks.menus')}
          className="inline-flex rounded-lg bg-neutral-100 p-1 dark:bg-neutral-800"
        >
          {(['header', 'footer'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`nav-tab-${name}`}
              aria-selected={tab === name}
              aria-controls="nav-panel"
              onClick={() => setTab(name)}
              className={cn(
                'rounded-md px-4 py-1.5 text-sm font-medium',
                tab === name
                  ? 'bg-white shadow-sm dark:bg-neutral-950'
                  : 'text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white',
              )}
            >
              {t(`navLinks.tabs.${name}`)}{' '}
              <span className="tabular-nums">({menus[name].length})</span>
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {dirty ? <Badge tone="warning">{t('navLinks.unsaved')}</Badge> : null}
          <Button variant="outline" size="md" onClick={() => setResetting(true)}>
            <RotateCcw aria-hidden />
            {t('navLinks.reset')}
          </Button>
          <Button size="md" disabled={!dirty || saving} onClick={() => void save()}>
            <Save aria-hidden />
            {saving ? t('navLinks.saving') : t('navLinks.save')}
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          id="nav-panel"
          role="tabpanel"
          aria-labelledby={`nav-tab-${tab}`}
          className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-neutral-50 p-3 sm:p-4 dark:border-neutral-800 dark:bg-neutral-950"
        >
          {items.length === 0 ? (
            <div className="rounded-lg border border-dashed border-neutral-300 p-8 text-center text-sm text-neutral-500 dark:border-neutral-700 dark:text-neutral-400">
              {t('navLinks.empty')}
            </div>
          ) : (
            <ul className="flex flex-col gap-2" aria-label={t(`navLinks.tabs.${tab}`)}>
              {items.map((item, index) => (
                <li key={item.key} className="flex flex-col gap-1">
                  {row(item, null, index, items.length)}
                  {item.children.length > 0 ? (
                    <ul className="ml-6 flex flex-col gap-1 border-l border-neutral-200 pl-2 dark:border-neutral-800">
                      {item.children.map((child, at) => (
                        <li key={child.key}>{row(child, item, at, item.children.length)}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button
              variant="soft"
              size="md"
              onClick={() => setEditing({ menu: tab, item: null, parent: null })}
            >
              <Plus aria-hidden />
              {t('navLinks.add')}
            </Button>
            <p className="text-xs text-neutral-500 dark:text-neutral-400">
              {t('navLinks.dragHint')}
            </p>
          </div>
        </section>
        <Preview links={preview[tab]} menu={tab} />
      </div>
      {editing ? (
        <NavItemDialog
          item={editing.item}
          parent={editing.parent}
          parents={menus[editing.menu].filter((item) => item.key !== editing.item?.key)}
          terms={terms}
          onClose={() => setEditing(null)}
          onDone={(item, parent) => {
            update(editing.menu, (list) => replaceItem(list, item, parent));
            setEditing(null);
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          onClose={() => setRemoving(null)}
          title={t('navLinks.deleteTitle', {
            name: menuLabel(removing.item.label, i18n.language),
          })}
          description={
            'children' in removing.item && removing.item.children.length > 0
              ? t('navLinks.deleteChildren', { count: removing.item.children.length })
              : t('navLinks.deleteText')
          }
          confirmLabel={t('navLinks.deleteConfirm')}
          onConfirm={() => update(removing.menu, (list) => removeItem(list, removing.item.key))}
        />
      ) : null}
      {resetting ? (
        <ConfirmDialog
          onClose={() => setResetting(false)}
          title={t('navLinks.resetTitle')}
          description={t('navLinks.resetText')}
          confirmLabel={t('navLinks.reset')}
          onConfirm={() =>
            setMenus({
              header: toEdit(DEFAULT_NAVIGATION.header),
              footer: toEdit(DEFAULT_NAVIGATION.footer),
            })
          }
        />
      ) : null}
      {blocker.state === 'blocked' ? (
        <ConfirmDialog
          onClose={() => blocker.reset()}
          title={t('navLinks.leaveTitle')}
          description={t('navLinks.leaveText')}
          confirmLabel={t('navLinks.leave')}
          onConfirm={() => blocker.proceed()}
        />
      ) : null}
    </div>
  );
}

/** The menu as visitors will see it, terms expanded (the first few of each group). */
function Preview({ links, menu }: { links: MenuLink[]; menu: MenuName }) {
  const { t, i18n } = useTranslation();
  const name = (link: MenuLink) => menuLabel(link.label, i18n.language);
  return (
    <aside
      aria-label={t('navLinks.preview')}
      className="flex flex-col gap-2 self-start rounded-xl border border-neutral-200 bg-white p-4 text-sm dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 className="font-semibold">{t('navLinks.preview')}</h2>
      <p className="text-xs text-neutral-500 dark:text-neutral-400">
        {t(`navLinks.previewHint.${menu}`)}
      </p>
      {links.length === 0 ? (
        <p className="text-neutral-500 dark:text-neutral-400">{t('navLinks.previewEmpty')}</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {links.map((link, index) => (
            <li key={index}>
              <span className="font-medium">{name(link)}</span>
              {link.children?.length ? (
                <span className="block text-xs text-neutral-500 dark:text-neutral-400">
                  {link.children
                    .slice(0, 8)
                    .map((child) => name(child))
                    .join(' · ')}
                  {link.children.length > 8
                    ? ` ${t('navLinks.more', { count: link.children.length - 8 })}`
                    : ''}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
