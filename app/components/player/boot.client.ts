// The early start of the player: the watch page's server-rendered frame (<Player> on the server) carries the media
// setup and a play button, and an inline script imports this module's chunk as soon as the parser reaches it,
// without waiting for the React app. It makes the `<hls-video>` there at once, so hls.js fetches the
// playlist and first segment, and the play button plays, while the app's modules load and hydrate; the player
// takes the same element over when it mounts (takeEarlyElement), still playing. Also imported by the player's
// media module, where it finds nothing left to do.
import { createMediaElement, keepEarlyElement, type MediaSetup } from './media-element.client.ts';

function start() {
  const frame = document.querySelector<HTMLElement>('[data-player-boot]');
  const holder = frame?.querySelector('[data-player-boot-media]');
  const play = frame?.querySelector<HTMLButtonElement>('[data-player-boot-play]');
  if (!frame || !holder || !play || frame.hasAttribute('data-started')) return;
  let setup: MediaSetup;
  try {
    setup = JSON.parse(frame.dataset.playerBoot ?? '') as MediaSetup;
  } catch {
    return;
  }
  frame.setAttribute('data-started', '');
  const video = createMediaElement(setup, holder);
  keepEarlyElement(setup.src, video);
  play.disabled = false;
  // hls.js attaches to the element a moment after its source is set, and that new load would cut short a play()
  // made before it: a press before then plays at the element's first `loadstart`. (Playing as soon as hls.js is
  // there, a few microtasks in, started no sooner: bench/playback.ts.)
  let attached = false;
  let wanted = false;
  const playNow = () =>
    video.play().catch(() => {
      // Refused: a touch's pointerdown is not yet a gesture (its click plays), or a browser that wants the call
      // inside the press itself (a press before this module ran): the button is still there to press again.
      wanted = false;
      play.removeAttribute('data-requested');
    });
  video.addEventListener(
    'loadstart',
    () => {
      attached = true;
      if (wanted) void playNow();
    },
    { once: true },
  );
  const onPress = () => {
    wanted = true;
    if (attached) void playNow();
  };
  // Also on pointerdown: the app may replace this button between a press and its release, and a click needs both
  // on the same element (keyboards and touch still play on click).
  play.addEventListener('pointerdown', onPress);
  play.addEventListener('click', onPress);
  // Pressed before this module ran (the page's inline script noted it).
  if (play.hasAttribute('data-requested')) onPress();
  video.addEventListener('play', () => (play.hidden = true), { once: true });
}

// Modules are also loaded where there is no page (unit tests import the player).
if (typeof document !== 'undefined') start();
