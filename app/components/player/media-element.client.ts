// The player's media element, made in one place for both ways it starts: by the early start (boot.client.ts), before
// the React app has hydrated, or by the player itself when it mounts without one (a client-side move to another
// episode, the admin's preview). Browser only: hls-video-element defines a custom element when imported.
import 'hls-video-element';
import type { HlsVideoElement } from 'hls-video-element';
import { MEDIA_FAILED, MEDIA_FAILED_ATTRIBUTE } from './early-start.ts';
import { hlsConfig } from './hls-config.ts';
import { readPlayerPreferences } from './player-preferences.ts';

/** What the media element plays and carries: the same object in the early start's data and the player's props. */
export type MediaSetup = {
  src: string;
  /** The poster image's URL, already sized (not a storage path). */
  poster?: string;
  title: string;
  storyboard?: string | null;
  subtitles: Array<{ id: number; language: string; label: string; url: string }>;
};

/**
 * A playing-ready `<hls-video>` in `parent`, with the remembered volume and mute: put in the page before its source
 * is set, so that hls.js sees the player's size (it never fetches a rung wider than that).
 */
export function createMediaElement(setup: MediaSetup, parent: Element): HlsVideoElement {
  const video = document.createElement('hls-video') as HlsVideoElement;
  video.setAttribute('slot', 'media');
  video.setAttribute('preload', 'metadata');
  video.setAttribute('playsinline', '');
  video.setAttribute('aria-label', setup.title);
  video.dataset.testid = 'player-video';
  if (setup.poster) video.setAttribute('poster', setup.poster);
  if (setup.storyboard) {
    // Media Chrome shows a `thumbnails` metadata track as seek previews.
    video.append(
      track({ kind: 'metadata', label: 'thumbnails', src: setup.storyboard, default: true }),
    );
  }
  for (const subtitle of setup.subtitles) {
    video.append(
      track({
        kind: 'subtitles',
        src: subtitle.url,
        srclang: subtitle.language,
        label: subtitle.label,
      }),
    );
  }
  parent.prepend(video);
  const connection = (navigator as Navigator & { connection?: { downlink?: number } }).connection;
  (video as unknown as { config: unknown }).config = hlsConfig(connection?.downlink);
  const stored = readPlayerPreferences();
  video.volume = stored.volume;
  video.muted = stored.muted;
  video.src = setup.src;
  watchFailure(video);
  return video;
}

type HlsApi = {
  on: (event: string, handler: (event: string, data: { fatal?: boolean }) => void) => void;
};

/**
 * Watches the element's hls.js instance for a fatal error: then marks the element and dispatches MEDIA_FAILED on it.
 * hls-video-element makes that instance a microtask after `src` is set or `load()` runs: after each `load()` again.
 */
export function watchFailure(video: HlsVideoElement) {
  video.removeAttribute(MEDIA_FAILED_ATTRIBUTE);
  setTimeout(() => {
    const api = (video as unknown as { api?: HlsApi | null }).api;
    api?.on('hlsError', (_event, data) => {
      if (!data.fatal) return;
      video.setAttribute(MEDIA_FAILED_ATTRIBUTE, '');
      video.dispatchEvent(new Event(MEDIA_FAILED));
    });
  }, 0);
}

function track(attributes: Record<string, string | boolean>) {
  const element = document.createElement('track');
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, '');
    else if (value !== false) element.setAttribute(name, value);
  }
  return element;
}

/** The element the early start made, waiting for the player to take it over. */
let early: { src: string; video: HlsVideoElement } | null = null;

export function keepEarlyElement(src: string, video: HlsVideoElement) {
  early = { src, video };
}

/** The early start's element for this source (once), or null: then the player makes its own. */
export function takeEarlyElement(src: string): HlsVideoElement | null {
  const kept = early;
  early = null;
  if (!kept) return null;
  if (kept.src === src) return kept.video;
  // Another episode's: dropping its source ends its hls.js instance and downloads.
  kept.video.removeAttribute('src');
  return null;
}
