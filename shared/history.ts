// Watch history's rules, the same for the server and the player (issue 16).

/** Below this share of the runtime an episode starts from the beginning: nothing worth resuming yet. */
export const RESUME_FROM = 0.05;
/** From this share of the runtime on, the episode counts as watched and "Watch" moves to the next one. */
export const WATCHED_AT = 0.9;
/** How often the player saves the position while playing, besides pause, seek and leaving the page. */
export const HISTORY_SAVE_EVERY_MS = 10_000;

/** Where to start an episode saved at `position` of `duration` seconds: 0 unless it is worth resuming. */
export function resumeAt(position: number, duration: number): number {
  if (!(duration > 0)) return 0;
  const share = position / duration;
  return share >= RESUME_FROM && share < WATCHED_AT ? Math.floor(position) : 0;
}

/** How many episodes a guest's browser remembers, and so the most that merge into the account at sign-in. */
export const GUEST_HISTORY_MAX = 50;

export function isWatched(position: number, duration: number): boolean {
  return duration > 0 && position / duration >= WATCHED_AT;
}
