// The back office's "delete this?" question: the button says Delete, and the deletion runs as an admin action (a
// refusal in a toast, the dialog kept open; else `done` said, then the page's data, or `after`, loaded again).
import type { ReactNode } from 'react';
import { ConfirmDialog } from '#app/components/ui/dialog.tsx';
import { useAdminAction } from '#app/lib/use-admin-action.ts';
import { useTranslation } from '#app/lib/use-translation.ts';

export function DeleteDialog({
  title,
  description,
  remove,
  done,
  after,
  onClose,
  confirmLabel,
}: {
  title: ReactNode;
  description?: ReactNode;
  remove: () => Promise<unknown>;
  done?: string;
  after?: () => unknown;
  onClose: () => void;
  /** The button's word when it is not "Delete" (a move to the trash). */
  confirmLabel?: string;
}) {
  const { t } = useTranslation();
  const act = useAdminAction();
  return (
    <ConfirmDialog
      onClose={onClose}
      title={title}
      description={description}
      confirmLabel={confirmLabel ?? t('admin.users.delete.submit')}
      onConfirm={() => act(remove, done, after)}
    />
  );
}
