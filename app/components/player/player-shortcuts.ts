// The player's keyboard shortcuts (FIELD-NOTES "Player keys"): which key does what, and the list the help
// dialog shows. Pure, so it is tested without a browser.
export type PlayerAction =
  | { type: 'toggle-play' }
  | { type: 'seek-by'; seconds: number }
  | { type: 'seek-to-fraction'; fraction: number }
  | { type: 'volume-by'; amount: number }
  | { type: 'toggle-mute' }
  | { type: 'toggle-fullscreen' }
  | { type: 'toggle-captions' }
  | { type: 'next-episode' }
  | { type: 'toggle-theatre' }
  | { type: 'help' };

type KeyLike = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>;

export const SEEK_STEP_SECONDS = 10;
export const VOLUME_STEP = 0.1;

/** The action for a key press, or null when the key is not a shortcut (then the page keeps it). */
export function actionForKey(event: KeyLike): PlayerAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = event.key;
  if (key === '?') return { type: 'help' };
  if (event.shiftKey && (key === 'N' || key === 'n')) return { type: 'next-episode' };
  if (event.shiftKey && key !== ' ') return null;
  // A letter does the same in either case (Caps Lock on).
  switch (key.length === 1 ? key.toLowerCase() : key) {
    case ' ':
    case 'k':
      return { type: 'toggle-play' };
    case 'j':
    case 'ArrowLeft':
      return { type: 'seek-by', seconds: -SEEK_STEP_SECONDS };
    case 'l':
    case 'ArrowRight':
      return { type: 'seek-by', seconds: SEEK_STEP_SECONDS };
    case 'ArrowUp':
      return { type: 'volume-by', amount: VOLUME_STEP };
    case 'ArrowDown':
      return { type: 'volume-by', amount: -VOLUME_STEP };
    case 'm':
      return { type: 'toggle-mute' };
    case 'f':
      return { type: 'toggle-fullscreen' };
    case 'c':
      return { type: 'toggle-captions' };
    case 't':
      return { type: 'toggle-theatre' };
    default:
      return /^[0-9]$/.test(key) ? { type: 'seek-to-fraction', fraction: Number(key) / 10 } : null;
  }
}

/** Rows of the help dialog: keys as shown, and the message key of what they do. */
export const shortcutList = [
  { keys: ['Space', 'K'], label: 'player.keys.play' },
  { keys: ['J', '←'], label: 'player.keys.back' },
  { keys: ['L', '→'], label: 'player.keys.forward' },
  { keys: ['↑', '↓'], label: 'player.keys.volume' },
  { keys: ['M'], label: 'player.keys.mute' },
  { keys: ['F'], label: 'player.keys.fullscreen' },
  { keys: ['C'], label: 'player.keys.captions' },
  { keys: ['T'], label: 'player.keys.theatre' },
  { keys: ['Shift + N'], label: 'player.keys.next' },
  { keys: ['0 – 9'], label: 'player.keys.jump' },
  { keys: ['?'], label: 'player.keys.help' },
] as const;

/** Typing in a field, or a key a focused control handles itself, is not a shortcut. */
export function isOwnKeyTarget(target: EventTarget | null, key: string) {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  const tag = target.tagName.toLowerCase();
  if (tag === 'input' || tag === 'textarea' || tag === 'select') return true;
  if ((target as HTMLElement).isContentEditable) return true;
  const activates = key === ' ' || key === 'Enter';
  // Buttons, links and Media Chrome's own controls (their tags start with `media-`) act on Space themselves.
  if (activates && (tag === 'button' || tag === 'a' || tag.startsWith('media-'))) return true;
  if (tag.startsWith('media-') && key.startsWith('Arrow')) return true;
  return Boolean(target.closest('[role="dialog"], [role="menu"], [role="listbox"]'));
}
