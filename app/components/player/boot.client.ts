// The early start of the player: the watch page's server-rendered frame (<Player> on the server) carries the media
// setup and a play button, and an inline script imports this module's chunk as soon as the parser reaches it,
// without waiting for the React app. It makes the `<hls-video>` there at once, so hls.js fetches the
// playlist and first segment, and the play button plays; the app's modules wait until it has its first frame
// (settle, below), and the player takes the same element over when it mounts (takeEarlyElement), still playing.
// Also imported by the player's media module, where it finds nothing left to do.
import type { HlsVideoElement } from 'hls-video-element';
import { EARLY_START_ATTRIBUTE, EARLY_START_SETTLED, MEDIA_FAILED } from './early-start.ts';
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
    settle(frame);
    return;
  }
  frame.setAttribute('data-started', '');
  // The poster the frame's <img> already chose from its srcset for this screen: the video shows that file rather
  // than fetching a 1280-pixel copy of the same picture beside it.
  const chosen = setup.poster && frame.querySelector('img')?.currentSrc;
  const video = createMediaElement(chosen ? { ...setup, poster: chosen } : setup, holder);
  keepEarlyElement(setup.src, video);
  play.disabled = false;
  // hls.js attaches to the element a moment after its source is set, and that new load would cut short a play()
  // made before it: a press before then plays at the element's first `loadstart`. (Playing as soon as hls.js is
  // there, a few microtasks in, started no sooner: bench/playback.ts.)
  let attached = false;
  let wanted = false;
  settleWhenReady(frame, video, () => wanted);
  const playNow = () =>
    video.play().catch(() => {
      // Refused: a touch's pointerdown is not yet a gesture (its click plays), or a browser that wants the call
      // inside the press itself (a press before this module ran): the button is still there to press again.
      wanted = false;
      play.removeAttribute('data-requested');
      settle(frame);
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

/**
 * Tells the page's inline script (early-start.ts) that the early start no longer needs the CPU and the network
 * first, so the app's modules may load and hydrate: on two cores, loading them beside hls.js and the first segment
 * put the first frame back by a third. Settled at the first frame shown once playing; at the first frame loaded
 * when nobody has pressed play by then (a later press plays from data already there); on an error (of the media
 * or of hls.js) or a refused play().
 */
function settleWhenReady(frame: HTMLElement, video: HlsVideoElement, pressed: () => boolean) {
  const done = () => settle(frame);
  video.addEventListener('error', done, { once: true });
  video.addEventListener(MEDIA_FAILED, done, { once: true });
  video.addEventListener(
    'loadeddata',
    () => {
      if (!pressed()) done();
    },
    { once: true },
  );
  video.addEventListener(
    'playing',
    () => {
      const native = (video as unknown as { nativeEl?: HTMLVideoElement }).nativeEl;
      if (native && 'requestVideoFrameCallback' in native) native.requestVideoFrameCallback(done);
      else done();
    },
    { once: true },
  );
}

function settle(frame: HTMLElement) {
  if (frame.getAttribute(EARLY_START_ATTRIBUTE) === 'settled') return;
  frame.setAttribute(EARLY_START_ATTRIBUTE, 'settled');
  frame.dispatchEvent(new Event(EARLY_START_SETTLED));
}

// Modules are also loaded where there is no page (unit tests import the player).
if (typeof document !== 'undefined') start();
