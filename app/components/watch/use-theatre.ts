// Theatre mode on the watch page (decision 034), kept with the player's preferences. `data-theatre` on <html> is the
// one place it lives: the layout follows it (the `theatre:` variant), the inline script sets it before a
// server-rendered page paints, this hook sets it on a client navigation and clears it on leaving, and the button
// reads it.
import { useCallback, useLayoutEffect, useSyncExternalStore } from 'react';
import {
  applyTheatre,
  readPlayerPreferences,
  savePlayerPreferences,
  THEATRE_ATTRIBUTE,
} from '#app/components/player/player-preferences.ts';

/** Theatre mode is for screens where the details can sit beside the episode grid below the player (`lg`). */
const THEATRE_MEDIA = '(min-width: 64rem)';

/** Re-renders when `data-theatre` on <html> changes. */
function subscribeTheatre(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributeFilter: [THEATRE_ATTRIBUTE] });
  return () => observer.disconnect();
}

/** Whether theatre mode is on, and the switch (the button, and T in the player). */
export function useTheatre() {
  const theatre = useSyncExternalStore(
    subscribeTheatre,
    () => document.documentElement.hasAttribute(THEATRE_ATTRIBUTE),
    () => false,
  );
  useLayoutEffect(() => {
    applyTheatre(readPlayerPreferences().theatre);
    return () => applyTheatre(false);
  }, []);
  const toggle = useCallback(() => {
    // T on a narrow screen would change a layout nobody sees there.
    if (!matchMedia(THEATRE_MEDIA).matches) return;
    const on = !document.documentElement.hasAttribute(THEATRE_ATTRIBUTE);
    applyTheatre(on);
    savePlayerPreferences({ theatre: on });
  }, []);
  return [theatre, toggle] as const;
}
