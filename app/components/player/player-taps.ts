// Double-tap to seek on touch screens, as phone players do: the pure decision of what a tap does, from where it
// landed and what the tap before it was. Tested without a browser (player.test.tsx).
import { SEEK_STEP_SECONDS } from './player-shortcuts.ts';

/** Two taps closer together than this, on the same side, are a double tap. */
export const DOUBLE_TAP_MS = 300;
/** Once seeking, each further tap on that side within this adds another step ("−20 s", "−30 s"…). */
export const SEEK_CHAIN_MS = 700;

export type TapZone = 'back' | 'middle' | 'forward';

/** What the previous tap left behind: where and when it was, and how far the current run has seeked. */
export type TapMemory = { zone: TapZone; at: number; seeked: number } | null;

export type TapResult = {
  /** `pass`: an ordinary tap, left to Media Chrome (it shows or hides the controls). */
  action: { type: 'pass' } | { type: 'seek'; seconds: number; total: number };
  memory: TapMemory;
};

/** The left third seeks back, the right third forward; the middle is the play button's and the controls'. */
export function tapZone(x: number, width: number): TapZone {
  if (width <= 0) return 'middle';
  if (x < width / 3) return 'back';
  if (x > (width * 2) / 3) return 'forward';
  return 'middle';
}

/** `x` is the tap's offset from the player's left edge, `at` its time in ms (any monotonic clock). */
export function tapAction(
  tap: { x: number; width: number; at: number },
  last: TapMemory,
): TapResult {
  const zone = tapZone(tap.x, tap.width);
  const window = last?.seeked ? SEEK_CHAIN_MS : DOUBLE_TAP_MS;
  const follows =
    last !== null && last.zone === zone && tap.at - last.at >= 0 && tap.at - last.at <= window;
  if (zone === 'middle' || !follows) {
    return { action: { type: 'pass' }, memory: { zone, at: tap.at, seeked: 0 } };
  }
  const step = zone === 'back' ? -SEEK_STEP_SECONDS : SEEK_STEP_SECONDS;
  const total = last.seeked + step;
  return {
    action: { type: 'seek', seconds: step, total },
    memory: { zone, at: tap.at, seeked: total },
  };
}
