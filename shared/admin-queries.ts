// The query of each admin list (users, movies, genres/types/nations, videos and their trash, reports, audit log), read by its API route
// and by its page's loader from the same definition.
import { z } from 'zod';
import { MOVIE_STATUSES, VIDEO_STATUSES } from './catalog.ts';
import { listQuery } from './list-query.ts';
import { ROLES } from './accounts.ts';
import { REPORT_REASONS, REPORT_STATUSES } from './reports.ts';

export const USER_STATUSES = ['active', 'banned', 'unverified'] as const;
export const VIDEO_SORTS = [
  'name',
  'status',
  'size',
  'duration',
  'created_at',
  'updated_at',
] as const;

export const usersQuery = listQuery({
  sorts: ['name', 'email', 'created_at', 'last_active_at'],
  defaults: { sort: 'created_at', order: 'desc' },
  filters: { role: z.enum(ROLES), status: z.enum(USER_STATUSES) },
});

const termId = z.coerce.number().int().positive();
export const moviesQuery = listQuery({
  sorts: ['relevance', 'title', 'year', 'status', 'views', 'episodes', 'updated_at', 'created_at'],
  defaults: { sort: 'updated_at', order: 'desc' },
  filters: {
    genre: termId,
    type: termId,
    nation: termId,
    status: z.enum(MOVIE_STATUSES),
    year: z.coerce.number().int().min(1888).max(2100),
    published: z.enum(['true', 'false']),
  },
});

export const termsQuery = listQuery({
  sorts: ['name', 'order', 'movies_count', 'created_at'],
  defaults: { sort: 'order', order: 'asc' },
});

const videoFilters = { status: z.enum(VIDEO_STATUSES) };
export const videosQuery = listQuery({
  sorts: VIDEO_SORTS,
  defaults: { sort: 'created_at', order: 'desc' },
  filters: videoFilters,
});
/** The trash shows what went most recently first; its API is the video list's. */
export const trashQuery = listQuery({
  sorts: VIDEO_SORTS,
  defaults: { sort: 'updated_at', order: 'desc' },
  filters: videoFilters,
});

/** The Report Manager: newest first; by state, reason or movie (its id). */
export const reportsQuery = listQuery({
  sorts: ['created_at', 'movie', 'status', 'reason'],
  defaults: { sort: 'created_at', order: 'desc' },
  filters: {
    status: z.enum(REPORT_STATUSES),
    reason: z.enum(REPORT_REASONS),
    movie: termId,
  },
});

/** The audit log (decision 051): newest first; by area, admin, outcome and how far back. */
export const auditQuery = listQuery({
  sorts: ['created_at'],
  defaults: { sort: 'created_at', order: 'desc' },
  filters: {
    area: z.string().trim().min(1).max(40),
    actor: z.string().trim().min(1).max(100),
    outcome: z.enum(['ok', 'refused']),
    since: z.enum(['day', 'week', 'month']),
  },
});
