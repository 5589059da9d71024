// Facts about the running service: version, build id and database reachability.
import { pingDatabase, type Database } from '#server/db/client.ts';

export type SystemService = ReturnType<typeof createSystemService>;

export function createSystemService(options: { db: Database; version: string }) {
  let currentBuildId = 'development';
  return {
    version: options.version,
    buildId: () => currentBuildId,
    setBuildId(id: string) {
      currentBuildId = id;
    },
    isDatabaseUp: () => pingDatabase(options.db),
  };
}
