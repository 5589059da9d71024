// Which subtitle track shows: the viewer's remembered choice, and never two at once. Chromium re-selects tracks by
// itself when a showing track's element is put back in its video (the early start's element moving into the
// player does that): with one track showing it turns on the first one too, and two sets of lines pile up.

type Track = { kind: string; language: string; label: string; mode: TextTrackMode };

const isSubtitle = (track: Track) => track.kind === 'subtitles' || track.kind === 'captions';

/** How a choice is remembered: the track's language, or its label when it has none. */
export const captionsKey = (track: Track) => track.language || track.label;

/**
 * Shows the track `wanted` names (a key as above), when there is one, and hides any other that shows; nothing
 * changes without a choice, or when the choice was to turn them off.
 */
export function applyCaptions(tracks: Iterable<Track>, wanted: string | null | undefined) {
  if (!wanted || wanted === 'off') return;
  const subtitles = Array.from(tracks).filter(isSubtitle);
  const chosen = subtitles.find((track) => captionsKey(track) === wanted);
  if (!chosen) return;
  for (const track of subtitles) {
    const mode = track === chosen ? 'showing' : track.mode === 'showing' ? 'disabled' : track.mode;
    if (track.mode !== mode) track.mode = mode;
  }
}

/**
 * After tracks changed: leaves one showing (the one `wanted` names if it is among them, else the last), and answers
 * the choice to remember, `off` when none shows.
 */
export function settleCaptions(tracks: Iterable<Track>, wanted: string | null | undefined) {
  const showing = Array.from(tracks).filter(
    (track) => isSubtitle(track) && track.mode === 'showing',
  );
  if (!showing.length) return 'off';
  const kept = showing.find((track) => captionsKey(track) === wanted) ?? showing.at(-1)!;
  for (const track of showing) if (track !== kept) track.mode = 'disabled';
  return captionsKey(kept);
}
