// Web Info (`/vnwa/setting/web-info`): the site's name, look and SEO defaults, edited by admins (issue 17).
// `SITE_NAME` and `DEFAULT_LOCALE` only seed it on the first boot (decision 046).
import { z } from 'zod';
import { locales } from '#shared/i18n.ts';

/** A picture admins chose: a path under /storage/ (Local Files, an upload) or null for the built-in one. */
const picture = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/storage\/[\w\-./]+$/, 'Pick a picture from Local Files or upload one.')
  .refine((value) => !value.split('/').includes('..'), 'Pick a picture from Local Files.')
  .nullable()
  .default(null);

export const webInfoSchema = z.strictObject({
  site_name: z.string().trim().min(1).max(60),
  tagline: z.string().trim().max(120).default(''),
  logo_light: picture,
  logo_dark: picture,
  favicon: picture,
  default_locale: z.enum(locales),
  title_separator: z.string().min(1).max(5).default(' | '),
  seo_description: z.string().trim().max(300).default(''),
  og_image: picture,
  contact_email: z.union([z.email(), z.literal('')]).default(''),
  social: z
    .array(
      z.strictObject({
        network: z.string().trim().min(1).max(30),
        // Web addresses only: a `javascript:` or `data:` link would run in the visitor's page from the footer.
        url: z
          .url({
            protocol: /^https?$/,
            hostname: z.regexes.domain,
            error: 'Enter a web address (https://…).',
          })
          .max(500),
      }),
    )
    .max(12)
    .default([]),
  footer_text: z
    .strictObject({
      en: z.string().trim().max(500).default(''),
      vi: z.string().trim().max(500).default(''),
    })
    .prefault({}),
  time_zone: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'Unknown time zone.')
    .default('Asia/Ho_Chi_Minh'),
});

export type WebInfo = z.output<typeof webInfoSchema>;
