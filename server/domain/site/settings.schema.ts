// Every setting admins edit, by key: one JSON value each in `site_settings`, read and written through the
// settings service (decision 046). A key's schema validates what admins send and what the database holds.
import type { z } from 'zod';
import type { Locale } from '#shared/i18n.ts';
import { DEFAULT_MOVIES_PAGE, moviesPageSchema } from './movies-page.schema.ts';
import { DEFAULT_NAVIGATION, navigationSchema } from './navigation.schema.ts';
import { siteAssetsSchema } from './site-assets.schema.ts';
import { webInfoSchema, type WebInfo } from './web-info.schema.ts';

export const SETTINGS = {
  web_info: webInfoSchema,
  site_assets: siteAssetsSchema,
  navigation: navigationSchema,
  movies_page: moviesPageSchema,
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type Settings = { [K in SettingKey]: z.output<(typeof SETTINGS)[K]> };
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

/** What a key reads while nothing is stored; Web Info's first value comes from the environment. */
export function defaultSettings(first: { siteName: string; defaultLocale: Locale }): Settings {
  const webInfo: WebInfo = webInfoSchema.parse({
    site_name: first.siteName,
    default_locale: first.defaultLocale,
  });
  return {
    web_info: webInfo,
    site_assets: {},
    navigation: DEFAULT_NAVIGATION,
    movies_page: DEFAULT_MOVIES_PAGE,
  };
}
