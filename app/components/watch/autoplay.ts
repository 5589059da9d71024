// How a move to another episode keeps playing (decision 044): the links and buttons of the watch page navigate with
// this history state, and the next episode's player starts as soon as its media can (the viewer has pressed
// something on this page, so the browser allows sound). A page loaded afresh never starts by itself.

/** The navigation state that asks the next player to play. */
export const AUTOPLAY_STATE = { autoplay: true } as const;

/** Whether a location's state asks for playback. */
export function wantsAutoplay(state: unknown) {
  return Boolean((state as { autoplay?: unknown } | null)?.autoplay);
}
