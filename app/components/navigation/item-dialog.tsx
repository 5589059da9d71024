// The menu editor's dialog (/vnwa/Link): an item's labels, where it goes (a page, a genre/type/country, a
// filtered listing, another site, or nowhere for a heading), a new tab, its parent, and what fills its children.
// Checked with the API's own schema before it joins the list; nothing is sent until the screen's Save.
import { useState, type FormEvent } from 'react';
import { FormActions } from '#app/components/form-actions.tsx';
import { Dialog, DialogContent } from '#app/components/ui/dialog.tsx';
import { CheckboxField, SelectField, TextField } from '#app/components/ui/input.tsx';
import { newKey, type EditItem } from '#app/lib/nav-tree.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import { MOVIE_STATUSES, TERM_KINDS, type TermKind } from '#shared/catalog.ts';
import {
  NAV_EXPANSIONS,
  NAV_LIMITS,
  NAV_LISTING_SORTS,
  NAV_PAGES,
  NAV_TARGET_KINDS,
  navChildSchema,
  navItemSchema,
  type NavTargetKind,
} from '#shared/navigation.ts';
import { menuLabel, type VisibleTerms } from '#shared/menus.ts';

type Form = {
  vi: string;
  en: string;
  kind: NavTargetKind;
  path: string;
  term: TermKind;
  termId: string;
  year: string;
  status: string;
  sort: string;
  url: string;
  newTab: boolean;
  parent: string;
  expand: string;
  expandLimit: string;
};

function initial(item: EditItem | null, terms: VisibleTerms): Form {
  const target = item?.target ?? { kind: 'page' as const, path: '/movies' as const };
  return {
    vi: item?.label.vi ?? '',
    en: item?.label.en ?? '',
    kind: target.kind,
    path: target.kind === 'page' ? target.path : '/movies',
    term: target.kind === 'term' ? target.term : 'genre',
    termId: target.kind === 'term' ? String(target.id) : String(terms.genre[0]?.id ?? ''),
    year: target.kind === 'listing' && target.year ? String(target.year) : '',
    status: target.kind === 'listing' ? (target.status ?? '') : '',
    sort: target.kind === 'listing' ? (target.sort ?? '') : '',
    url: target.kind === 'url' ? target.url : 'https://',
    newTab: item?.new_tab ?? false,
    parent: '',
    expand: item?.expand ?? '',
    expandLimit: item?.expand_limit ? String(item.expand_limit) : '',
  };
}

function target(form: Form) {
  switch (form.kind) {
    case 'page':
      return { kind: 'page', path: form.path };
    case 'term':
      return { kind: 'term', term: form.term, id: Number(form.termId) };
    case 'listing':
      return {
        kind: 'listing',
        ...(form.year ? { year: Number(form.year) } : {}),
        ...(form.status ? { status: form.status } : {}),
        ...(form.sort ? { sort: form.sort } : {}),
      };
    case 'url':
      return { kind: 'url', url: form.url };
    case 'none':
      return { kind: 'none' };
  }
}

/** The schema's issue paths, as the form's fields. */
function fieldOf(path: PropertyKey[]) {
  const [first, second] = path;
  if (first === 'label') return 'label';
  if (first === 'target')
    return second === 'id' ? 'termId' : typeof second === 'string' ? second : 'kind';
  return String(first ?? 'kind');
}

export function NavItemDialog({
  item,
  parent,
  parents,
  terms,
  onClose,
  onDone,
}: {
  /** Null for a new item. */
  item: EditItem | null;
  parent: string | null;
  /** The items it may go under. */
  parents: EditItem[];
  terms: VisibleTerms;
  onClose: () => void;
  onDone: (item: EditItem, parent: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState<Form>(() => ({
    ...initial(item, terms),
    parent: parent ?? '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<Form>) => {
    setForm((current) => ({ ...current, ...change }));
    setErrors({});
  };
  const asChild = form.parent !== '';
  // A parent with children of its own stays at the top: menus are one level deep.
  const hasChildren = Boolean(item && (item.children.length > 0 || item.expand));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const base = {
      label: { vi: form.vi, en: form.en },
      target: target(form),
      new_tab: form.newTab,
    };
    const parsed = asChild
      ? navChildSchema.safeParse(base)
      : navItemSchema.safeParse({
          ...base,
          children: item?.children.map(({ key: _key, ...child }) => child) ?? [],
          expand: form.expand || null,
          expand_limit: form.expand && form.expandLimit ? Number(form.expandLimit) : null,
        });
    // A new heading's children come after it is added: the save checks that it has some.
    const headingOnly =
      !parsed.success &&
      parsed.error.issues.every((issue) => issue.path.length === 1 && issue.path[0] === 'target');
    if (headingOnly) {
      onDone(
        {
          key: item?.key ?? newKey(),
          label: { vi: form.vi.trim(), en: form.en.trim() },
          target: { kind: 'none' },
          new_tab: false,
          children: item?.children ?? [],
          expand: null,
          expand_limit: null,
        },
        null,
      );
      return;
    }
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path);
        found[field] ??= t(`navLinks.errors.${field}`, { defaultValue: issue.message });
      }
      setErrors(found);
      return;
    }
    const data = parsed.data;
    onDone(
      {
        key: item?.key ?? newKey(),
        label: data.label,
        target: data.target,
        new_tab: data.new_tab,
        children: item?.children ?? [],
        expand: 'expand' in data ? data.expand : null,
        expand_limit: 'expand_limit' in data ? data.expand_limit : null,
      },
      form.parent || null,
    );
  };

  const kinds = NAV_TARGET_KINDS.filter((kind) => kind !== 'none' || !asChild);
  const termList = terms[form.term];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={item ? t('navLinks.editTitle') : t('navLinks.addTitle')}
        className="max-w-xl"
      >
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('navLinks.fields.vi')}
              value={form.vi}
              lang="vi"
              maxLength={NAV_LIMITS.label}
              error={errors.label}
              onChange={(event) => set({ vi: event.currentTarget.value })}
            />
            <TextField
              label={t('navLinks.fields.en')}
              value={form.en}
              lang="en"
              maxLength={NAV_LIMITS.label}
              onChange={(event) => set({ en: event.currentTarget.value })}
            />
          </div>
          <SelectField
            label={t('navLinks.fields.kind')}
            value={form.kind}
            error={errors.kind}
            onChange={(event) => set({ kind: event.currentTarget.value as NavTargetKind })}
          >
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`navLinks.kinds.${kind}`)}
              </option>
            ))}
          </SelectField>
          {form.kind === 'page' ? (
            <SelectField
              label={t('navLinks.fields.page')}
              value={form.path}
              onChange={(event) => set({ path: event.currentTarget.value })}
            >
              {NAV_PAGES.map((path) => (
                <option key={path} value={path}>
                  {t(`navLinks.pages.${path === '/' ? 'home' : path.slice(1).replace('/', '-')}`)} (
                  {path})
                </option>
              ))}
            </SelectField>
          ) : null}
          {form.kind === 'term' ? (
            <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
              <SelectField
                label={t('navLinks.fields.termKind')}
                value={form.term}
                onChange={(event) => {
                  const term = event.currentTarget.value as TermKind;
                  set({ term, termId: String(terms[term][0]?.id ?? '') });
                }}
              >
                {TERM_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`navLinks.term.${kind}`)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t('navLinks.fields.term')}
                value={form.termId}
                error={errors.termId}
                hint={termList.length === 0 ? t('navLinks.noTerms') : undefined}
                onChange={(event) => {
                  const id = event.currentTarget.value;
                  const name = termList.find((one) => String(one.id) === id)?.name ?? '';
                  // A term's name is the label until the admin writes one.
                  set({ termId: id, ...(form.vi || form.en ? {} : { vi: name }) });
                }}
              >
                {form.termId && !termList.some((one) => String(one.id) === form.termId) ? (
                  <option value={form.termId}>{t('navLinks.termHidden')}</option>
                ) : null}
                {termList.map((one) => (
                  <option key={one.id} value={one.id}>
                    {one.name}
                  </option>
                ))}
              </SelectField>
            </div>
          ) : null}
          {form.kind === 'listing' ? (
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                label={t('navLinks.fields.year')}
                inputMode="numeric"
                value={form.year}
                error={errors.year}
                placeholder={String(new Date().getFullYear())}
                onChange={(event) => set({ year: event.currentTarget.value.replace(/\D/g, '') })}
              />
              <SelectField
                label={t('navLinks.fields.status')}
                value={form.status}
                onChange={(event) => set({ status: event.currentTarget.value })}
              >
                <option value="">{t('navLinks.any')}</option>
                {MOVIE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`navLinks.statuses.${status}`)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t('navLinks.fields.sort')}
                value={form.sort}
                onChange={(event) => set({ sort: event.currentTarget.value })}
              >
                <option value="">{t('navLinks.any')}</option>
                {NAV_LISTING_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`navLinks.sorts.${sort}`)}
                  </option>
                ))}
              </SelectField>
            </div>
          ) : null}
          {form.kind === 'url' ? (
            <TextField
              label={t('navLinks.fields.url')}
              type="url"
              value={form.url}
              maxLength={NAV_LIMITS.url}
              error={errors.url}
              hint={t('navLinks.urlHint')}
              onChange={(event) => set({ url: event.currentTarget.value })}
            />
          ) : null}
          {form.kind !== 'none' ? (
            <CheckboxField
              label={t('navLinks.fields.newTab')}
              checked={form.newTab}
              onChange={(event) => set({ newTab: event.currentTarget.checked })}
            />
          ) : null}
          <SelectField
            label={t('navLinks.fields.parent')}
            value={form.parent}
            disabled={hasChildren}
            hint={hasChildren ? t('navLinks.parentLocked') : undefined}
            onChange={(event) =>
              set({
                parent: event.currentTarget.value,
                ...(event.currentTarget.value && form.kind === 'none' ? { kind: 'page' } : {}),
              })
            }
          >
            <option value="">{t('navLinks.topLevel')}</option>
            {parents.map((one) => (
              <option key={one.key} value={one.key}>
                {menuLabel(one.label, i18n.language)}
              </option>
            ))}
          </SelectField>
          {asChild ? null : (
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
              <SelectField
                label={t('navLinks.fields.expand')}
                value={form.expand}
                hint={t('navLinks.expandHint')}
                onChange={(event) => set({ expand: event.currentTarget.value })}
              >
                <option value="">{t('navLinks.expandNone')}</option>
                {NAV_EXPANSIONS.map((expand) => (
                  <option key={expand} value={expand}>
                    {t(`navLinks.expand.${expand}`)}
                  </option>
                ))}
              </SelectField>
              {form.expand ? (
                <TextField
                  label={t(
                    form.expand === 'years' ? 'navLinks.fields.years' : 'navLinks.fields.limit',
                  )}
                  inputMode="numeric"
                  value={form.expandLimit}
                  error={errors.expand_limit}
                  placeholder={String(
                    form.expand === 'years' ? NAV_LIMITS.years : NAV_LIMITS.expand,
                  )}
                  onChange={(event) =>
                    set({ expandLimit: event.currentTarget.value.replace(/\D/g, '') })
                  }
                />
              ) : null}
            </div>
          )}
          <FormActions className="mt-2" onCancel={onClose} submitLabel={t('navLinks.apply')} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
