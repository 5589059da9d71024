// What the player remembers between visits, in localStorage: volume, mute, speed, the caption choice, whether
// the next episode starts by itself, and theatre mode. Storage may be missing or full; then nothing is remembered.
export const PLAYER_PREFERENCES_KEY = 'phim-player';

export type PlayerPreferences = {
  volume: number;
  muted: boolean;
  rate: number;
  /** The language (or label) of the last captions shown; `off` when they were turned off. */
  captions: string | null;
  autoNext: boolean;
  /** Theatre mode: on wide screens the watch page's player spans the window above the episode's details. */
  theatre: boolean;
};

export const defaultPlayerPreferences: PlayerPreferences = {
  volume: 1,
  muted: false,
  rate: 1,
  captions: null,
  autoNext: true,
  theatre: false,
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Reads the stored choices, ignoring anything out of range or of the wrong type. */
export function readPlayerPreferences(): PlayerPreferences {
  const result = { ...defaultPlayerPreferences };
  try {
    const stored = JSON.parse(localStorage.getItem(PLAYER_PREFERENCES_KEY) ?? '{}') as Record<
      string,
      unknown
    >;
    if (typeof stored.volume === 'number' && Number.isFinite(stored.volume))
      result.volume = clamp(stored.volume, 0, 1);
    if (typeof stored.muted === 'boolean') result.muted = stored.muted;
    if (typeof stored.rate === 'number' && Number.isFinite(stored.rate))
      result.rate = clamp(stored.rate, 0.25, 4);
    if (typeof stored.captions === 'string') result.captions = stored.captions.slice(0, 40);
    if (typeof stored.autoNext === 'boolean') result.autoNext = stored.autoNext;
    if (typeof stored.theatre === 'boolean') result.theatre = stored.theatre;
  } catch {
    // Unreadable or missing storage: the defaults.
  }
  return result;
}

export function savePlayerPreferences(changes: Partial<PlayerPreferences>) {
  try {
    const next = { ...readPlayerPreferences(), ...changes };
    localStorage.setItem(PLAYER_PREFERENCES_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the choice lasts for this page only.
  }
}

/** On <html> while theatre mode is on: the `theatre:` variant (app.css) lays the watch page out for it. */
export const THEATRE_ATTRIBUTE = 'data-theatre';

/**
 * Set before the watch page paints (an inline script where the server rendered it), so a viewer who chose theatre
 * mode never sees the page jump into it. After that the page keeps the attribute itself (`applyTheatre`).
 */
export const theatreScript = `try{if(JSON.parse(localStorage.getItem('${PLAYER_PREFERENCES_KEY}')||'{}').theatre===true)document.documentElement.setAttribute('${THEATRE_ATTRIBUTE}','')}catch(e){}`;

export function applyTheatre(on: boolean) {
  document.documentElement.toggleAttribute(THEATRE_ATTRIBUTE, on);
}
