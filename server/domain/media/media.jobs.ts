// The media area's jobs: transcodes (TRANSCODE_CONCURRENCY at once), the hourly clean-up of unfinished uploads
// and orphaned subtitle files, the purge of the trash, and a watchdog that re-queues transcodes whose process died.
import { QUEUES, WAKE_POLL_SECONDS, type JobQueue } from '#server/jobs.ts';
import type { Transcoder } from './transcode.service.ts';
import type { SubtitlesService } from './subtitles.service.ts';
import type { VideosService } from './videos.service.ts';

export function registerMediaJobs(
  jobs: JobQueue,
  options: {
    transcoder: Transcoder;
    videos: VideosService;
    subtitles: SubtitlesService;
    concurrency: number;
    log: { error: (o: object, m?: string) => void };
    watchdogMs?: number;
  },
) {
  const { transcoder, videos, subtitles } = options;
  jobs.work(QUEUES.transcode, options.concurrency, (data, job) => transcoder.run(data, job), {
    pollingIntervalSeconds: WAKE_POLL_SECONDS,
  });
  // The hourly storage clean-up: unfinished uploads, and subtitle files whose episode is gone.
  jobs.work(QUEUES.cleanUploads, 1, async () => {
    await videos.cleanStaleUploads();
    await subtitles.sweepOrphans();
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
