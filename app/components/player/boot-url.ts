// Where the built early-start module (boot.client.ts) is, for the watch page's inline script: its chunk is named
// `player-boot` by vite.config.ts, and React Router's manifest lists it among the watch route's imports.
import { createContext, useContext } from 'react';

type Manifest = { routes: Record<string, { imports?: string[] } | undefined> };

const found = new WeakMap<Manifest, string>();

/** The chunk's URL, or '' when the build has none (development serves modules one by one). */
export function findPlayerBootUrl(manifest: Manifest): string {
  let url = found.get(manifest);
  if (url === undefined) {
    url = '';
    for (const route of Object.values(manifest.routes)) {
      const match = route?.imports?.find((chunk) => /\/player-boot-[\w-]+\.js$/.test(chunk));
      if (match) {
        url = match;
        break;
      }
    }
    found.set(manifest, url);
  }
  return url;
}

const PlayerBootContext = createContext('');
export const PlayerBootProvider = PlayerBootContext.Provider;
export const usePlayerBootUrl = () => useContext(PlayerBootContext);
