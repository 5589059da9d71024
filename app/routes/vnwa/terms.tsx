// `/vnwa/movie/genre`, `/vnwa/movie/types`, `/vnwa/movie/nation`: one manager for the three taxonomies, on the
// shared admin table: search without diacritics, sort, counts, create, edit, and a delete that asks whether to
// detach the term from the movies that use it.
import type { Term } from '#shared/resources/term.ts';
import { Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import {
  actionsColumn,
  dateColumn,
  numberColumn,
  DataTable,
  RowActionsMenu,
  type DataTableColumn,
  sortableColumn,
} from '#app/components/data-table/index.ts';
import { FormDialog, useDialogForm } from '#app/components/form-dialog.tsx';
import { SlugField } from '#app/components/slug-field.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/dialog.tsx';
import { DropdownMenuItem } from '#app/components/ui/dropdown-menu.tsx';
import { CheckboxField, TextField, TextareaField } from '#app/components/ui/input.tsx';
import { isApiError } from '#app/lib/api.ts';
import { useAuth } from '#app/lib/auth.tsx';
import type { RouteHandle } from '#app/lib/title.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { loadAdminList } from '#app/lib/admin-list.server.ts';
import { termsQuery } from '#shared/admin-queries.ts';
import { slugify } from '#shared/text.ts';
import type { Route } from './+types/terms';
import { useConfirmAction } from '#app/lib/use-admin-action.ts';

const kinds = {
  '/vnwa/movie/genre': 'genre',
  '/vnwa/movie/types': 'type',
  '/vnwa/movie/nation': 'nation',
} as const;
type Kind = (typeof kinds)[keyof typeof kinds];

const titles: Record<Kind, string> = {
  genre: 'admin.pages.genre',
  type: 'admin.pages.types',
  nation: 'admin.pages.nation',
};

export const handle: RouteHandle = {
  title: (data, t) => t(titles[(data as { kind: Kind } | undefined)?.kind ?? 'genre']),
};

export const loader = withAccess('admin', async ({ request }: Route.LoaderArgs, { services }) => {
  const kind = kinds[new URL(request.url).pathname.replace(/\/+$/, '') as keyof typeof kinds];
  const { list: terms, sorted } = await loadAdminList(request, termsQuery.page, (query) =>
    services.terms.list(kind, query),
  );
  return { kind, terms, sorted };
});

function TermDialog({ kind, term, onClose }: { kind: Kind; term?: Term; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const [name, setName] = useState(term?.name ?? '');
  // The address asked for: when it was taken, the one given instead is said, not changed silently.
  const wanted = useRef('');
  const form = useDialogForm({
    check: (values, rules) => ({ name: rules.required(values.name) }),
    submit: (values) => {
      const body = {
        name: values.name!.trim(),
        slug: values.slug?.trim() || undefined,
        description: values.description ?? '',
        order: Number(values.order || 0),
        visible: values.visible === 'on',
      };
      wanted.current = slugify(body.slug ?? body.name);
      return term
        ? api.patch(`/admin/terms/${kind}/${term.id}`, body)
        : api.post(`/admin/terms/${kind}`, body);
    },
    done: (result: { term: Term }) =>
      result.term.slug !== wanted.current && wanted.current
        ? t('admin.terms.savedAs', { path: `/${result.term.slug}`, wanted: `/${wanted.current}` })
        : term
          ? t('admin.terms.updated')
          : t('admin.terms.created'),
    onClose,
  });
  return (
    <FormDialog
      title={term ? t('admin.terms.editTitle', { name: term.name }) : t(`admin.terms.new.${kind}`)}
      onClose={onClose}
      form={form}
    >
      <TextField
        label={t('admin.terms.fields.name')}
        {...form.field('name')}
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <SlugField
        from={name}
        initial={term?.slug}
        pathPrefix="/"
        maxLength={120}
        error={form.errors.slug}
      />
      <TextareaField
        label={t('admin.terms.fields.description')}
        {...form.field('description')}
        rows={3}
        maxLength={2000}
        defaultValue={term?.description}
      />
      <div className="grid grid-cols-2 items-end gap-4">
        <TextField
          label={t('admin.terms.fields.order')}
          {...form.field('order')}
          type="number"
          inputMode="numeric"
          defaultValue={term?.order ?? 0}
        />
        <CheckboxField
          name="visible"
          defaultChecked={term?.visible ?? true}
          label={t('admin.terms.fields.visible')}
          className="h-11"
        />
      </div>
    </FormDialog>
  );
}

function DeleteTerm({ term, onClose }: { term: Term; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const { error, confirm } = useConfirmAction();
  const inUse = term.movies_count > 0;
  return (
    <ConfirmDialog
      onClose={onClose}
      title={t('admin.terms.delete.title', { name: term.name })}
      description={
        inUse
          ? t('admin.terms.delete.inUse', { count: term.movies_count })
          : t('admin.terms.delete.text')
      }
      confirmLabel={inUse ? t('admin.terms.delete.detach') : t('admin.terms.delete.submit')}
      onConfirm={() =>
        confirm(
          () => api.delete(`/admin/terms/${term.kind}/${term.id}${inUse ? '?detach=true' : ''}`),
          t('admin.terms.delete.done', { name: term.name }),
          (caught, message) => (isApiError(caught) ? caught.message : message),
        )
      }
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
    </ConfirmDialog>
  );
}

export default function TermsManager({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { kind, terms, sorted } = loaderData;
  const [dialog, setDialog] = useState<{ kind: 'edit' | 'delete'; term?: Term } | null>(null);

  const columns = useMemo<DataTableColumn<Term>[]>(
    () => [
      sortableColumn(t('admin.terms.fields.name'), 'name', 'min-w-56', ({ row }) => (
        <div className="min-w-0">
          <p className="font-medium break-words">{row.original.name}</p>
          <p className="font-mono text-xs text-neutral-500 dark:text-neutral-400">
            /{row.original.slug}
          </p>
        </div>
      )),
      numberColumn(t('admin.terms.fields.movies'), 'movies_count', (term) => term.movies_count),
      numberColumn(t('admin.terms.fields.order'), 'order', (term) => term.order),
      {
        id: 'visible',
        header: t('admin.terms.fields.visible'),
        cell: ({ row }) =>
          row.original.visible ? (
            <Badge tone="primary">
              <Eye className="size-3" aria-hidden />
              {t('admin.terms.shown')}
            </Badge>
          ) : (
            <Badge>
              <EyeOff className="size-3" aria-hidden />
              {t('admin.terms.hidden')}
            </Badge>
          ),
      },
      dateColumn(t('admin.terms.fields.created'), 'created_at', (term) => term.created_at),
      actionsColumn(t('admin.users.columns.actions'), ({ row }) => (
        <RowActionsMenu label={t('admin.users.actions', { name: row.original.name })}>
          <DropdownMenuItem onSelect={() => setDialog({ kind: 'edit', term: row.original })}>
            <Pencil aria-hidden />
            {t('admin.users.edit.open')}
          </DropdownMenuItem>
          <DropdownMenuItem
            danger
            onSelect={() => setDialog({ kind: 'delete', term: row.original })}
          >
            <Trash2 aria-hidden />
            {t('admin.users.delete.open')}
          </DropdownMenuItem>
        </RowActionsMenu>
      )),
    ],
    [t],
  );

  return (
    <div className="mx-auto flex max-w-screen-xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {t(`admin.terms.intro.${kind}`)}
        </p>
        <Button size="lg" onClick={() => setDialog({ kind: 'edit' })}>
          <Plus aria-hidden />
          {t(`admin.terms.new.${kind}`)}
        </Button>
      </div>
      <DataTable
        columns={columns}
        data={terms.data as Term[]}
        meta={terms.meta}
        searchPlaceholder={t('admin.terms.search')}
        sorted={sorted}
        emptyTitle={t(`admin.terms.empty.${kind}`)}
        emptyText={t('admin.terms.emptyText')}
      />
      {dialog?.kind === 'edit' ? (
        <TermDialog kind={kind} term={dialog.term} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' && dialog.term ? (
        <DeleteTerm term={dialog.term} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
