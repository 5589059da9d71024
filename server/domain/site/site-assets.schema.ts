// Site Assets (`/vnwa/setting/site-assets`, spec §3, §7, §8): HTML snippets by placement. `head` goes into the
// document head, every other key into the body; only script, style and link elements are injected (issue 17).
import { z } from 'zod';

export const SITE_ASSET_PLACEMENTS = ['head', 'body_start', 'body_end'] as const;

export const siteAssetsSchema = z.partialRecord(
  z.enum(SITE_ASSET_PLACEMENTS),
  z.string().max(100_000),
);

export type SiteAssets = z.output<typeof siteAssetsSchema>;
