// `/vnwa/users`, the Users Manager: search (without diacritics), role and status filters, sort, pages; a user's
// detail in a side panel (`?user=<id>`); edit name and roles, ban with a reason and an optional end, unban, mark
// verified, send a reset link, delete. The server refuses self-harm and removing the last admin (409); the page
// also hides those actions on the signed-in admin's own row.
import { useState } from 'react';
import { DataTable, choices, useTableQuery } from '#app/components/data-table/index.ts';
import { withAccess } from '#app/lib/access.server.ts';
import { loadAdminList } from '#app/lib/admin-list.server.ts';
import { USER_STATUSES, usersQuery } from '#shared/admin-queries.ts';
import { ROLES } from '#shared/accounts.ts';
import { useAuth } from '#app/lib/auth.tsx';
import { invalidRoute } from '#app/lib/route-errors.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useUserColumns } from './columns.tsx';
import { UserDetail } from './detail.tsx';
import { BanDialog, EditDialog } from './dialogs.tsx';
import type { Route } from './+types/route';
import { DeleteDialog } from '#app/components/delete-dialog.tsx';

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
export type UserDetailData = NonNullable<LoaderData['detail']>;

/** A dialog the page shows over the table, for one user. */
export type UserDialog = { kind: 'edit' | 'ban' | 'delete'; user: AdminUser } | null;

export default function UsersManager({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const { params, set } = useTableQuery();
  const [dialog, setDialog] = useState<UserDialog>(null);
  const { users, detail, sorted } = loaderData;
  const closeDetail = () => set({ user: undefined }, { keepPage: true });

  const columns = useUserColumns({ open: setDialog });

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('admin.users.intro')}</p>
      <DataTable
        columns={columns}
        data={users.data}
        meta={users.meta}
        searchPlaceholder={t('admin.users.search')}
        sorted={sorted}
        emptyTitle={t('admin.users.emptyTitle')}
        emptyText={t('admin.users.emptyText')}
        filters={[
          {
            name: 'role',
            label: t('admin.users.columns.roles'),
            options: choices(ROLES, (role) => t(`admin.users.roles.${role}`)),
          },
          {
            name: 'status',
            label: t('admin.users.columns.status'),
            options: choices(USER_STATUSES, (status) => t(`admin.users.status.${status}`)),
          },
        ]}
      />
      {detail ? <UserDetail detail={detail} open={setDialog} onClose={closeDetail} /> : null}
      {dialog?.kind === 'edit' ? (
        <EditDialog user={dialog.user} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'ban' ? (
        <BanDialog user={dialog.user} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteDialog
          title={t('admin.users.delete.title', { name: dialog.user.name })}
          description={t('admin.users.delete.text')}
          remove={() => api.delete(`/admin/users/${encodeURIComponent(dialog.user.id)}`)}
          done={t('admin.users.delete.done', { name: dialog.user.name })}
          // Their panel cannot stay open: its URL would now be a 404.
          after={params.get('user') === dialog.user.id ? closeDetail : undefined}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
