// The movies trash's hourly purge (decision 052): movies longer in the trash than TRASH_RETENTION_DAYS are deleted
// for good, with their episodes. At :29, clear of the other hourly jobs.
import { QUEUES, type JobQueue } from '#server/jobs.ts';
import type { MoviesService } from './movies.service.ts';

export function registerMovieJobs(
  jobs: JobQueue,
  options: { movies: MoviesService; log: { info: (o: object, m?: string) => void } },
) {
  jobs.work(QUEUES.purgeMovies, 1, async () => {
    const purged = await options.movies.purgeTrash();
    if (purged) options.log.info({ purged }, 'movies purged from the trash');
  });
  jobs.schedule(QUEUES.purgeMovies, '29 * * * *');
}
