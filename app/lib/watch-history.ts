// Saves a watch position (POST /api/history/{episode}, decision 040) as a beacon: it needs no answer, does not hold
// the page up, and still leaves when the page is closing. The ticket came with the watch page.
export function saveWatchPosition(
  episodeId: number,
  ticket: string,
  position: number,
  duration: number,
) {
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
