// Media: uploaded videos, from the resumable upload through transcoding to the HLS ladder, with a trash.
import type { VideoStatus } from '#shared/catalog.ts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identity, timestamps } from './columns.ts';

/** One rung of the HLS ladder as written to the master playlist. */
export type Rendition = {
  name: string;
  width: number;
  height: number;
  /** Peak bits per second, as in the master playlist's BANDWIDTH. */
  bandwidth: number;
  codecs: string;
  playlist: string;
};

export const videos = pgTable(
  'videos',
  {
    id: identity(),
    name: text('name').notNull(),
    status: text('status').$type<VideoStatus>().notNull().default('uploading'),
    /** 0–100 while transcoding. */
    progress: integer('progress').notNull().default(0),
    failureReason: text('failure_reason'),
    originalFilename: text('original_filename').notNull(),
    /** Bytes of the uploaded original. */
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** Seconds. */
    duration: doublePrecision('duration'),
    width: integer('width'),
    height: integer('height'),
    /** What ffprobe found in the original: `{ video: 'h264', audio: 'aac' }`. */
    codecs: jsonb('codecs').$type<{ video: string | null; audio: string | null }>(),
    renditions: jsonb('renditions')
      .$type<Rendition[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Where the finished output lives inside storage, such as `videos/12/3f9a0c1b` (a new one per transcode). */
    storagePrefix: text('storage_prefix'),
    posterPath: text('poster_path'),
    storyboardPath: text('storyboard_path'),
    /** The tus upload id while the file is arriving. */
    uploadId: text('upload_id'),
    /** The pg-boss job that owns the transcode; a job that is not this one does nothing. */
    jobId: text('job_id'),
    /** Written by the running transcode every second; a stale one means its process died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** Set while the video is in the trash. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Name without diacritics, lower-cased, for search. */
    searchText: text('search_text').notNull().default(''),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('videos_upload_id_idx').on(table.uploadId),
    index('videos_deleted_created_idx').on(table.deletedAt, table.createdAt),
    index('videos_status_idx').on(table.status),
    index('videos_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check(
      'videos_status_check',
      sql`${table.status} in ('uploading', 'queued', 'processing', 'ready', 'failed')`,
    ),
    check('videos_progress_check', sql`${table.progress} between 0 and 100`),
  ],
);
