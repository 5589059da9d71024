// `/vnwa/appearance/home-page`: the Home Page Manager (decision 049). The sections of the home page in order:
// drag one (or use its arrows) to move it, add one by kind, open one to edit its titles, layout and settings, hide
// or delete it; the draft shows at once in a live preview of the real home page (an iframe of `/?preview=…`),
// and Save replaces the whole list in one request (`PUT /api/admin/home-sections`).
import {
  ArrowDown,
  ArrowUp,
  Eye,
  EyeOff,
  GripVertical,
  Monitor,
  Pencil,
  Plus,
  RotateCcw,
  Smartphone,
  Trash2,
} from 'lucide-react';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import { useBlocker } from 'react-router';
import { MoviePicks, type PickedMovie } from '#app/components/movie-picks.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button, IconButton } from '#app/components/ui/button.tsx';
import { ConfirmDialog, Dialog, DialogContent } from '#app/components/ui/dialog.tsx';
import { CheckboxField, Field, Select, SelectField, TextField } from '#app/components/ui/input.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { isApiError } from '#app/lib/api.ts';
import { useAuth } from '#app/lib/auth.tsx';
import { cn } from '#app/lib/cn.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { toast } from '#app/lib/toast.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import { TERM_KINDS } from '#shared/catalog.ts';
import {
  HOME_LAYOUTS,
  HOME_ROW_SORTS,
  HOME_SECTION_KINDS,
  MAX_HOME_SECTIONS,
  MAX_PICKED,
  VIEW_WINDOWS,
  hasLayout,
  newSectionSettings,
  type HomeSectionKind,
} from '#shared/home-sections.ts';
import type { Route } from './+types/home-page';

export const handle: RouteHandle = { title: 'admin.pages.homePage' };

export const loader = withAccess('admin', async (_args: Route.LoaderArgs, { services }) => {
  const { home, terms } = services;
  const { sections, customised } = await home.editableSections();
  const ids = sections.flatMap((section) =>
    section.kind === 'picked' || section.kind === 'hero' ? section.settings.movie_ids : [],
  );
  const [movies, visible] = await Promise.all([
    home.pickedMovies([...new Set(ids)]),
    terms.listOptions(),
  ]);
  return { sections, customised, movies, terms: visible };
});

type Data = Route.ComponentProps['loaderData'];
type Section = Data['sections'][number];
type Settings = Record<string, unknown>;
type Item = { uid: string; section: Section };
type Terms = Data['terms'];

let uids = 0;
const withUids = (sections: Section[]): Item[] =>
  sections.map((section) => ({ uid: `s${++uids}`, section }));
const snapshot = (items: Item[]) => JSON.stringify(items.map((item) => item.section));

/**
 * The title a section shows when its own is empty, in the given language; null when that language's texts are not
 * loaded (the page has only its own language's).
 */
function useDefaultTitle(terms: Terms) {
  const { i18n } = useTranslation();
  return (section: Section, language = i18n.language): string | null => {
    if (!i18n.exists('homeSections.defaults.picked', { lng: language })) return null;
    const t = i18n.getFixedT(language);
    switch (section.kind) {
      case 'hero':
        return t('home.sections.hero');
      case 'continue_watching':
        return t('histories.continue');
      case 'most_viewed':
        return t(`homeSections.mostViewed.${section.settings.window}`);
      case 'term': {
        const all = [...terms.genre, ...terms.type, ...terms.nation];
        return (
          all.find((term) => term.id === section.settings.term_id)?.name ??
          t('homeSections.kinds.term')
        );
      }
      case 'term_rows':
        return t(`homeSections.termKinds.${section.settings.term_kind}`);
      default:
        return t(`homeSections.defaults.${section.kind}`);
    }
  };
}

/** What the draft lacks before it can be saved, by section: the server would refuse it. */
function missing(section: Section): 'needsMovies' | 'needsTerm' | null {
  if (section.kind === 'picked' && section.settings.movie_ids.length === 0) return 'needsMovies';
  if (
    section.kind === 'hero' &&
    section.settings.source === 'picked' &&
    section.settings.movie_ids.length === 0
  )
    return 'needsMovies';
  if (section.kind === 'term' && !section.settings.term_id) return 'needsTerm';
  return null;
}

export default function HomePageManager({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const errorMessage = useErrorMessage();
  const [items, setItems] = useState(() => withUids(loaderData.sections));
  const [saved, setSaved] = useState(() => snapshot(items));
  const [customised, setCustomised] = useState(loaderData.customised);
  const [editing, setEditing] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<
    { kind: 'delete'; item: Item } | { kind: 'discard' } | { kind: 'reset' } | null
  >(null);
  const [known, setKnown] = useState(
    () => new Map<number, PickedMovie>(loaderData.movies.map((movie) => [movie.id, movie])),
  );
  const titleOf = useDefaultTitle(loaderData.terms);
  const { i18n } = useTranslation();
  const draft = snapshot(items);
  const dirty = draft !== saved;

  // Leaving with unsaved changes asks first: another page of the app, or the tab itself.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const change = (uid: string, next: (section: Section) => Section) => {
    setItems((current) =>
      current.map((item) => (item.uid === uid ? { ...item, section: next(item.section) } : item)),
    );
    setErrors(({ [uid]: _gone, ...rest }) => rest);
  };
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= items.length) return;
    setItems((current) => {
      const next = [...current];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });
  };
  const title = (section: Section) =>
    (i18n.language === 'vi' ? section.title_vi : section.title) || titleOf(section) || section.kind;

  const reset = (sections: Section[], isCustomised: boolean) => {
    const next = withUids(sections);
    setItems(next);
    setSaved(snapshot(next));
    setCustomised(isCustomised);
    setEditing(null);
    setErrors({});
  };

  const save = async (sections = items.map((item) => item.section)) => {
    const local: Record<string, string> = {};
    for (const item of items) {
      const lack = missing(item.section);
      if (lack && sections.length) local[item.uid] = t(`homeSections.${lack}`);
    }
    if (Object.keys(local).length) {
      setErrors(local);
      setEditing(Object.keys(local)[0]!);
      toast.error(t('homeSections.invalid', { message: Object.values(local)[0] }));
      return;
    }
    setSaving(true);
    try {
      const answer = await api.put<{ sections: Section[]; customised: boolean }>(
        '/admin/home-sections',
        { sections },
      );
      reset(answer.sections, answer.customised);
      toast.success(t(sections.length ? 'homeSections.saved' : 'homeSections.resetDone'));
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const found: Record<string, string> = {};
        for (const [field, message] of Object.entries(error.fields)) {
          const index = Number(/^sections\.(\d+)/.exec(field)?.[1]);
          const item = items[index];
          if (item) found[item.uid] ??= message;
        }
        setErrors(found);
        const first = Object.keys(found)[0];
        if (first) setEditing(first);
        toast.error(t('homeSections.invalid', { message: error.message }));
      } else toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const add = (kind: HomeSectionKind) => {
    const item = withUids([
      {
        kind,
        title: '',
        title_vi: '',
        layout: 'posters',
        visible: true,
        settings: newSectionSettings(kind),
      } as Section,
    ])[0]!;
    setItems((current) => [...current, item]);
    setEditing(item.uid);
    setAdding(false);
    requestAnimationFrame(() =>
      document.getElementById(`section-${item.uid}`)?.scrollIntoView({ block: 'nearest' }),
    );
  };

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <p className="max-w-3xl text-sm text-neutral-600 dark:text-neutral-400">
        {t('homeSections.intro')}
      </p>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,30rem)_minmax(0,1fr)] 2xl:grid-cols-[minmax(0,34rem)_minmax(0,1fr)]">
        <section aria-labelledby="home-sections-heading" className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="home-sections-heading" className="text-base font-semibold">
              {t('homeSections.sectionCount', { count: items.length })}
            </h2>
            <div className="flex flex-wrap gap-2">
              {customised ? (
                <Button variant="ghost" size="md" onClick={() => setDialog({ kind: 'reset' })}>
                  <RotateCcw aria-hidden />
                  {t('homeSections.reset')}
                </Button>
              ) : null}
              <Button
                size="md"
                onClick={() => setAdding(true)}
                disabled={items.length >= MAX_HOME_SECTIONS}
              >
                <Plus aria-hidden />
                {t('homeSections.add')}
              </Button>
            </div>
          </div>
          {customised ? null : (
            <p className="rounded-lg bg-primary-50 px-3 py-2 text-sm text-primary-800 dark:bg-primary-500/10 dark:text-primary-200">
              {t('homeSections.builtIn')}
            </p>
          )}
          {items.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-neutral-300 px-4 py-10 text-center dark:border-neutral-700">
              <p className="font-medium">{t('homeSections.emptyTitle')}</p>
              <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
                {t('homeSections.emptyText')}
              </p>
            </div>
          ) : (
            <SectionList
              items={items}
              editing={editing}
              errors={errors}
              title={title}
              onMove={move}
              onEdit={(uid) => setEditing((current) => (current === uid ? null : uid))}
              onToggle={(uid) =>
                change(uid, (section) => ({ ...section, visible: !section.visible }))
              }
              onDelete={(item) => setDialog({ kind: 'delete', item })}
              renderEditor={(item) => (
                <SectionEditor
                  section={item.section}
                  terms={loaderData.terms}
                  known={known}
                  onKnow={(movie) => setKnown((current) => new Map(current).set(movie.id, movie))}
                  defaultTitle={(language) => titleOf(item.section, language)}
                  onChange={(next) => change(item.uid, next)}
                />
              )}
            />
          )}
          <div
            className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-neutral-200 bg-white/95 px-3 py-2 shadow-sm backdrop-blur dark:border-neutral-800 dark:bg-neutral-900/95"
            data-testid="save-bar"
          >
            <p className="text-sm" role="status">
              {dirty ? (
                <Badge tone="warning">{t('homeSections.dirty')}</Badge>
              ) : (
                <span className="text-neutral-500 dark:text-neutral-400">
                  {t('homeSections.clean')}
                </span>
              )}
            </p>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="md"
                disabled={!dirty || saving}
                onClick={() => setDialog({ kind: 'discard' })}
              >
                {t('homeSections.discard')}
              </Button>
              <Button
                size="md"
                disabled={(!dirty && customised) || saving}
                onClick={() => void save()}
              >
                {t('homeSections.save')}
              </Button>
            </div>
          </div>
        </section>
        <Preview draft={draft} />
      </div>

      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent
          title={t('homeSections.addTitle')}
          description={t('homeSections.addText')}
          className="max-w-xl"
        >
          <ul className="grid gap-2 sm:grid-cols-2">
            {HOME_SECTION_KINDS.map((kind) => (
              <li key={kind}>
                <button
                  type="button"
                  onClick={() => add(kind)}
                  className="flex h-full w-full flex-col gap-1 rounded-xl border border-neutral-200 p-3 text-left hover:border-primary-500 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-500 dark:border-neutral-800 dark:hover:bg-primary-500/10"
                >
                  <span className="text-sm font-semibold">{t(`homeSections.kinds.${kind}`)}</span>
                  <span className="text-xs text-neutral-600 dark:text-neutral-400">
                    {t(`homeSections.kindHints.${kind}`)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </DialogContent>
      </Dialog>

      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          onClose={() => setDialog(null)}
          title={t('homeSections.deleteTitle', { title: title(dialog.item.section) })}
          description={t('homeSections.deleteText')}
          confirmLabel={t('homeSections.deleteConfirm')}
          onConfirm={() => {
            setItems((current) => current.filter((item) => item.uid !== dialog.item.uid));
            if (editing === dialog.item.uid) setEditing(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'discard' ? (
        <ConfirmDialog
          onClose={() => setDialog(null)}
          title={t('homeSections.discardTitle')}
          description={t('homeSections.discardText')}
          confirmLabel={t('homeSections.discard')}
          onConfirm={() => reset(JSON.parse(saved) as Section[], customised)}
        />
      ) : null}
      {dialog?.kind === 'reset' ? (
        <ConfirmDialog
          onClose={() => setDialog(null)}
          title={t('homeSections.resetTitle')}
          description={t('homeSections.resetText')}
          confirmLabel={t('homeSections.reset')}
          onConfirm={() => save([])}
        />
      ) : null}
      {blocker.state === 'blocked' ? (
        <ConfirmDialog
          onClose={() => blocker.reset()}
          title={t('homeSections.leaveTitle')}
          description={t('homeSections.leaveText')}
          confirmLabel={t('homeSections.leave')}
          onConfirm={() => blocker.proceed()}
        />
      ) : null}
    </div>
  );
}

/** The sections in order: dragged with a mouse (HTML drag and drop), moved with the arrows from a keyboard. */
function SectionList({
  items,
  editing,
  errors,
  title,
  onMove,
  onEdit,
  onToggle,
  onDelete,
  renderEditor,
}: {
  items: Item[];
  editing: string | null;
  errors: Record<string, string>;
  title: (section: Section) => string;
  onMove: (from: number, to: number) => void;
  onEdit: (uid: string) => void;
  onToggle: (uid: string) => void;
  onDelete: (item: Item) => void;
  renderEditor: (item: Item) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const end = () => {
    setDragged(null);
    setOver(null);
  };
  return (
    <ol className="flex flex-col gap-2" data-testid="home-sections">
      {items.map((item, index) => {
        const { section } = item;
        const name = title(section);
        const open = editing === item.uid;
        const error = errors[item.uid];
        return (
          <li
            key={item.uid}
            id={`section-${item.uid}`}
            data-testid="home-section"
            draggable={!open}
            onDragStart={(event: DragEvent) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', item.uid);
              setDragged(index);
            }}
            onDragOver={(event) => {
              if (dragged === null) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setOver(index);
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null) onMove(dragged, index);
              end();
            }}
            onDragEnd={end}
            className={cn(
              'rounded-xl border bg-white transition-shadow dark:bg-neutral-900',
              error
                ? 'border-red-500 dark:border-red-500'
                : 'border-neutral-200 dark:border-neutral-800',
              dragged === index && 'opacity-50',
              over === index && dragged !== index && 'ring-2 ring-primary-500',
            )}
          >
            <div className="flex flex-wrap items-center gap-1 p-2">
              <span
                className="grid size-8 shrink-0 cursor-grab place-items-center text-neutral-400 active:cursor-grabbing"
                title={t('homeSections.drag', { title: name })}
                aria-hidden
              >
                <GripVertical className="size-4" />
              </span>
              <div className="min-w-[11rem] flex-1 basis-0">
                <p className="flex min-w-0 items-center gap-2">
                  <span
                    className={cn(
                      'truncate text-sm font-semibold',
                      !section.visible && 'text-neutral-500 line-through dark:text-neutral-400',
                    )}
                    data-testid="home-section-title"
                  >
                    {name}
                  </span>
                  {section.visible ? null : <Badge>{t('homeSections.hidden')}</Badge>}
                </p>
                <p className="truncate text-xs text-neutral-500 dark:text-neutral-400">
                  <Summary section={section} />
                </p>
              </div>
              <div className="ml-auto flex items-center gap-1">
                <IconButton
                  icon={ArrowUp}
                  label={t('homeSections.moveUp', { title: name })}
                  className="size-8"
                  disabled={index === 0}
                  onClick={() => onMove(index, index - 1)}
                />
                <IconButton
                  icon={ArrowDown}
                  label={t('homeSections.moveDown', { title: name })}
                  className="size-8"
                  disabled={index === items.length - 1}
                  onClick={() => onMove(index, index + 1)}
                />
                <IconButton
                  icon={section.visible ? Eye : EyeOff}
                  label={t(section.visible ? 'homeSections.hide' : 'homeSections.show', {
                    title: name,
                  })}
                  className="size-8"
                  onClick={() => onToggle(item.uid)}
                />
                <IconButton
                  icon={Pencil}
                  label={t('homeSections.edit', { title: name })}
                  aria-expanded={open}
                  aria-controls={open ? `editor-${item.uid}` : undefined}
                  className={cn('size-8', open && 'bg-primary-50 dark:bg-primary-500/15')}
                  onClick={() => onEdit(item.uid)}
                />
                <IconButton
                  icon={Trash2}
                  label={t('homeSections.delete', { title: name })}
                  className="size-8 text-red-700 dark:text-red-400"
                  onClick={() => onDelete(item)}
                />
              </div>
            </div>
            {error ? (
              <p role="alert" className="px-4 pb-2 text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            ) : null}
            {open ? (
              <div
                id={`editor-${item.uid}`}
                className="border-t border-neutral-200 p-4 dark:border-neutral-800"
              >
                {renderEditor(item)}
                <div className="mt-4 flex justify-end">
                  <Button variant="outline" size="md" onClick={() => onEdit(item.uid)}>
                    {t('homeSections.done')}
                  </Button>
                </div>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** A section's kind and what it holds, on one line under its title. */
function Summary({ section }: { section: Section }) {
  const { t } = useTranslation();
  const parts = [t(`homeSections.kinds.${section.kind}`)];
  if (hasLayout(section.kind)) parts.push(t(`homeSections.layouts.${section.layout}`));
  if (section.kind === 'picked')
    parts.push(t('homeSections.summary.movies', { count: section.settings.movie_ids.length }));
  else if (section.kind === 'term_rows')
    parts.push(t('homeSections.summary.rows', { count: section.settings.count }));
  else if ('limit' in section.settings)
    parts.push(t('homeSections.summary.movies', { count: section.settings.limit }));
  return <>{parts.join(' · ')}</>;
}

/** A number field kept between `min` and `max`. */
function NumberField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={value}
      onChange={(event) => {
        const number = Math.round(Number(event.target.value));
        if (Number.isFinite(number) && event.target.value !== '')
          onChange(Math.min(max, Math.max(min, number)));
      }}
    />
  );
}

/** One section's form: its titles, layout and visibility, then its kind's own settings. Changes apply at once. */
function SectionEditor({
  section,
  terms,
  known,
  onKnow,
  defaultTitle,
  onChange,
}: {
  section: Section;
  terms: Terms;
  known: Map<number, PickedMovie>;
  onKnow: (movie: PickedMovie) => void;
  defaultTitle: (language: string) => string | null;
  onChange: (next: (section: Section) => Section) => void;
}) {
  const { t } = useTranslation();
  const settings = section.settings as Settings;
  const titleHint = (title: string | null) =>
    title
      ? t('homeSections.fields.titleHint', { title })
      : t('homeSections.fields.titleHintBuiltIn');
  const set = (patch: Partial<Section>) =>
    onChange((current) => ({ ...current, ...patch }) as Section);
  const setSettings = (patch: Settings) =>
    onChange((current) => ({ ...current, settings: { ...current.settings, ...patch } }) as Section);
  const limit = (label: string, max = 30, min = 1) => (
    <NumberField
      label={label}
      value={Number(settings.limit)}
      min={min}
      max={max}
      onChange={(value) => setSettings({ limit: value })}
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('homeSections.fields.title')}
        value={section.title}
        maxLength={80}
        lang="en"
        placeholder={defaultTitle('en') ?? undefined}
        hint={titleHint(defaultTitle('en'))}
        onChange={(event) => set({ title: event.target.value })}
      />
      <TextField
        label={t('homeSections.fields.titleVi')}
        value={section.title_vi}
        maxLength={80}
        lang="vi"
        placeholder={defaultTitle('vi') ?? undefined}
        hint={titleHint(defaultTitle('vi'))}
        onChange={(event) => set({ title_vi: event.target.value })}
      />
      {hasLayout(section.kind) ? (
        <SelectField
          label={t('homeSections.fields.layout')}
          value={section.layout}
          onChange={(event) => set({ layout: event.target.value as Section['layout'] })}
        >
          {HOME_LAYOUTS.map((layout) => (
            <option key={layout} value={layout}>
              {t(`homeSections.layouts.${layout}`)}
            </option>
          ))}
        </SelectField>
      ) : null}

      {section.kind === 'hero' ? (
        <>
          <SelectField
            label={t('homeSections.fields.source')}
            value={section.settings.source}
            onChange={(event) => setSettings({ source: event.target.value })}
          >
            {(['featured', 'picked'] as const).map((source) => (
              <option key={source} value={source}>
                {t(`homeSections.sources.${source}`)}
              </option>
            ))}
          </SelectField>
          {limit(t('homeSections.fields.slides'), 10)}
        </>
      ) : null}
      {section.kind === 'continue_watching' ? limit(t('homeSections.fields.limit'), 20) : null}
      {section.kind === 'latest_episodes' || section.kind === 'recommended'
        ? limit(t('homeSections.fields.limit'))
        : null}
      {section.kind === 'most_viewed' ? (
        <>
          <SelectField
            label={t('homeSections.fields.window')}
            value={section.settings.window}
            onChange={(event) => setSettings({ window: event.target.value })}
          >
            {VIEW_WINDOWS.map((window) => (
              <option key={window} value={window}>
                {t(`homeSections.windows.${window}`)}
              </option>
            ))}
          </SelectField>
          {limit(t('homeSections.fields.limit'))}
        </>
      ) : null}
      {section.kind === 'term' ? (
        <Field label={t('homeSections.fields.term')}>
          {(control) => (
            <Select
              {...control}
              value={section.settings.term_id || ''}
              onChange={(event) => setSettings({ term_id: Number(event.target.value) })}
            >
              <option value="" disabled>
                {t('homeSections.fields.termPick')}
              </option>
              {TERM_KINDS.map((kind) => (
                <optgroup key={kind} label={t(`homeSections.termKinds.${kind}`)}>
                  {terms[kind].map((term) => (
                    <option key={term.id} value={term.id}>
                      {term.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      {section.kind === 'term_rows' ? (
        <>
          <SelectField
            label={t('homeSections.fields.termKind')}
            value={section.settings.term_kind}
            onChange={(event) => setSettings({ term_kind: event.target.value })}
          >
            {TERM_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`homeSections.termKinds.${kind}`)}
              </option>
            ))}
          </SelectField>
          <NumberField
            label={t('homeSections.fields.count')}
            value={section.settings.count}
            min={1}
            max={12}
            onChange={(value) => setSettings({ count: value })}
          />
        </>
      ) : null}
      {section.kind === 'term' || section.kind === 'term_rows' ? (
        <>
          <SelectField
            label={t('homeSections.fields.sort')}
            value={section.settings.sort}
            onChange={(event) => setSettings({ sort: event.target.value })}
          >
            {HOME_ROW_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`listing.sorts.${sort}`)}
              </option>
            ))}
          </SelectField>
          {limit(t('homeSections.fields.limit'))}
        </>
      ) : null}
      {section.kind === 'picked' ||
      (section.kind === 'hero' && section.settings.source === 'picked') ? (
        <div className="sm:col-span-2">
          <MoviePicks
            ids={(settings.movie_ids as number[]) ?? []}
            max={section.kind === 'hero' ? 10 : MAX_PICKED}
            known={known}
            onKnow={onKnow}
            onChange={(ids) => setSettings({ movie_ids: ids })}
          />
        </div>
      ) : null}
      <CheckboxField
        className="sm:col-span-2"
        label={t('homeSections.fields.visible')}
        checked={section.visible}
        onChange={(event) => set({ visible: event.target.checked })}
      />
    </div>
  );
}

const NARROW = '(max-width: 1023px)';
const isNarrow = () => window.matchMedia(NARROW).matches;
function subscribeNarrow(onChange: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The page widths the preview renders at, scaled down to the column. */
const FRAMES = { desktop: 1280, phone: 390 };

/**
 * The real home page rendered from the draft (`/?preview=` answers an admin with the draft's sections), in an
 * iframe scaled to the column: a desktop's width or a phone's. It reloads a moment after the last change.
 */
function Preview({ draft }: { draft: string }) {
  const { t } = useTranslation();
  // A phone's width on a phone (where the preview is under the list), a desktop's beside it, until the admin picks.
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
  const [chosen, setDevice] = useState<keyof typeof FRAMES | null>(null);
  const device = chosen ?? (narrow ? 'phone' : 'desktop');
  const [src, setSrc] = useState(() => `/?preview=${encodeURIComponent(draft)}`);
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const timer = setTimeout(() => setSrc(`/?preview=${encodeURIComponent(draft)}`), 500);
    return () => clearTimeout(timer);
  }, [draft]);
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const measure = () => setSize({ width: node.clientWidth, height: node.clientHeight });
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    measure();
    return () => observer.disconnect();
  }, []);
  const frameWidth = FRAMES[device];
  const scale = size.width ? Math.min(1, size.width / frameWidth) : 0;
  const offset = Math.max(0, (size.width - frameWidth * scale) / 2);
  const devices = useMemo(
    () =>
      [
        ['desktop', Monitor],
        ['phone', Smartphone],
      ] as const,
    [],
  );
  return (
    <section
      aria-labelledby="home-preview-heading"
      className="flex min-w-0 flex-col gap-2 lg:sticky lg:top-20"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="home-preview-heading" className="text-base font-semibold">
            {t('homeSections.preview')}
          </h2>
          <p className="text-xs text-neutral-500 dark:text-neutral-400">
            {t('homeSections.previewNote')}
          </p>
        </div>
        <div
          role="group"
          aria-label={t('homeSections.preview')}
          className="flex rounded-lg border border-neutral-200 p-0.5 dark:border-neutral-800"
        >
          {devices.map(([name, Icon]) => (
            <Button
              key={name}
              variant={device === name ? 'soft' : 'ghost'}
              size="sm"
              aria-pressed={device === name}
              onClick={() => setDevice(name)}
            >
              <Icon aria-hidden />
              {t(`homeSections.${name}`)}
            </Button>
          ))}
        </div>
      </div>
      <div
        ref={box}
        // As tall as the screen allows beside the list (below it on a phone); the page scrolls inside.
        className="relative h-[70dvh] overflow-hidden rounded-xl border border-neutral-200 bg-neutral-100 lg:h-[calc(100dvh-12rem)] dark:border-neutral-800 dark:bg-neutral-950"
      >
        {scale ? (
          <iframe
            src={src}
            title={t('homeSections.previewFrame')}
            data-testid="home-preview"
            className="absolute top-0 origin-top-left border-0 bg-white dark:bg-neutral-950"
            style={{
              left: offset,
              width: frameWidth,
              height: size.height / scale,
              transform: `scale(${scale})`,
            }}
          />
        ) : null}
      </div>
    </section>
  );
}
