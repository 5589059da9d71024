// What the server and the Backups page share about backups (decision 045): their origins and the page's query.
import { z } from 'zod';
import { listQuery } from './list-query.ts';

/** Made by an admin, by the daily job, or uploaded. */
export const BACKUP_ORIGINS = ['manual', 'daily', 'upload'] as const;
export type BackupOrigin = (typeof BACKUP_ORIGINS)[number];

/** The Backups page's table: newest first; by name, origin. */
export const backupsQuery = listQuery({
  sorts: ['created_at', 'size'],
  defaults: { sort: 'created_at', order: 'desc' },
  filters: { origin: z.enum(BACKUP_ORIGINS) },
});
