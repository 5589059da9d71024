// Accounts as the API answers them: the user, the admin's view of a user and a signed-in session (device). The
// routes serialise with these schemas, the services build these types, and the pages read them.
import { z } from 'zod';
import { locales } from '#shared/i18n.ts';
import { NOTIFICATION_EMAILS } from '#shared/notifications.ts';

export const userSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
    roles: z.array(z.string()),
    email_verified_at: z.string().nullable(),
    locale: z.enum(locales),
    /** Notifications by email: none, one per notification, or a daily digest (verified addresses only). */
    notification_email: z.enum(NOTIFICATION_EMAILS),
    created_at: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const adminUserSchema = userSchema
  .extend({
    banned: z.boolean(),
    ban_reason: z.string().nullable(),
    ban_expires_at: z.string().nullable(),
    last_active_at: z.string().nullable(),
    sessions_count: z.number().int(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const sessionSchema = z
  .object({
    id: z.string(),
    device_name: z.string().nullable(),
    browser: z.string().nullable(),
    os: z.string().nullable(),
    device_type: z.string().nullable(),
    ip_address: z.string().nullable(),
    created_at: z.string(),
    last_active_at: z.string().nullable(),
    current: z.boolean(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;
