// Site Assets (`/vnwa/setting/site-assets`, spec §3, §7, §8): HTML snippets by placement. `head` goes into the
// document head, `body_start` at the start of the body and `body_end` at its end; only script, style and link
// elements are injected, on public pages only (issue 17, decision 047).
import { z } from 'zod';

export const SITE_ASSET_PLACEMENTS = ['head', 'body_start', 'body_end'] as const;

/** Per placement: room for an analytics tag or a stylesheet, not for a bundle. */
export const SITE_ASSET_MAX_LENGTH = 100_000;

export const siteAssetsSchema = z.partialRecord(
  z.enum(SITE_ASSET_PLACEMENTS),
  z.string().max(SITE_ASSET_MAX_LENGTH, `At most ${SITE_ASSET_MAX_LENGTH} characters.`),
);

export type SiteAssets = z.output<typeof siteAssetsSchema>;

/** The elements of a snippet that are injected, and the attributes that name what they load. */
const LOADING_TAG = /<(script|link)\b([^>]*)>/gi;
const attribute = (name: string) =>
  new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, 'i');
const SOURCE = { script: attribute('src'), link: attribute('href') };

/**
 * The origins the snippets load from, for the public pages' Content-Security-Policy (decision 047): each
 * `<script src>` (script-src) and `<link href>` (style-src and font-src, for web fonts). Only http(s) origins;
 * relative URLs are the site's own, already allowed.
 */
export function siteAssetOrigins(assets: SiteAssets): { script: string[]; style: string[] } {
  const script = new Set<string>();
  const style = new Set<string>();
  for (const html of Object.values(assets)) {
    for (const [, tag, attributes] of html?.matchAll(LOADING_TAG) ?? []) {
      const kind = tag!.toLowerCase() as keyof typeof SOURCE;
      const match = SOURCE[kind].exec(attributes ?? '');
      const origin = match && httpOrigin(match.slice(1).find((value) => value !== undefined) ?? '');
      if (origin) (kind === 'script' ? script : style).add(origin);
    }
  }
  return { script: [...script], style: [...style] };
}

function httpOrigin(value: string) {
  try {
    const url = new URL(value.trim().replace(/^\/\//, 'https://'));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}
