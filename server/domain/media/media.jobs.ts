// The media area's jobs: transcodes (TRANSCODE_CONCURRENCY at once), the hourly clean-up of unfinished uploads
// and purge of the trash, and a watchdog that re-queues transcodes whose process died.
import { QUEUES, type JobQueue } from '#server/jobs.ts';
import type { Transcoder } from './transcode.service.ts';
import type { VideosService } from './videos.service.ts';

export function registerMediaJobs(
  jobs: JobQueue,
  options: {
    transcoder: Transcoder;
    videos: VideosService;
    concurrency: number;
    log: { error: (o: object, m?: string) => void };
    watchdogMs?: number;
  },
) {
  const { transcoder, videos } = options;
  jobs.work(QUEUES.transcode, options.concurrency, (data, job) => transcoder.run(data, job), {
    pollingIntervalSeconds: 1,
  });
  jobs.work(QUEUES.cleanUploads, 1, async () => {
    await videos.cleanStaleUploads();
  });
  jobs.work(QUEUES.purgeTrash, 1, async () => {
    await videos.purgeTrash();
  });
  jobs.schedule(QUEUES.cleanUploads, '17 * * * *');
  jobs.schedule(QUEUES.purgeTrash, '23 * * * *');

  let timer: NodeJS.Timeout | undefined;
  const watch = () =>
    transcoder
      .findLost((videoId) => videos.queueTranscode(videoId))
      .catch((error: unknown) => options.log.error({ err: error }, 'transcode watchdog failed'));
  jobs.onStart(() => {
    if (options.concurrency < 1) return;
    void watch();
    timer = setInterval(watch, options.watchdogMs ?? 30_000);
    timer.unref();
  });
  jobs.onStop(() => {
    clearInterval(timer);
    transcoder.shutdown();
  });
}
