// Where the player resumes and where it saves (decision 040): a signed-in viewer's positions go to the account with
// the ticket their watch page carries (none while history is paused); a guest's stay in this browser until sign-in.
import type { WatchHistory } from '#app/components/player/use-watch-history.client.ts';
import { resumeAt } from '#shared/history.ts';
import { guestPosition, saveGuestPosition } from './guest-history.ts';

/** What the watch page's loader says about the signed-in viewer's place; null for a guest. */
export type AccountPlace = { ticket: string | null; startAt: number } | null;

export function episodeHistory(episodeId: number, account: AccountPlace): WatchHistory {
  if (account) {
    const { ticket, startAt } = account;
    return {
      startAt,
      save: ticket
        ? (position, duration) => saveWatchPosition(episodeId, ticket, position, duration)
        : () => {},
    };
  }
  const kept = guestPosition(episodeId);
  return {
    startAt: kept ? resumeAt(kept.position, kept.duration) : 0,
    save: (position, duration) => saveGuestPosition(episodeId, position, duration),
  };
}

// Saves a watch position (POST /api/history/{episode}) as a beacon: it needs no answer, does not hold the page up,
// and still leaves when the page is closing. The ticket came with the watch page.
function saveWatchPosition(episodeId: number, ticket: string, position: number, duration: number) {
  const url = `/api/history/${episodeId}`;
  const body = JSON.stringify({ ticket, position, duration });
  const queued =
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
  if (!queued) {
    void fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
    }).catch(() => {
      // A lost position is not the viewer's problem: the next save carries a newer one.
    });
  }
}
