// Whether a dialog is open anywhere on the page (ours are Radix's: `role="dialog"` with `data-state="open"`; a
// native <dialog open> counts too). The next-episode countdown holds while one is: someone writing a report, or
// reading the shortcuts, is not watching the end card (decision 044).
import { useCallback, useSyncExternalStore } from 'react';

const OPEN_DIALOG =
  '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], dialog[open]';

export const isDialogOpen = () => document.querySelector(OPEN_DIALOG) !== null;

/** Watches the page only while `active` (the countdown runs); false otherwise. */
export function useDialogOpen(active: boolean) {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!active) return () => {};
      // Dialogs come and go in portals at the end of <body>, and change state before they leave.
      const observer = new MutationObserver(notify);
      observer.observe(document.body, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['data-state', 'open'],
      });
      return () => observer.disconnect();
    },
    [active],
  );
  return useSyncExternalStore(
    subscribe,
    () => active && isDialogOpen(),
    () => false,
  );
}
