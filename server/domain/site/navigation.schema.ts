// Navigation links (`/vnwa/Link`): the header and footer menus (issue 17).
import { z } from 'zod';

export const navigationSchema = z.strictObject({
  header: z.array(z.unknown()).default([]),
  footer: z.array(z.unknown()).default([]),
});

export type Navigation = z.output<typeof navigationSchema>;

export const DEFAULT_NAVIGATION: Navigation = { header: [], footer: [] };
