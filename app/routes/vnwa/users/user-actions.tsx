// The menu of actions on one user, in the row and in the detail panel. Banning or deleting oneself is not offered.
import { Ban, BadgeCheck, KeyRound, Pencil, Trash2, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  ActionsMenu,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from '#app/components/ui/dropdown-menu.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { useAdminAction } from '#app/lib/use-admin-action.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { AdminUser, UserDialog } from './route.tsx';

/** The actions on one user: a "…" button in the row, an "Actions" button in the detail panel. */
export function UserActions({
  user,
  open,
  trigger,
  align = 'end',
}: {
  user: AdminUser;
  open: (dialog: UserDialog) => void;
  trigger: ReactNode;
  /** The menu's edge that lines up with the trigger: 'end' at a row's right end, 'start' in the panel. */
  align?: 'start' | 'end';
}) {
  const { t } = useTranslation();
  const { api, user: me } = useAuth();
  const act = useAdminAction();
  const self = me?.id === user.id;
  const id = encodeURIComponent(user.id);
  const run = (path: string, success: string) =>
    void act(() => api.post(`/admin/users/${id}/${path}`), success).catch(() => undefined);
  return (
    <ActionsMenu trigger={trigger} align={align}>
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
    </ActionsMenu>
  );
}
