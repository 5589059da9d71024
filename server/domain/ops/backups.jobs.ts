// The daily backup: the database at 03:30 UTC, the newest BACKUP_KEEP daily backups kept (decision 045).
import { QUEUES, type JobQueue } from '#server/jobs.ts';
import type { BackupsService } from './backups.service.ts';

/** A quiet hour, clear of the hourly jobs at :05, :17 and :23. */
export const DAILY_BACKUP_CRON = '30 3 * * *';

export function registerBackupJobs(
  jobs: JobQueue,
  options: { backups: BackupsService; log: { info: (o: object, m?: string) => void } },
) {
  jobs.work(QUEUES.dailyBackup, 1, async () => {
    const name = await options.backups.daily();
    options.log.info({ name }, 'daily backup written');
  });
  jobs.schedule(QUEUES.dailyBackup, DAILY_BACKUP_CRON);
}
