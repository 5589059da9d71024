// The catalogue's scheduled job: the hourly roll of the view-counter windows, a few minutes past each hour.
import { QUEUES, type JobQueue } from '#server/jobs.ts';
import type { ViewsService } from './views.service.ts';

/** Past the hour, so the bucket that just closed is complete; clear of the media clean-ups at :17 and :23. */
export const ROLL_VIEWS_CRON = '5 * * * *';

export function registerViewJobs(
  jobs: JobQueue,
  options: { views: ViewsService; log: { info: (o: object, m?: string) => void } },
) {
  jobs.work(QUEUES.rollViews, 1, async () => {
    const result = await options.views.roll();
    options.log.info({ ...result, skipped: result === null }, 'view windows rolled');
  });
  jobs.schedule(QUEUES.rollViews, ROLL_VIEWS_CRON);
}
