// The Users Manager's columns: the user (opens the detail panel), roles, status, last activity, creation, actions.
import { useMemo } from 'react';
import {
  actionsColumn,
  dateColumn,
  RowActionsButton,
  useTableQuery,
  type DataTableColumn,
  sortableColumn,
} from '#app/components/data-table/index.ts';
import { Avatar } from '#app/components/ui/avatar.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import { LastActive, RoleBadges, StatusBadge, YouMark } from './badges.tsx';
import type { AdminUser, UserDialog } from './route.tsx';
import { UserActions } from './user-actions.tsx';

export function useUserColumns({ open }: { open: (dialog: UserDialog) => void }) {
  const { t } = useTranslation();
  const { set } = useTableQuery();
  return useMemo<DataTableColumn<AdminUser>[]>(
    () => [
      sortableColumn(t('admin.users.columns.user'), 'name', 'min-w-60 max-w-96', ({ row }) => (
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
              <YouMark userId={row.original.id} className="inline-block" />
            </span>
            <span className="block truncate text-xs text-neutral-500 dark:text-neutral-400">
              {row.original.email}
            </span>
          </span>
        </button>
      )),
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
      dateColumn(t('admin.users.columns.created'), 'created_at', (user) => user.created_at, {
        time: true,
        descFirst: true,
        className: 'whitespace-nowrap tabular-nums',
      }),
      actionsColumn(
        t('admin.users.columns.actions'),
        ({ row }) => (
          <UserActions
            user={row.original}
            open={open}
            trigger={
              <RowActionsButton
                className="size-9"
                aria-label={t('admin.users.actions', { name: row.original.name })}
              />
            }
          />
        ),
        { className: 'w-12 py-2 text-right' },
      ),
    ],
    [t, set, open],
  );
}
