// Whether React has hydrated the page: false in the server's render and during hydration, true after it.
import { useSyncExternalStore } from 'react';

/** Nothing changes a value read this way after the first render in the browser. */
export const subscribeToNothing = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
