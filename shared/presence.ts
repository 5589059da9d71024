// "Viewers now" on the admin overview (decision 051): the player's heartbeat and how long it counts.

/** While playing, the player says so this often. */
export const PRESENCE_BEAT_MS = 2 * 60_000;
/** A viewer counts as watching this long after their last heartbeat (two beats and some slack). */
export const PRESENCE_WINDOW_MINUTES = 5;
