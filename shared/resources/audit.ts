// One row of the audit log (decision 051): an admin's write through the API — who, when, from where, what it was
// (`movies.update`, `backups.restore`, `settings.web_info`), to which row, how it ended, and the values.
import { z } from 'zod';

export const auditEntrySchema = z
  .object({
    id: z.number(),
    created_at: z.string(),
    /** The admin; `id` stays when the account is deleted, so the email is kept beside it. */
    actor: z.object({ id: z.string().nullable(), email: z.string() }),
    ip: z.string(),
    /** The area and what was done to it: `movies.create`, `users.ban`, `settings.web_info`. */
    action: z.string(),
    /** The area (`movies`, `users`, `settings`…) and the row's id (or ids, or a key), when the route names one. */
    target_type: z.string(),
    target_id: z.string(),
    method: z.string(),
    path: z.string(),
    /** The answer's status: below 400 it was done, else refused. */
    status: z.number(),
    /** The back-office screen the admin was on. */
    screen: z.string(),
    /** Settings: the whole value before and after. Other writes: `after` is what the admin sent (secrets hidden). */
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditFacetsSchema = z
  .object({
    actors: z.array(z.object({ id: z.string(), email: z.string() })),
    areas: z.array(z.string()),
  })
  .meta({ id: 'AuditFacets' });
