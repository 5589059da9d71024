// The Report Manager's bar of bulk actions, over the table while reports are selected: move them all to a state,
// or delete them (asked first); the rows that come back clear the selection. While it is on screen, live changes wait for the admin (route.tsx).
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DeleteDialog } from '#app/components/delete-dialog.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { useAdminAction } from '#app/lib/use-admin-action.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { ReportStatus } from '#shared/reports.ts';
import type { Report } from './route.tsx';
import { STATUS_MOVES } from './status.ts';

export function BulkBar({
  selected,
  selectingRef,
}: {
  selected: Report[];
  selectingRef: React.RefObject<number>;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const act = useAdminAction();
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => {
    selectingRef.current += 1;
    return () => {
      selectingRef.current -= 1;
    };
  }, [selectingRef]);
  const ids = selected.map((report) => report.id);
  const move = (status: ReportStatus) =>
    void act(
      () => api.patch<{ affected: number }>('/admin/reports', { ids, status }),
      (answer) => t(`reportManager.moved.${status}`, { count: answer.affected }),
    ).catch(() => undefined);
  return (
    <>
      {STATUS_MOVES.map((status) => (
        <Button key={status} size="sm" variant="outline" onClick={() => move(status)}>
          {t(`reportManager.move.${status}`)}
        </Button>
      ))}
      <Button
        size="sm"
        variant="outline"
        className="text-red-700 dark:text-red-400"
        onClick={() => setConfirmDelete(true)}
      >
        <Trash2 aria-hidden />
        {t('admin.users.delete.open')}
      </Button>
      {confirmDelete ? (
        <DeleteDialog
          title={t('reportManager.delete.bulkTitle', { count: ids.length })}
          description={t('reportManager.delete.text')}
          remove={() => api.delete('/admin/reports', { ids })}
          done={t('reportManager.delete.done', { count: ids.length })}
          onClose={() => setConfirmDelete(false)}
        />
      ) : null}
    </>
  );
}
