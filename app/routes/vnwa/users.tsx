// `/vnwa/users`, the Users Manager: search (without diacritics), role and status filters, sort, pages; a user's
// detail in a side panel (`?user=<id>`); edit name and roles, ban with a reason and an optional end, unban, mark
// verified, send a reset link, delete. The server refuses self-harm and removing the last admin (409); the page
// also hides those actions on the signed-in admin's own row.
import {
  Ban,
  BadgeCheck,
  ChevronDown,
  Info,
  KeyRound,
  Pencil,
  ShieldCheck,
  Trash2,
  Undo2,
} from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useRevalidator } from 'react-router';
import { describeDevice, type DeviceSession } from '#app/components/account/devices.tsx';
import {
  DataTable,
  RowActionsButton,
  TableFilter,
  useTableQuery,
  type DataTableColumn,
} from '#app/components/data-table/index.ts';
import { Alert } from '#app/components/ui/alert.tsx';
import { Avatar } from '#app/components/ui/avatar.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog, Dialog, DialogActions, DialogContent } from '#app/components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#app/components/ui/dropdown-menu.tsx';
import { Checkbox, Field, Input, Textarea } from '#app/components/ui/input.tsx';
import { Sheet, SheetContent } from '#app/components/ui/sheet.tsx';
import { Tooltip } from '#app/components/ui/tooltip.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { formatDate } from '#app/lib/format.ts';
import { invalidRoute } from '#app/lib/route-errors.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { toast } from '#app/lib/toast.tsx';
import { collectErrors, useApiForm, useErrorMessage, useFormRules } from '#app/lib/use-api-form.ts';
import { withAccess } from '#app/lib/access.server.ts';
import { loadAdminList } from '#app/lib/admin-list.server.ts';
import { USER_ROLES, USER_STATUSES, usersQuery } from '#app/lib/admin-queries.ts';
import type { Route } from './+types/users';

export const handle: RouteHandle = { title: 'admin.pages.users' };

export const loader = withAccess('admin', async ({ request }: Route.LoaderArgs, { services }) => {
  // `?user=<id>` opens that user's panel; an id that names nobody is a 404, as a bad route parameter is.
  const selected = new URL(request.url).searchParams.get('user') || null;
  if (selected && selected.length > 128) invalidRoute(request);
  const [{ list: users, sorted }, detail] = await Promise.all([
    loadAdminList(request, usersQuery.page, (query) => services.auth.listUsers(query)),
    selected ? services.auth.getUserDetail(selected) : null,
  ]);
  if (selected && !detail) invalidRoute(request);
  return { users, detail, sorted };
});

type LoaderData = Route.ComponentProps['loaderData'];
export type AdminUser = LoaderData['users']['data'][number];
type Detail = NonNullable<LoaderData['detail']>;

/** A dialog the page shows over the table, for one user. */
type Dialogs = { kind: 'edit' | 'ban' | 'delete'; user: AdminUser } | null;

function StatusBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  if (user.banned)
    return (
      <Tooltip
        content={
          <>
            <span className="font-semibold">{t('admin.users.banInfo.reason')}:</span>{' '}
            {user.ban_reason || t('admin.users.banInfo.noReason')}
            <br />
            {user.ban_expires_at
              ? t('admin.users.detail.until', { date: formatDate(user.ban_expires_at) })
              : t('admin.users.banInfo.forever')}
          </>
        }
      >
        <span
          tabIndex={0}
          className="inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
          data-testid="ban-status"
        >
          <Badge tone="error" className="cursor-help">
            {t('admin.users.status.banned')}
            <Info className="size-3" aria-hidden />
          </Badge>
        </span>
      </Tooltip>
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

function LastActive({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return value ? (
    <span className="tabular-nums">{formatDate(value, { time: true })}</span>
  ) : (
    <span className="text-neutral-500 dark:text-neutral-400">{t('admin.users.never')}</span>
  );
}

/** Runs an action, tells how it went, and reloads the list; the server's refusal (409) is shown as it says it. */
function useUserAction() {
  const revalidator = useRevalidator();
  const errorMessage = useErrorMessage();
  return async (run: () => Promise<unknown>, success: string, after?: () => void) => {
    try {
      await run();
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
    toast.success(success);
    if (after) after();
    else await revalidator.revalidate();
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
        // Their own roles are not sent (the fieldset is disabled), so there is nothing to check.
        roles:
          self || values.role_admin || values.role_user ? undefined : t('admin.users.edit.oneRole'),
      }),
    submit: (values) =>
      api.patch(`/admin/users/${encodeURIComponent(user.id)}`, {
        name: values.name!.trim(),
        ...(self ? {} : { roles: USER_ROLES.filter((role) => values[`role_${role}`]) }),
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
          <fieldset
            className="flex flex-col gap-2"
            disabled={self}
            aria-describedby={form.errors.roles ? 'roles-error' : undefined}
          >
            <legend className="mb-1 text-sm font-medium">{t('admin.users.columns.roles')}</legend>
            {USER_ROLES.map((role) => (
              <label key={role} className="flex items-center gap-2.5 text-sm">
                <Checkbox name={`role_${role}`} defaultChecked={user.roles.includes(role)} />
                {t(`admin.users.roles.${role}`)}
                <span className="text-xs text-neutral-500 dark:text-neutral-400">
                  {t(`admin.users.roleHints.${role}`)}
                </span>
              </label>
            ))}
            {self ? (
              <p className="text-xs text-neutral-500 dark:text-neutral-400">
                {t('admin.users.edit.selfRoles')}
              </p>
            ) : null}
            {form.errors.roles ? (
              <p id="roles-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
                {form.errors.roles}
              </p>
            ) : null}
          </fieldset>
          <DialogActions className="mt-2" onCancel={onClose}>
            <Button type="submit" size="lg" disabled={form.pending}>
              {t('form.save')}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Today in the admin's own calendar, as a date input wants it (yyyy-mm-dd). */
function localToday() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
        // The ban lasts through the chosen day, in the admin's time zone.
        expires_at: values.expires_at
          ? new Date(`${values.expires_at}T23:59:59`).toISOString()
          : null,
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
            {(control) => <Textarea {...control} name="reason" maxLength={500} rows={3} required />}
          </Field>
          <Field
            label={t('admin.users.ban.until')}
            hint={t('admin.users.ban.untilHint')}
            error={form.errors.expires_at}
          >
            {(control) => <Input {...control} name="expires_at" type="date" min={localToday()} />}
          </Field>
          <DialogActions className="mt-2" onCancel={onClose}>
            <Button
              type="submit"
              size="lg"
              disabled={form.pending}
              className="bg-red-600 text-white hover:bg-red-700 dark:bg-red-500 dark:text-white dark:hover:bg-red-600"
            >
              <Ban aria-hidden />
              {t('admin.users.ban.submit')}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The actions on one user: a "…" button in the row, an "Actions" button in the detail panel. */
function UserActions({
  user,
  open,
  trigger,
  align = 'end',
}: {
  user: AdminUser;
  open: (dialog: Dialogs) => void;
  trigger: ReactNode;
  /** The menu's edge that lines up with the trigger: 'end' at a row's right end, 'start' in the panel. */
  align?: 'start' | 'end';
}) {
  const { t } = useTranslation();
  const { api, user: me } = useAuth();
  const act = useUserAction();
  const self = me?.id === user.id;
  const id = encodeURIComponent(user.id);
  const run = (path: string, success: string) =>
    void act(() => api.post(`/admin/users/${id}/${path}`), success).catch(() => undefined);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align={align}>
        <DropdownMenuItem onSelect={() => open({ kind: 'edit', user })}>
          <Pencil aria-hidden />
          {t('admin.users.edit.open')}
        </DropdownMenuItem>
        {!user.email_verified_at ? (
          <DropdownMenuItem onSelect={() => run('verify', t('admin.users.verified'))}>
            <BadgeCheck aria-hidden />
            {t('admin.users.verify')}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem
          onSelect={() => run('send-reset-link', t('admin.users.resetSent', { email: user.email }))}
        >
          <KeyRound aria-hidden />
          {t('admin.users.sendReset')}
        </DropdownMenuItem>
        {/* Banning or deleting oneself is refused by the server too; it is not offered at all. */}
        {!self ? (
          <>
            <DropdownMenuSeparator />
            {user.banned ? (
              <DropdownMenuItem
                onSelect={() => run('unban', t('admin.users.unbanned', { name: user.name }))}
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
            <DropdownMenuItem danger onSelect={() => open({ kind: 'delete', user })}>
              <Trash2 aria-hidden />
              {t('admin.users.delete.open')}
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl bg-neutral-50 p-3 dark:bg-neutral-900">
      <dt className="text-xs text-neutral-500 dark:text-neutral-400">{label}</dt>
      <dd className="mt-0.5 font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function UserDetail({
  detail,
  open,
  onClose,
}: {
  detail: Detail;
  open: (dialog: Dialogs) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const { user } = detail;
  return (
    <Sheet open onOpenChange={(next) => !next && onClose()}>
      <SheetContent
        side="right"
        className="w-[min(28rem,100vw)]"
        heading={t('admin.users.detail.title')}
        closeLabel={t('form.close')}
      >
        <div className="flex flex-col gap-6 px-1" data-testid="user-detail">
          <div className="flex items-start gap-3">
            <Avatar name={user.name} src={user.avatar} className="size-14 text-lg" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words">
                {user.name}
                {me?.id === user.id ? (
                  <span className="ml-1.5 text-xs font-normal text-neutral-500 dark:text-neutral-400">
                    ({t('admin.users.you')})
                  </span>
                ) : null}
              </p>
              <p className="text-sm break-all text-neutral-600 dark:text-neutral-400">
                {user.email}
              </p>
              <div className="mt-2 flex flex-wrap gap-1">
                <StatusBadge user={user} />
                <RoleBadges roles={user.roles} />
              </div>
            </div>
          </div>
          <UserActions
            user={user}
            open={open}
            align="start"
            trigger={
              <Button variant="outline" size="md" className="self-start">
                {t('admin.users.columns.actions')}
                <ChevronDown aria-hidden />
              </Button>
            }
          />
          {user.banned ? (
            <Alert tone="error" title={t('admin.users.detail.bannedTitle')}>
              {user.ban_reason || t('admin.users.banInfo.noReason')}
              {' · '}
              {user.ban_expires_at
                ? t('admin.users.detail.until', { date: formatDate(user.ban_expires_at) })
                : t('admin.users.banInfo.forever')}
            </Alert>
          ) : null}
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <Stat
              label={t('admin.users.columns.created')}
              value={formatDate(user.created_at, { time: true })}
            />
            <Stat
              label={t('admin.users.columns.lastActive')}
              value={<LastActive value={user.last_active_at} />}
            />
            <Stat label={t('admin.users.detail.follows')} value={detail.counts.follows} />
            <Stat label={t('admin.users.detail.histories')} value={detail.counts.histories} />
          </dl>
          <section aria-labelledby="user-sessions">
            <h3 id="user-sessions" className="mb-2 text-sm font-semibold">
              {t('admin.users.detail.sessions', { count: detail.sessions.length })}
            </h3>
            {detail.sessions.length ? (
              <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 text-sm dark:divide-neutral-800 dark:border-neutral-800">
                {detail.sessions.map((session) => (
                  <li key={session.id} className="px-3 py-2.5">
                    <p className="font-medium break-words">
                      {describeDevice(session as DeviceSession, t('devices.unknown'))}
                    </p>
                    <p className="text-xs text-neutral-500 tabular-nums dark:text-neutral-400">
                      {session.ip_address ?? t('devices.unknown')} ·{' '}
                      {formatDate(session.last_active_at ?? session.created_at, { time: true })}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-neutral-500 dark:text-neutral-400">
                {t('admin.users.detail.noSessions')}
              </p>
            )}
          </section>
          <section aria-labelledby="user-sign-ins">
            <h3 id="user-sign-ins" className="mb-2 text-sm font-semibold">
              {t('admin.users.detail.signIns')}
            </h3>
            {detail.sign_ins.length ? (
              <ul className="flex flex-col gap-2 text-sm">
                {detail.sign_ins.map((entry) => (
                  <li key={entry.id} className="flex items-baseline justify-between gap-3">
                    <span className="min-w-0">
                      <span className="block truncate">
                        {[entry.browser, entry.os].filter(Boolean).join(' · ') ||
                          t('devices.unknown')}
                      </span>
                      <span className="block text-xs text-neutral-500 dark:text-neutral-400">
                        {entry.ip_address ?? t('devices.unknown')}
                      </span>
                    </span>
                    <span className="shrink-0 text-xs text-neutral-500 tabular-nums dark:text-neutral-400">
                      {formatDate(entry.created_at, { time: true })}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-neutral-500 dark:text-neutral-400">
                {t('admin.users.detail.noSignIns')}
              </p>
            )}
          </section>
        </div>
      </SheetContent>
    </Sheet>
  );
}

export default function UsersManager({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api, user: me } = useAuth();
  const { params, set } = useTableQuery();
  const act = useUserAction();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const { users, detail, sorted } = loaderData;
  const closeDetail = () => set({ user: undefined }, { keepPage: true });

  const columns = useMemo<DataTableColumn<AdminUser>[]>(
    () => [
      {
        id: 'name',
        header: t('admin.users.columns.user'),
        meta: { sortKey: 'name', className: 'min-w-60 max-w-96' },
        cell: ({ row }) => (
          <button
            type="button"
            className="group -m-1 flex w-full items-center gap-3 rounded-lg p-1 text-left focus-visible:outline-2 focus-visible:outline-primary-500"
            onClick={() => set({ user: row.original.id }, { keepPage: true })}
            aria-haspopup="dialog"
          >
            <Avatar name={row.original.name} src={row.original.avatar} />
            <span className="min-w-0">
              <span className="line-clamp-2 font-medium break-words group-hover:underline">
                {row.original.name}
                {me?.id === row.original.id ? (
                  <span className="ml-1.5 inline-block text-xs font-normal text-neutral-500 dark:text-neutral-400">
                    ({t('admin.users.you')})
                  </span>
                ) : null}
              </span>
              <span className="block truncate text-xs text-neutral-500 dark:text-neutral-400">
                {row.original.email}
              </span>
            </span>
          </button>
        ),
      },
      {
        id: 'roles',
        header: t('admin.users.columns.roles'),
        meta: { card: 'inline' },
        cell: ({ row }) => <RoleBadges roles={row.original.roles} />,
      },
      {
        id: 'status',
        header: t('admin.users.columns.status'),
        meta: { card: 'inline' },
        cell: ({ row }) => <StatusBadge user={row.original} />,
      },
      {
        id: 'last_active_at',
        header: t('admin.users.columns.lastActive'),
        meta: { sortKey: 'last_active_at', sortDescFirst: true, className: 'whitespace-nowrap' },
        cell: ({ row }) => <LastActive value={row.original.last_active_at} />,
      },
      {
        id: 'created_at',
        header: t('admin.users.columns.created'),
        meta: {
          sortKey: 'created_at',
          sortDescFirst: true,
          className: 'whitespace-nowrap tabular-nums',
        },
        cell: ({ row }) => formatDate(row.original.created_at, { time: true }),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('admin.users.columns.actions')}</span>,
        meta: { className: 'w-12 py-2 text-right' },
        cell: ({ row }) => (
          <UserActions
            user={row.original}
            open={setDialog}
            trigger={
              <RowActionsButton
                className="size-9"
                aria-label={t('admin.users.actions', { name: row.original.name })}
              />
            }
          />
        ),
      },
    ],
    [t, set, me?.id],
  );

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('admin.users.intro')}</p>
      <DataTable
        columns={columns}
        data={users.data}
        meta={users.meta}
        getRowId={(user) => user.id}
        searchPlaceholder={t('admin.users.search')}
        filterKeys={['role', 'status']}
        defaultSort={{ sort: 'created_at', order: 'desc' }}
        sorted={sorted}
        emptyTitle={t('admin.users.emptyTitle')}
        emptyText={t('admin.users.emptyText')}
        filters={
          <>
            <TableFilter
              name="role"
              label={t('admin.users.columns.roles')}
              options={USER_ROLES.map((role) => ({
                value: role,
                label: t(`admin.users.roles.${role}`),
              }))}
            />
            <TableFilter
              name="status"
              label={t('admin.users.columns.status')}
              options={USER_STATUSES.map((status) => ({
                value: status,
                label: t(`admin.users.status.${status}`),
              }))}
            />
          </>
        }
      />
      {detail ? <UserDetail detail={detail} open={setDialog} onClose={closeDetail} /> : null}
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
              // Their panel cannot stay open: its URL would now be a 404.
              params.get('user') === dialog.user.id ? closeDetail : undefined,
            )
          }
        />
      ) : null}
    </div>
  );
}
