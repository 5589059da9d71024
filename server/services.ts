// Builds the services once per process; HTTP routes and React Router loaders share them.
import crypto from 'node:crypto';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createAccountsService } from './domain/auth/accounts.service.ts';
import { createAuth } from './domain/auth/auth.ts';
import { createEpisodesService } from './domain/catalog/episodes.service.ts';
import { createMoviesService } from './domain/catalog/movies.service.ts';
import { registerMovieJobs } from './domain/catalog/movies.jobs.ts';
import { createSeoService } from './domain/catalog/seo.service.ts';
import { createSearchService } from './domain/catalog/search.service.ts';
import { createTermsService } from './domain/catalog/terms.service.ts';
import { createSubtitlesService } from './domain/media/subtitles.service.ts';
import { registerViewJobs } from './domain/catalog/views.jobs.ts';
import { createViewsService } from './domain/catalog/views.service.ts';
import { createWatchService } from './domain/catalog/watch.service.ts';
import { createPresenceService } from './domain/catalog/presence.service.ts';
import { registerMediaJobs } from './domain/media/media.jobs.ts';
import { createTranscoder } from './domain/media/transcode.service.ts';
import { createUploadsService } from './domain/media/uploads.service.ts';
import {
  createLocalFilesService,
  registerLocalFilesJobs,
} from './domain/media/local-files.service.ts';
import { createLocalFileStore } from './media/file-store.ts';
import { createObjectFileStore } from './media/object-file-store.ts';
import { createS3Storage } from './media/s3-storage.ts';
import { createLocalStorage } from './media/storage.ts';
import { createLocalUploadStore, createS3UploadStore } from './media/upload-store.ts';
import { videoFiles } from './domain/media/video-files.ts';
import { createVideosService } from './domain/media/videos.service.ts';
import { createSystemService } from './domain/ops/system.service.ts';
import { createFollowsService } from './domain/engagement/follows.service.ts';
import { registerBackupJobs } from './domain/ops/backups.jobs.ts';
import { createBackupsService } from './domain/ops/backups.service.ts';
import { createAuditService, registerAuditJobs } from './domain/ops/audit.service.ts';
import { createOverviewService } from './domain/ops/overview.service.ts';
import { createHistoryService } from './domain/engagement/history.service.ts';
import { createProfileService } from './domain/engagement/profile.service.ts';
import { createReportsService } from './domain/engagement/reports.service.ts';
import {
  createNotificationsService,
  registerNotificationJobs,
} from './domain/engagement/notifications.service.ts';
import { createEventBus } from './events.ts';
import { relayEvents } from './realtime/relay.ts';
import { createJobQueue } from './jobs.ts';
import { locateMediaBinaries } from './media/ffmpeg-binaries.ts';
import { createFileCache } from './media/file-cache.ts';
import { createHomeService } from './domain/site/home.service.ts';
import { defaultSettings } from './domain/site/settings.schema.ts';
import { createSettingsService } from './domain/site/settings.service.ts';
import { createChangeFeed } from './db/change-feed.ts';
import { createPublicReads } from './domain/catalog/public-reads.ts';
import { createPageCache } from './web/page-cache.ts';
import { createRateLimits } from './http/rate-limit.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { appVersion } from './paths.ts';

export type Services = ReturnType<typeof createServices>;

type Log = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;
const quietLog: Log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

export function createServices(options: {
  config: Config;
  db: Database;
  authSecret: string;
  log?: Log;
}) {
  const { config, db } = options;
  // Every media file goes through this (decision 055): DATA_DIR with the local driver, the bucket with S3.
  const storage = config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dataDir);
  const log = options.log ?? quietLog;
  // Caches follow writes made on other nodes through the database (decision 046).
  const changes = createChangeFeed({ db, log });
  const settings = createSettingsService({
    db,
    changes,
    defaults: defaultSettings({
      siteName: config.SITE_NAME,
      defaultLocale: config.DEFAULT_LOCALE,
    }),
    log,
  });
  /** The site as Web Info says now: read at each use, never copied at start-up. */
  const site = {
    get name() {
      return settings.get('web_info').site_name;
    },
    get titleSeparator() {
      return settings.get('web_info').title_separator;
    },
    get defaultLocale() {
      return settings.get('web_info').default_locale;
    },
    publicUrl: config.publicUrl,
  };
  const siteName = () => site.name;
  const mailer: Mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    dataDir: config.dataDir,
    from: () => `${site.name} <no-reply@${new URL(config.publicUrl).hostname}>`,
    log,
  });
  // Better Auth calls back for reset mail; the accounts service that writes it is made just after.
  const resetMail: {
    send?: (user: { id: string; email: string; name: string }, token: string) => Promise<void>;
  } = {};
  const auth = createAuth({
    db,
    secret: options.authSecret,
    baseURL: config.publicUrl,
    log: {
      debug: (object, message) => log.debug(object, message),
      info: (object, message) => log.info(object, message),
      warn: (object, message) => log.warn(object, message),
      error: (object, message) => log.error(object, message),
    },
    sendResetPassword: ({ user, token }) => resetMail.send!(user, token),
  });
  const accounts = createAccountsService({
    db,
    auth,
    mailer,
    secret: options.authSecret,
    publicUrl: config.publicUrl,
    siteName,
    storage,
    log,
  });
  resetMail.send = accounts.sendResetMail;

  const events = createEventBus();
  // Events other processes of the site need (a worker's transcode progress, say) travel through the change feed.
  const relay = relayEvents({ events, changes, log });
  const jobs = createJobQueue({ db, log, background: config.JOBS === 'on', changes });
  // Hot segments, playlists and sprites of /storage/ (FIELD-NOTES: a small cache lets Node serve like nginx).
  const storageCache = createFileCache({
    maxBytes: 256 * 1024 * 1024,
    maxFileBytes: 4 * 1024 * 1024,
  });
  const files = videoFiles(config.dataDir);
  const uploadStore = config.s3
    ? createS3UploadStore(config.s3, storage)
    : createLocalUploadStore(files.uploadsDir);
  const media = locateMediaBinaries({
    env: {
      FFMPEG_PATH: config.FFMPEG_PATH,
      FFPROBE_PATH: config.FFPROBE_PATH,
      PATH: process.env.PATH,
    },
    mode: config.TRANSCODE_MODE,
  });
  const { ffmpegPath, ffprobePath } = media;
  const transcoder = createTranscoder({
    db,
    files,
    storage,
    events,
    ffmpegPath,
    ffprobePath,
    transcodeMode: media.mode,
    log,
  });
  const videos = createVideosService({
    db,
    files,
    storage,
    uploadStore,
    jobs,
    events,
    cache: storageCache,
    trashRetentionDays: config.TRASH_RETENTION_DAYS,
    log,
    abortTranscode: transcoder.abort,
  });
  const uploads = createUploadsService({
    db,
    files,
    storage,
    uploadStore,
    videos,
    maxBytes: config.VIDEO_MAX_UPLOAD_BYTES,
    ffprobePath,
    log,
  });
  const subtitles = createSubtitlesService({ db, storage });
  registerMediaJobs(jobs, {
    transcoder,
    videos,
    subtitles,
    concurrency: config.TRANSCODE_CONCURRENCY,
    log,
  });
  const views = createViewsService({ db });
  registerViewJobs(jobs, { views, log });
  const terms = createTermsService({ db });
  const movies = createMoviesService({ db, events, trashDays: config.TRASH_RETENTION_DAYS });
  registerMovieJobs(jobs, { movies, log });
  const home = createHomeService({ db, changes, log });
  const watch = createWatchService({
    db,
    storage,
    // Its own key, so a viewer hash says nothing about the session secret.
    secret: crypto.createHash('sha256').update(`views:${options.authSecret}`).digest('hex'),
  });
  const history = createHistoryService({
    db,
    secret: crypto.createHash('sha256').update(`history:${options.authSecret}`).digest('hex'),
    log,
  });
  const publicReads = createPublicReads({
    maxAgeMs: config.PUBLIC_CACHE_SECONDS * 1000,
    maxEntries: 2000,
    movies,
    home,
    watch,
    subtitles,
  });
  // Guests' pages are made of the public reads: kept as long, forgotten with them (decision 058).
  const pageCache = createPageCache({
    maxAgeMs: () => publicReads.maxAgeMs,
    maxBytes: 32 * 1024 * 1024,
  });
  publicReads.onClear(() => pageCache.clear());
  // The visible terms too (decision 075): an admin write here, or on another node through the change feed.
  publicReads.onClear(() => terms.forget());
  const notifications = createNotificationsService({
    db,
    events,
    jobs,
    mailer,
    site,
    log,
  });
  notifications.listen();
  registerNotificationJobs(jobs, { notifications, log });
  // A video that becomes ready (or fails) changes what its episodes show, whichever process transcoded it.
  events.onShared('video.ready', () => publicReads.clear());
  events.onShared('video.failed', () => publicReads.clear());
  const backups = createBackupsService({
    db,
    dataDir: config.dataDir,
    events,
    siteName,
    keep: config.BACKUP_KEEP,
    storageDriver: storage.driver,
    log,
    // Positions kept for the next batch are written first (the restore then replaces them with the backup's).
    beforeRestore: () => history.flush(),
    afterRestore: async () => {
      // The restore replaced every table, settings and the home page's sections included; other nodes read theirs
      // again too.
      await settings.reload();
      void changes.publish('settings').catch(() => {});
      await home.reload();
      publicReads.clear();
      void changes.publish('public-reads').catch(() => {});
      storageCache.evictPrefix('');
    },
  });
  registerBackupJobs(jobs, { backups, log });
  // A restore in another process replaced the media too: this node's hot files may be stale.
  events.onShared('backup.finished', ({ kind, ok }) => {
    if (kind === 'restore' && ok) storageCache.evictPrefix('');
  });
  const audit = createAuditService({ db });
  const localFiles = createLocalFilesService({
    db,
    store: config.s3
      ? createObjectFileStore(storage, 'storage/')
      : createLocalFileStore(path.join(config.dataDir, 'storage')),
    workDir: path.join(config.dataDir, 'work', 'local-files'),
  });
  registerLocalFilesJobs(jobs, { localFiles, log });
  const presence = createPresenceService({ db, events, log });
  const reports = createReportsService({ db, events });
  registerAuditJobs(jobs, { audit, retentionDays: config.AUDIT_RETENTION_DAYS, log });
  changes.on('public-reads', () => publicReads.clear());

  return {
    config,
    auth: accounts,
    rateLimits: createRateLimits({
      db,
      redisUrl: config.REDIS_URL,
      points: config.AUTH_RATE_LIMIT,
      log,
    }),
    terms,
    movies,
    publicReads,
    pageCache,
    episodes: createEpisodesService({ db, events }),
    subtitles,
    seo: createSeoService({ db, storageRoot: path.join(config.dataDir, 'storage'), storage }),
    watch,
    views,
    presence,
    home,
    search: createSearchService({ db }),
    reports,
    overview: createOverviewService({
      db,
      dataDir: config.dataDir,
      presence,
      reports,
      storage,
    }),
    notifications,
    history,
    follows: createFollowsService({ db }),
    profile: createProfileService({ db, history }),
    backups,
    audit,
    system: createSystemService({ db, version: appVersion }),
    events,
    /** Sends this process's events to the others (and theirs to this one's shared listeners). */
    relay,
    jobs,
    /** The ffmpeg and ffprobe in use; start-up logs them once. */
    media,
    storageCache,
    /** The storage driver every media file goes through (decision 055). */
    storage,
    /** Where tus keeps video uploads while they arrive. */
    uploadStore,
    videoFiles: files,
    transcoder,
    videos,
    uploads,
    /** Local Files (decision 050): the admins' file manager, through the storage interface. */
    localFiles,
    changes,
    settings,
    site,
  };
}
