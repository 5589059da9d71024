// `/vnwa/users`, the Users Manager: search (without diacritics), role and status filters, sort, pages; a user's
// detail in a side panel (`?user=<id>`); edit name and roles, ban with a reason and an optional end, unban, mark
// verified, send a reset link, delete. The server refuses self-harm and removing the last admin; the page also
// hides those actions on the signed-in admin's own row.
import {
  Ban,
  BadgeCheck,
  KeyRound,
  MoreHorizontal,
  Pencil,
  ShieldCheck,
  Trash2,
  Undo2,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { z } from 'zod';
import { describeDevice, type DeviceSession } from '#app/components/account/devices.tsx';
import {
  DataTable,
  TableFilter,
  useTableQuery,
  type DataTableColumn,
} from '#app/components/data-table/index.ts';
import { Alert } from '#app/components/ui/alert.tsx';
import { Avatar } from '#app/components/ui/avatar.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog, Dialog, DialogContent } from '#app/components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#app/components/ui/dropdown-menu.tsx';
import { Checkbox, Field, Input, Textarea } from '#app/components/ui/input.tsx';
import { Sheet, SheetContent } from '#app/components/ui/sheet.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { formatDate } from '#app/lib/format.ts';
import { invalidRoute } from '#app/lib/route-errors.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { toast } from '#app/lib/toast.tsx';
import { collectErrors, useApiForm, useErrorMessage, useFormRules } from '#app/lib/use-api-form.ts';
import type { Route } from './+types/users';

export const handle: RouteHandle = { title: 'admin.pages.users' };

export type AdminUser = {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  roles: string[];
  email_verified_at: string | null;
  locale: string;
  created_at: string;
  banned: boolean;
  ban_reason: string | null;
  ban_expires_at: string | null;
  last_active_at: string | null;
  sessions_count: number;
};

/** Each key falls back to its default on its own: a bad `sort` in a shared link must not lose the search. */
const querySchema = z.object({
  search: z.string().trim().max(100).optional().catch(undefined),
  role: z.enum(['admin', 'user']).optional().catch(undefined),
  status: z.enum(['active', 'banned', 'unverified']).optional().catch(undefined),
  sort: z.enum(['name', 'email', 'created_at', 'last_active_at']).catch('created_at'),
  order: z.enum(['asc', 'desc']).catch('desc'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  per_page: z.coerce
    .number()
    .refine((n) => [10, 20, 50, 100].includes(n))
    .catch(20),
  user: z.string().max(128).optional().catch(undefined),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  // The vnwa layout has already let only admins through.
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { user: selected, ...list } = query;
  const [users, detail] = await Promise.all([
    context.services.auth.listUsers(list),
    selected ? context.services.auth.getUserDetail(selected) : null,
  ]);
  if (selected && !detail) invalidRoute(request);
  return { users, detail };
}

type Detail = NonNullable<Route.ComponentProps['loaderData']['detail']>;

function StatusBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  if (user.banned)
    return (
      <Badge tone="error" className="max-w-48">
        <span className="truncate" title={user.ban_reason ?? undefined}>
          {t('admin.users.status.banned')}
        </span>
      </Badge>
    );
  if (!user.email_verified_at)
    return <Badge tone="warning">{t('admin.users.status.unverified')}</Badge>;
  return <Badge tone="primary">{t('admin.users.status.active')}</Badge>;
}

function RoleBadges({ roles }: { roles: string[] }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-1">
      {roles.map((role) => (
        <Badge key={role} tone={role === 'admin' ? 'info' : 'neutral'}>
          {role === 'admin' ? <ShieldCheck className="size-3" aria-hidden /> : null}
          {t(`admin.users.roles.${role}`, { defaultValue: role })}
        </Badge>
      ))}
    </div>
  );
}

type Dialogs = { kind: 'edit' | 'ban' | 'delete'; user: AdminUser } | null;

function useUserAction() {
  const revalidator = useRevalidator();
  const errorMessage = useErrorMessage();
  return async (run: () => Promise<unknown>, success: string) => {
    try {
      await run();
      toast.success(success);
      await revalidator.revalidate();
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
  };
}

function EditDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { api, user: me } = useAuth();
  const revalidator = useRevalidator();
  const rules = useFormRules();
  const self = me?.id === user.id;
  const form = useApiForm({
    validate: (values) =>
      collectErrors({
        name: rules.required(values.name),
        roles: values.role_admin || values.role_user ? undefined : t('admin.users.edit.oneRole'),
      }),
    submit: (values) =>
      api.patch(`/admin/users/${encodeURIComponent(user.id)}`, {
        name: values.name!.trim(),
        ...(self
          ? {}
          : {
              roles: [values.role_admin ? 'admin' : null, values.role_user ? 'user' : null].filter(
                Boolean,
              ),
            }),
      }),
    onSuccess: async () => {
      toast.success(t('admin.users.edit.done'));
      onClose();
      await revalidator.revalidate();
    },
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('admin.users.edit.title', { name: user.name })}>
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
          {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
          <Field label={t('form.name')} error={form.errors.name}>
            {(control) => (
              <Input {...control} name="name" defaultValue={user.name} maxLength={100} />
            )}
          </Field>
          <fieldset className="flex flex-col gap-2" disabled={self}>
            <legend className="mb-1 text-sm font-medium">{t('admin.users.columns.roles')}</legend>
            {(['admin', 'user'] as const).map((role) => (
              <label key={role} className="flex items-center gap-2.5 text-sm">
                <Checkbox name={`role_${role}`} defaultChecked={user.roles.includes(role)} />
                {t(`admin.users.roles.${role}`)}
              </label>
            ))}
            {self ? (
              <p className="text-xs text-neutral-500">{t('admin.users.edit.selfRoles')}</p>
            ) : null}
            {form.errors.roles ? (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {form.errors.roles}
              </p>
            ) : null}
          </fieldset>
          <div className="mt-2 flex justify-end gap-2">
            <Button type="button" variant="outline" size="lg" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" size="lg" disabled={form.pending}>
              {t('form.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function BanDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const revalidator = useRevalidator();
  const rules = useFormRules();
  const form = useApiForm({
    validate: (values) => collectErrors({ reason: rules.required(values.reason) }),
    submit: (values) =>
      api.post(`/admin/users/${encodeURIComponent(user.id)}/ban`, {
        reason: values.reason!.trim(),
        expires_at: values.until ? new Date(`${values.until}T23:59:59`).toISOString() : null,
      }),
    onSuccess: async () => {
      toast.success(t('admin.users.ban.done', { name: user.name }));
      onClose();
      await revalidator.revalidate();
    },
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('admin.users.ban.title', { name: user.name })}
        description={t('admin.users.ban.text')}
      >
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
          {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
          <Field label={t('admin.users.ban.reason')} error={form.errors.reason}>
            {(control) => <Textarea {...control} name="reason" maxLength={500} rows={3} />}
          </Field>
          <Field
            label={t('admin.users.ban.until')}
            hint={t('admin.users.ban.untilHint')}
            error={form.errors.expires_at}
          >
            {(control) => <Input {...control} name="until" type="date" />}
          </Field>
          <div className="mt-2 flex justify-end gap-2">
            <Button type="button" variant="outline" size="lg" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button
              type="submit"
              size="lg"
              disabled={form.pending}
              className="bg-red-600 text-white hover:bg-red-700 dark:bg-red-500 dark:text-white"
            >
              <Ban aria-hidden />
              {t('admin.users.ban.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RowActions({ user, open }: { user: AdminUser; open: (dialog: Dialogs) => void }) {
  const { t } = useTranslation();
  const { api, user: me } = useAuth();
  const act = useUserAction();
  const self = me?.id === user.id;
  const id = encodeURIComponent(user.id);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('admin.users.actions', { name: user.name })}
        >
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => open({ kind: 'edit', user })}>
          <Pencil aria-hidden />
          {t('admin.users.edit.open')}
        </DropdownMenuItem>
        {!user.email_verified_at ? (
          <DropdownMenuItem
            onSelect={() =>
              void act(
                () => api.post(`/admin/users/${id}/verify`),
                t('admin.users.verified'),
              ).catch(() => undefined)
            }
          >
            <BadgeCheck aria-hidden />
            {t('admin.users.verify')}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem
          onSelect={() =>
            void act(
              () => api.post(`/admin/users/${id}/send-reset-link`),
              t('admin.users.resetSent', { email: user.email }),
            ).catch(() => undefined)
          }
        >
          <KeyRound aria-hidden />
          {t('admin.users.sendReset')}
        </DropdownMenuItem>
        {!self ? (
          <>
            <DropdownMenuSeparator />
            {user.banned ? (
              <DropdownMenuItem
                onSelect={() =>
                  void act(
                    () => api.post(`/admin/users/${id}/unban`),
                    t('admin.users.unbanned', { name: user.name }),
                  ).catch(() => undefined)
                }
              >
                <Undo2 aria-hidden />
                {t('admin.users.unban')}
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem onSelect={() => open({ kind: 'ban', user })}>
                <Ban aria-hidden />
                {t('admin.users.ban.open')}
              </DropdownMenuItem>
            )}
            <DropdownMenuItem
              className="text-red-700 dark:text-red-400"
              onSelect={() => open({ kind: 'delete', user })}
            >
              <Trash2 aria-hidden />
              {t('admin.users.delete.open')}
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function UserDetail({ detail, onClose }: { detail: Detail; onClose: () => void }) {
  const { t } = useTranslation();
  const user = detail.user as AdminUser;
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent
        side="right"
        className="w-[min(28rem,100vw)]"
        heading={t('admin.users.detail.title')}
        closeLabel={t('form.close')}
      >
        <div className="flex flex-col gap-6 px-1" data-testid="user-detail">
          <div className="flex items-center gap-3">
            <Avatar name={user.name} src={user.avatar} className="size-14 text-lg" />
            <div className="min-w-0">
              <p className="font-semibold break-words">{user.name}</p>
              <p className="text-sm break-all text-neutral-600 dark:text-neutral-400">
                {user.email}
              </p>
              <div className="mt-1.5 flex flex-wrap gap-1">
                <StatusBadge user={user} />
                <RoleBadges roles={user.roles} />
              </div>
            </div>
          </div>
          {user.banned ? (
            <Alert tone="error" title={t('admin.users.detail.bannedTitle')}>
              {user.ban_reason}
              {user.ban_expires_at
                ? ` · ${t('admin.users.detail.until', { date: formatDate(user.ban_expires_at) })}`
                : ''}
            </Alert>
          ) : null}
          <dl className="grid grid-cols-2 gap-3 text-sm">
            {[
              [t('admin.users.columns.created'), formatDate(user.created_at, { time: true })],
              [
                t('admin.users.columns.lastActive'),
                formatDate(user.last_active_at, { time: true }),
              ],
              [t('admin.users.detail.follows'), String(detail.counts.follows)],
              [t('admin.users.detail.histories'), String(detail.counts.histories)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl bg-neutral-50 p-3 dark:bg-neutral-900">
                <dt className="text-xs text-neutral-500">{label}</dt>
                <dd className="mt-0.5 font-medium">{value}</dd>
              </div>
            ))}
          </dl>
          <section>
            <h3 className="mb-2 text-sm font-semibold">
              {t('admin.users.detail.sessions', { count: detail.sessions.length })}
            </h3>
            {detail.sessions.length ? (
              <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 text-sm dark:divide-neutral-800 dark:border-neutral-800">
                {detail.sessions.map((session) => (
                  <li key={session.id} className="px-3 py-2.5">
                    <p className="font-medium">
                      {describeDevice(session as DeviceSession, t('devices.unknown'))}
                    </p>
                    <p className="text-xs text-neutral-500">
                      {session.ip_address ?? t('devices.unknown')} ·{' '}
                      {formatDate(session.last_active_at ?? session.created_at, { time: true })}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-neutral-500">{t('admin.users.detail.noSessions')}</p>
            )}
          </section>
          <section>
            <h3 className="mb-2 text-sm font-semibold">{t('admin.users.detail.signIns')}</h3>
            {detail.sign_ins.length ? (
              <ul className="flex flex-col gap-1.5 text-sm">
                {detail.sign_ins.map((entry) => (
                  <li key={entry.id} className="flex justify-between gap-3">
                    <span className="truncate">
                      {[entry.browser, entry.os].filter(Boolean).join(' · ') ||
                        t('devices.unknown')}
                      <span className="text-neutral-500"> · {entry.ip_address}</span>
                    </span>
                    <span className="shrink-0 text-neutral-500">
                      {formatDate(entry.created_at, { time: true })}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-neutral-500">{t('admin.users.detail.noSignIns')}</p>
            )}
          </section>
        </div>
      </SheetContent>
    </Sheet>
  );
}

export default function UsersManager({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const { set } = useTableQuery();
  const act = useUserAction();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const { users, detail } = loaderData;

  const columns = useMemo<DataTableColumn<AdminUser>[]>(
    () => [
      {
        id: 'name',
        header: t('admin.users.columns.user'),
        meta: { sortKey: 'name', className: 'min-w-64' },
        cell: ({ row }) => (
          <button
            type="button"
            className="flex items-center gap-3 text-left"
            onClick={() => set({ user: row.original.id }, { keepPage: true })}
          >
            <Avatar name={row.original.name} src={row.original.avatar} />
            <span className="min-w-0">
              <span className="block font-medium break-words hover:underline">
                {row.original.name}
              </span>
              <span className="block text-xs break-all text-neutral-500">{row.original.email}</span>
            </span>
          </button>
        ),
      },
      {
        id: 'roles',
        header: t('admin.users.columns.roles'),
        cell: ({ row }) => <RoleBadges roles={row.original.roles} />,
      },
      {
        id: 'status',
        header: t('admin.users.columns.status'),
        cell: ({ row }) => <StatusBadge user={row.original} />,
      },
      {
        id: 'last_active_at',
        header: t('admin.users.columns.lastActive'),
        meta: { sortKey: 'last_active_at', className: 'whitespace-nowrap' },
        cell: ({ row }) => formatDate(row.original.last_active_at, { time: true }),
      },
      {
        id: 'created_at',
        header: t('admin.users.columns.created'),
        meta: { sortKey: 'created_at', className: 'whitespace-nowrap' },
        cell: ({ row }) => formatDate(row.original.created_at, { time: true }),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('admin.users.columns.actions')}</span>,
        meta: { className: 'w-12 text-right' },
        cell: ({ row }) => <RowActions user={row.original} open={setDialog} />,
      },
    ],
    [t, set],
  );

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('admin.users.intro')}</p>
      <DataTable
        columns={columns}
        data={users.data as AdminUser[]}
        meta={users.meta}
        getRowId={(user) => user.id}
        searchPlaceholder={t('admin.users.search')}
        filterKeys={['role', 'status']}
        defaultSort={{ sort: 'created_at', order: 'desc' }}
        emptyTitle={t('admin.users.emptyTitle')}
        emptyText={t('admin.users.emptyText')}
        filters={
          <>
            <TableFilter
              name="role"
              label={t('admin.users.columns.roles')}
              options={[
                { value: 'admin', label: t('admin.users.roles.admin') },
                { value: 'user', label: t('admin.users.roles.user') },
              ]}
            />
            <TableFilter
              name="status"
              label={t('admin.users.columns.status')}
              options={(['active', 'banned', 'unverified'] as const).map((status) => ({
                value: status,
                label: t(`admin.users.status.${status}`),
              }))}
            />
          </>
        }
      />
      {detail ? (
        <UserDetail detail={detail} onClose={() => set({ user: undefined }, { keepPage: true })} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditDialog user={dialog.user} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'ban' ? (
        <BanDialog user={dialog.user} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          title={t('admin.users.delete.title', { name: dialog.user.name })}
          description={t('admin.users.delete.text')}
          confirmLabel={t('admin.users.delete.submit')}
          onConfirm={() =>
            act(
              () => api.delete(`/admin/users/${encodeURIComponent(dialog.user.id)}`),
              t('admin.users.delete.done', { name: dialog.user.name }),
            )
          }
        />
      ) : null}
    </div>
  );
}
