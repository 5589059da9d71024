// Settings admins edit (Web Info, Site Assets, navigation, the Movies Page Manager), kept in memory and read
// synchronously by every request; a write updates this node at once and tells the others through the change
// feed, which reload from the database (decision 046). A stored value that no longer parses (a schema changed)
// reads as the default, with a warning, rather than breaking every page.
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import type { ChangeFeed } from '#server/db/change-feed.ts';
import { siteSettings } from '#server/db/schema/index.ts';
import { SETTING_KEYS, SETTINGS, type SettingKey, type Settings } from './settings.schema.ts';

type Log = { warn: (object: object, message: string) => void };

export type SettingsService = ReturnType<typeof createSettingsService>;

const TOPIC = 'settings';

export function createSettingsService(options: {
  db: Database;
  changes: ChangeFeed;
  defaults: Settings;
  log?: Log;
}) {
  const { db, changes, defaults, log } = options;
  const current: Settings = { ...defaults };
  const listeners = new Set<(key: SettingKey) => void>();

  function parse<K extends SettingKey>(key: K, value: unknown): Settings[K] {
    const parsed = SETTINGS[key].safeParse(value);
    if (parsed.success) return parsed.data as Settings[K];
    log?.warn(
      { key, issues: parsed.error.issues },
      'stored setting does not parse; using its default',
    );
    return defaults[key];
  }

  function changed(key: SettingKey) {
    for (const listener of listeners) listener(key);
  }

  async function reload() {
    const rows = await db.select().from(siteSettings);
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    for (const key of SETTING_KEYS) {
      const next = stored.has(key) ? parse(key, stored.get(key)) : defaults[key];
      if (JSON.stringify(next) === JSON.stringify(current[key])) continue;
      (current as Record<SettingKey, unknown>)[key] = next;
      changed(key);
    }
  }

  return {
    /**
     * Stores Web Info's first-boot value (so that `SITE_NAME` and `DEFAULT_LOCALE` are defaults only), loads
     * every key, and follows other nodes' writes.
     */
    async start() {
      let seeded = false;
      const sync = async () => {
        if (!seeded)
          await db
            .insert(siteSettings)
            .values({ key: 'web_info', value: defaults.web_info })
            .onConflictDoNothing();
        seeded = true;
        await reload();
      };
      changes.on(TOPIC, () => {
        sync().catch((error: unknown) => log?.warn({ err: error }, 'settings reload failed'));
      });
      // A database that is down at start-up leaves the defaults in place until the feed gets through.
      await sync().catch((error: unknown) =>
        log?.warn({ err: error }, 'settings not loaded; using defaults until the database answers'),
      );
    },

    get<K extends SettingKey>(key: K): Settings[K] {
      return current[key];
    },

    /** Validates and stores a key's whole value; answers what it was and what it is now (for the audit log). */
    async set<K extends SettingKey>(key: K, input: unknown, actorId: string | null) {
      const value = SETTINGS[key].parse(input) as Settings[K];
      const before = current[key];
      await db
        .insert(siteSettings)
        .values({ key, value, updatedBy: actorId })
        .onConflictDoUpdate({
          target: siteSettings.key,
          set: {
            value,
            updatedBy: actorId,
            updatedAt: sql`now()`,
            version: sql`${siteSettings.version} + 1`,
          },
        });
      current[key] = value;
      changed(key);
      await changes.publish(TOPIC);
      return { before, after: value };
    },

    /** Runs `listener` after a key changed, on this node or (through the feed) another. */
    onChange(listener: (key: SettingKey) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Reads the database again (tests; a node that suspects it missed a change). */
    reload,
  };
}
