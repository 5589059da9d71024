// Watch history in the player (issue 16, decision 040): starts where the viewer left off, and saves the position
// every ~10 s while playing, on pause, after a seek and when the page hides (a beacon, which outlives the page).
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { HISTORY_SAVE_EVERY_MS } from '#shared/history.ts';

/** How long "Resumed from 12:34 · Start over" shows. */
const RESUMED_NOTICE_MS = 10_000;

export type WatchHistory = {
  /** Where to start, in seconds: 0 for the beginning (nothing saved, or too little or too much watched). */
  startAt: number;
  save: (position: number, duration: number) => void;
};

/** Answers where playback resumed (null when it started from the beginning) and a way back to the start. */
export function useWatchHistory(
  videoRef: RefObject<HTMLVideoElement | null>,
  history: WatchHistory | null | undefined,
) {
  const [resumedFrom, setResumedFrom] = useState<number | null>(null);
  const historyRef = useRef(history);
  useEffect(() => {
    historyRef.current = history;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !historyRef.current) return;
    const listening = new AbortController();
    const on = { signal: listening.signal };
    let lastSaved = 0;
    const save = () => {
      const duration = Number.isFinite(video.duration) ? video.duration : 0;
      // Nothing to say before the media knows its length, or while it is still where it was resumed.
      if (!(duration > 0) || video.currentTime <= 0) return;
      lastSaved = performance.now();
      historyRef.current?.save(video.currentTime, duration);
    };
    const resume = () => {
      const startAt = historyRef.current?.startAt ?? 0;
      // Only once, and not over a viewer who has already moved on (the early start may be playing).
      if (startAt > 0 && video.currentTime < 1) {
        video.currentTime = startAt;
        setResumedFrom(startAt);
      }
    };
    if (video.readyState > 0) resume();
    else video.addEventListener('loadedmetadata', resume, { ...on, once: true });
    video.addEventListener(
      'timeupdate',
      () => {
        if (!video.paused && performance.now() - lastSaved >= HISTORY_SAVE_EVERY_MS) save();
      },
      on,
    );
    video.addEventListener('pause', save, on);
    video.addEventListener('seeked', save, on);
    document.addEventListener(
      'visibilitychange',
      () => {
        if (document.visibilityState === 'hidden') save();
      },
      on,
    );
    window.addEventListener('pagehide', save, on);
    return () => {
      // Leaving for another episode: where this one was left.
      save();
      listening.abort();
    };
  }, [videoRef]);

  // The offer to start over stays a while, then gets out of the picture.
  useEffect(() => {
    if (resumedFrom === null) return;
    const timer = setTimeout(() => setResumedFrom(null), RESUMED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [resumedFrom]);

  const startOver = useCallback(() => {
    const video = videoRef.current;
    if (video) video.currentTime = 0;
    setResumedFrom(null);
  }, [videoRef]);
  return { resumedFrom, startOver };
}
