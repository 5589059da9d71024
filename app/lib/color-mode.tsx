// Colour mode (system, light, dark) kept in localStorage under `nuxt-color-mode`; routes may force one.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

export const COLOR_MODE_KEY = 'nuxt-color-mode';
export const colorModes = ['system', 'light', 'dark'] as const;
export type ColorModePreference = (typeof colorModes)[number];
export type ColorMode = 'light' | 'dark';

export function isColorModePreference(value: unknown): value is ColorModePreference {
  return typeof value === 'string' && (colorModes as readonly string[]).includes(value);
}

export function resolveColorMode(
  preference: ColorModePreference,
  forced: ColorMode | undefined,
  systemDark: boolean,
): ColorMode {
  if (forced) return forced;
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

/**
 * Runs inline in <head> before first paint so the page never flashes the wrong theme.
 * Kept as a string: it must not depend on the bundle.
 */
export const colorModeScript = `(function(){try{var d=document.documentElement;var f=d.getAttribute('data-forced-color-mode');var p=localStorage.getItem('${COLOR_MODE_KEY}');if(p!=='light'&&p!=='dark')p='system';var m=f||(p==='system'?(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'):p);d.classList.toggle('dark',m==='dark');d.style.colorScheme=m;d.setAttribute('data-color-mode-preference',p)}catch(e){}})()`;

type ColorModeState = {
  preference: ColorModePreference;
  mode: ColorMode;
  forced: ColorMode | undefined;
  setPreference: (preference: ColorModePreference) => void;
};

const ColorModeContext = createContext<ColorModeState | null>(null);

function readPreference(): ColorModePreference {
  try {
    const stored = localStorage.getItem(COLOR_MODE_KEY);
    return isColorModePreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

const PREFERENCE_EVENT = 'phim:color-mode';

function subscribePreference(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === COLOR_MODE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(PREFERENCE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(PREFERENCE_EVENT, onChange);
  };
}

const darkQuery = '(prefers-color-scheme: dark)';
function subscribeSystem(onChange: () => void) {
  const media = window.matchMedia(darkQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function applyMode(mode: ColorMode, preference: ColorModePreference) {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
  root.setAttribute('data-color-mode-preference', preference);
}

export function ColorModeProvider({
  forced,
  children,
}: {
  forced?: ColorMode;
  children: ReactNode;
}) {
  // The server cannot know the stored preference; the inline script already painted the right theme.
  const preference = useSyncExternalStore(
    subscribePreference,
    readPreference,
    () => 'system' as const,
  );
  const systemDark = useSyncExternalStore(
    subscribeSystem,
    () => window.matchMedia(darkQuery).matches,
    () => false,
  );
  const mode = resolveColorMode(preference, forced, systemDark);

  useEffect(() => {
    applyMode(mode, preference);
  }, [mode, preference]);

  const setPreference = useCallback((next: ColorModePreference) => {
    try {
      localStorage.setItem(COLOR_MODE_KEY, next);
    } catch {
      // Private mode without storage: nothing to remember the choice in.
    }
    window.dispatchEvent(new Event(PREFERENCE_EVENT));
  }, []);

  const value = useMemo(
    () => ({ preference, mode, forced, setPreference }),
    [preference, mode, forced, setPreference],
  );
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeState {
  const state = useContext(ColorModeContext);
  if (!state) throw new Error('useColorMode must be used inside <ColorModeProvider>');
  return state;
}
