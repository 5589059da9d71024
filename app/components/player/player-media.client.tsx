// The HLS player behind <Player>, browser only (a `.client` module): Media Chrome's controls over hls-video-element (hls.js), with our
// keyboard shortcuts and help, double-tap to seek on touch screens, remembered volume/speed/captions, skip
// intro/outro, the next-episode card and an error overlay with retry and a way to report the episode.
import 'media-chrome';
import 'media-chrome/menu';
import './boot.client.ts';
import './player.css';
import type { HlsVideoElement } from 'hls-video-element';
import {
  Flag,
  Keyboard,
  Rewind,
  FastForward,
  RotateCcw,
  SkipForward,
  TriangleAlert,
} from 'lucide-react';
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { formatClock } from '#app/lib/format.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import { Button } from '#app/components/ui/button.tsx';
import { Dialog, DialogContent } from '#app/components/ui/dialog.tsx';
import {
  createMediaElement,
  takeEarlyElement,
  watchFailure,
  type MediaSetup,
} from './media-element.client.ts';
import { MEDIA_FAILED, hasFailed } from './early-start.ts';
import { mendMediaChromeA11y } from './media-chrome-a11y.client.ts';
import type { EarlyIntent, PlayerProps } from './player.tsx';
import {
  readPlayerPreferences,
  savePlayerPreferences,
  type PlayerPreferences,
} from './player-preferences.ts';
import {
  actionForKey,
  isOwnKeyTarget,
  shortcutList,
  type PlayerAction,
} from './player-shortcuts.ts';
import { applyCaptions, settleCaptions } from './player-captions.ts';
import { SEEK_CHAIN_MS, tapAction, type TapMemory } from './player-taps.ts';
import { useDialogOpen } from './use-dialog-open.ts';
import { useWatchHistory } from './use-watch-history.client.ts';
import { PRESENCE_BEAT_MS } from '#shared/presence.ts';

/** Seconds the next-episode card counts down before it plays on. */
export const NEXT_COUNTDOWN_SECONDS = 10;
const RATES = '0.5 0.75 1 1.25 1.5 2';

type MediaControllerElement = HTMLElement & { fullscreenElement: HTMLElement };

/**
 * Plays `video` once its new load has begun (its next `loadstart`): a play() called before that is cut short by the
 * load, and the video would sit paused. Refused all the same (no gesture on the page after all), the play button is
 * there.
 */
function playAtLoadStart(video: HTMLVideoElement) {
  video.addEventListener('loadstart', () => void video.play().catch(() => {}), { once: true });
}

export default function PlayerMedia({
  setup,
  markers,
  next,
  autoPlay,
  onStart,
  onBeat,
  onReport,
  onTheatre,
  history,
  takeIntent,
}: PlayerProps & { setup: MediaSetup; takeIntent?: () => EarlyIntent }) {
  const { t } = useTranslation();
  const wrapRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<MediaControllerElement>(null);
  const videoRef = useRef<HlsVideoElement | null>(null);
  const started = useRef(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [ended, setEnded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [help, setHelp] = useState(false);
  const [autoNext, setAutoNext] = useState(true);
  const [countdown, setCountdown] = useState<number | null>(null);
  /** The double-tap seek being shown: which side, and how far this run of taps has gone. */
  const [tapSeek, setTapSeek] = useState<{ zone: 'back' | 'forward'; total: number } | null>(null);
  /** What the live region last said; it stays after the label fades (a change is what gets announced). */
  const [tapAnnouncement, setTapAnnouncement] = useState('');
  const prefs = useRef<PlayerPreferences | null>(null);
  // Media listeners are attached once; they read the latest callbacks through these.
  const nextRef = useRef(next);
  const onStartRef = useRef(onStart);
  const onBeatRef = useRef(onBeat);
  const onTheatreRef = useRef(onTheatre);
  useEffect(() => {
    nextRef.current = next;
    onStartRef.current = onStart;
    onBeatRef.current = onBeat;
    onTheatreRef.current = onTheatre;
  });

  // The controls are made in two commits, each a transition of its own: the controller with the middle of the
  // player (its play button, the loading indicator) and the seek bar, then the bar of buttons. The custom elements'
  // callbacks as they connect run in their commit's one task: all at once, that task was over 400 ms on a slowed
  // phone. The settings menu and its three submenus are made when a viewer reaches for the settings button (its
  // hover, press or focus; at the latest its click or key): each menu reads its computed style as it connects,
  // which made the browser restyle the page four times, 10-40 ms each unthrottled, in the tasks of the page's load.
  const [buttons, setButtons] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setButtons(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  const [menus, setMenus] = useState(false);
  const wantMenus = useCallback(() => setMenus(true), []);
  /** The button's own click and key handlers look for the menu right after: it must be there by then. */
  const needMenus = useCallback(() => {
    if (!menus) flushSync(() => setMenus(true));
  }, [menus]);

  // Two of Media Chrome's attributes that fail axe, and the focus of its menus, mended for as long as the
  // controls are there.
  useEffect(() => {
    const controller = controllerRef.current;
    return controller ? mendMediaChromeA11y(controller) : undefined;
  }, []);

  // The media element, once per source (an episode change mounts a new player): the one the early start made for
  // this page, already loading and maybe playing, else a new one. Before the effects below, which listen to it.
  // Tracks are the ones known then: subtitles added while someone watches show up on their next visit.
  const { src } = setup;
  const setupRef = useRef(setup);
  useLayoutEffect(() => {
    const controller = controllerRef.current;
    const wrap = wrapRef.current;
    if (!controller || !wrap) return;
    // Fullscreen takes the wrapper, so the overlays below stay visible in it.
    controller.fullscreenElement = wrap;
    const stored = readPlayerPreferences();
    prefs.current = stored;
    setAutoNext(stored.autoNext);
    const early = takeEarlyElement(src);
    // Moved in the same task as React removed its holder: a media element moved that way keeps playing.
    if (early) controller.prepend(early);
    const video = early ?? createMediaElement({ ...setupRef.current, src }, controller);
    videoRef.current = video;
    // Asked for by a move from another episode (decision 044): the element made here plays once hls.js has
    // attached, at its first `loadstart` (a play() before that is cut short by its load). Never the early start's
    // element: that is a page loaded afresh, where the viewer presses play.
    if (autoPlay && !early) playAtLoadStart(video);
    return () => {
      // hls-video-element keeps its hls.js instance (and its downloads) after leaving the page: dropping the
      // source ends it, and a remount (StrictMode in development) makes a new element.
      video.removeAttribute('src');
      const holder = video as unknown as { api?: { destroy: () => void } | null };
      holder.api?.destroy();
      holder.api = null;
      video.remove();
      videoRef.current = null;
    };
  }, [src, autoPlay]);

  const resume = useWatchHistory(videoRef, history);

  // Media events: time for the skip buttons, the first "playing" for the view count, preferences, the end.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const applyRate = () => {
      const rate = prefs.current?.rate ?? 1;
      video.defaultPlaybackRate = rate;
      video.playbackRate = rate;
    };
    const onTime = () => setTime(video.currentTime);
    const onDuration = () => setDuration(Number.isFinite(video.duration) ? video.duration : 0);
    const onPlaying = () => {
      setEnded(false);
      setCountdown(null);
      if (!started.current) {
        started.current = true;
        onStartRef.current?.();
      }
    };
    const onVolume = () => savePlayerPreferences({ volume: video.volume, muted: video.muted });
    const onRate = () => {
      // Loading a source resets the rate to the default; only a viewer's change is remembered.
      if (video.readyState > 0) savePlayerPreferences({ rate: video.playbackRate });
    };
    const onEnded = () => {
      setEnded(true);
      if (nextRef.current && readPlayerPreferences().autoNext) setCountdown(NEXT_COUNTDOWN_SECONDS);
    };
    const onError = () => setFailed(true);
    const tracks = video.textTracks;
    const showCaptions = () => applyCaptions(tracks ?? [], prefs.current?.captions);
    const rememberCaptions = () => {
      const choice = settleCaptions(tracks ?? [], prefs.current?.captions);
      if (prefs.current) prefs.current.captions = choice;
      savePlayerPreferences({ captions: choice });
    };
    // One signal removes every listener when the player unmounts.
    const listening = new AbortController();
    const on = { signal: listening.signal };
    video.addEventListener('loadedmetadata', applyRate, on);
    video.addEventListener('timeupdate', onTime, on);
    video.addEventListener('durationchange', onDuration, on);
    video.addEventListener('playing', onPlaying, on);
    video.addEventListener('volumechange', onVolume, on);
    video.addEventListener('ratechange', onRate, on);
    video.addEventListener('ended', onEnded, on);
    video.addEventListener('error', onError, on);
    video.addEventListener(MEDIA_FAILED, onError, on);
    tracks?.addEventListener('addtrack', showCaptions, on);
    tracks?.addEventListener('change', rememberCaptions, on);
    // The early start's element may be further along than these listeners: tracks added, metadata in, playing.
    showCaptions();
    if (video.readyState > 0) {
      applyRate();
      onDuration();
      onTime();
    }
    if (!video.paused) onPlaying();
    // The early start's element may also have failed already: that is what made these controls.
    if (hasFailed(video)) onError();
    // While it plays, the page says so now and then (decision 051); a paused or hidden player says nothing.
    const beat = setInterval(() => {
      if (!video.paused && document.visibilityState === 'visible') onBeatRef.current?.();
    }, PRESENCE_BEAT_MS);
    return () => {
      clearInterval(beat);
      listening.abort();
    };
  }, []);

  // The next-episode countdown; it holds while a dialog is open (a report being written), and goes on from there.
  const dialogOpen = useDialogOpen(countdown !== null);
  useEffect(() => {
    if (countdown === null || dialogOpen) return;
    if (countdown <= 0) {
      nextRef.current?.go();
      return;
    }
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown, dialogOpen]);

  const perform = useCallback((action: PlayerAction) => {
    const video = videoRef.current;
    const controller = controllerRef.current;
    if (!video || !controller) return;
    const request = (name: string, detail?: unknown) =>
      controller.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail }));
    const length = Number.isFinite(video.duration) ? video.duration : 0;
    switch (action.type) {
      case 'toggle-play':
        if (video.paused) video.play().catch(() => {});
        else video.pause();
        break;
      case 'seek-by':
        video.currentTime = Math.min(
          Math.max(0, video.currentTime + action.seconds),
          length || video.currentTime + action.seconds,
        );
        break;
      case 'seek-to-fraction':
        if (length) video.currentTime = length * action.fraction;
        break;
      case 'volume-by':
        video.muted = false;
        video.volume =
          Math.round(Math.min(1, Math.max(0, video.volume + action.amount)) * 100) / 100;
        break;
      case 'toggle-mute':
        video.muted = !video.muted;
        break;
      case 'toggle-fullscreen':
        request(
          document.fullscreenElement ? 'mediaexitfullscreenrequest' : 'mediaenterfullscreenrequest',
        );
        break;
      case 'toggle-captions':
        request('mediatogglesubtitlesrequest');
        break;
      case 'next-episode':
        nextRef.current?.go();
        break;
      case 'toggle-theatre':
        onTheatreRef.current?.();
        break;
      case 'help':
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
        setHelp(true);
        break;
    }
  }, []);

  // Shortcuts work anywhere on the watch page, except while typing or when a focused control owns the key.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isOwnKeyTarget(event.target, event.key)) return;
      const action = actionForKey(event);
      if (!action) return;
      event.preventDefault();
      perform(action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [perform]);

  // What a viewer did in the early start's frame that made these controls: its shortcut keys are carried out, and
  // the keyboard's focus, which was on the frame's play button (gone with the frame), goes to this one.
  useEffect(() => {
    const early = takeIntent?.();
    if (!early) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- keys pressed before the controls existed, done once
    for (const action of early.actions) perform(action);
    if (early.focused) controllerRef.current?.querySelector<HTMLElement>('.phim-big-play')?.focus();
  }, [takeIntent, perform]);

  // Double-tap to seek (touch only: a mouse's click still plays or pauses, at once). The first tap always goes on
  // to Media Chrome, so a single tap shows or hides the controls without waiting to see if a second one comes.
  useEffect(() => {
    const wrap = wrapRef.current;
    const controller = controllerRef.current;
    const video = videoRef.current;
    if (!wrap || !controller || !video) return;
    let memory: TapMemory = null;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const onPointerUp = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      // Only taps on the picture: the controls, menus and our overlays keep theirs.
      if (event.target !== controller && event.target !== video) return;
      const box = controller.getBoundingClientRect();
      const result = tapAction(
        { x: event.clientX - box.left, width: box.width, at: event.timeStamp },
        memory,
      );
      memory = result.memory;
      const { action } = result;
      if (action.type !== 'seek') return;
      // Media Chrome would take this tap as one more "show or hide the controls".
      event.stopPropagation();
      perform({ type: 'seek-by', seconds: action.seconds });
      setTapSeek({ zone: action.total < 0 ? 'back' : 'forward', total: action.total });
      setTapAnnouncement(
        t(action.total < 0 ? 'player.tapBack' : 'player.tapForward', {
          count: Math.abs(action.total),
        }),
      );
      clearTimeout(hide);
      hide = setTimeout(() => setTapSeek(null), SEEK_CHAIN_MS);
    };
    // Capture, on our wrapper: this runs before Media Chrome's own listener on the controller.
    wrap.addEventListener('pointerup', onPointerUp, true);
    return () => {
      wrap.removeEventListener('pointerup', onPointerUp, true);
      clearTimeout(hide);
    };
  }, [perform, t]);

  const retry = () => {
    const video = videoRef.current;
    if (!video) return;
    setFailed(false);
    const at = video.currentTime;
    video.load();
    watchFailure(video);
    if (at > 0)
      video.addEventListener('loadedmetadata', () => (video.currentTime = at), { once: true });
    playAtLoadStart(video);
  };

  const report = () => {
    // The dialog opens over the page, which a full-screen player would hide.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    onReport?.();
  };

  const skipTo = (seconds: number) => {
    if (videoRef.current) videoRef.current.currentTime = seconds;
  };
  const { introStart, introEnd, outroStart } = markers ?? {};
  const inIntro =
    introEnd != null &&
    introEnd > (introStart ?? 0) &&
    time >= (introStart ?? 0) &&
    time < introEnd - 0.5;
  const inOutro =
    outroStart != null && time >= outroStart && !ended && (!duration || time < duration - 1);

  const toggleAutoNext = (value: boolean) => {
    setAutoNext(value);
    savePlayerPreferences({ autoNext: value });
    if (!value) setCountdown(null);
  };

  return (
    <div
      ref={wrapRef}
      className="phim-player @container relative size-full bg-black text-white"
      data-testid="player"
    >
      <media-controller ref={controllerRef} nohotkeys="" className="size-full">
        <media-loading-indicator slot="centered-chrome" noautohide="" />
        <media-play-button slot="centered-chrome" className="phim-big-play" />
        {menus ? (
          <media-settings-menu hidden anchor="auto">
            <media-settings-menu-item>
              {t('player.quality')}
              <media-rendition-menu slot="submenu" hidden>
                <div slot="title">{t('player.quality')}</div>
              </media-rendition-menu>
            </media-settings-menu-item>
            <media-settings-menu-item>
              {t('player.speed')}
              <media-playback-rate-menu slot="submenu" hidden rates={RATES}>
                <div slot="title">{t('player.speed')}</div>
              </media-playback-rate-menu>
            </media-settings-menu-item>
            <media-settings-menu-item>
              {t('player.captions')}
              <media-captions-menu slot="submenu" hidden>
                <div slot="title">{t('player.captions')}</div>
              </media-captions-menu>
            </media-settings-menu-item>
          </media-settings-menu>
        ) : null}
        <media-control-bar className="phim-range-bar">
          <media-time-range />
        </media-control-bar>
        {buttons ? (
          <media-control-bar>
            <media-play-button />
            <media-seek-backward-button seekoffset="10" className="phim-wide" />
            <media-seek-forward-button seekoffset="10" className="phim-wide" />
            <media-mute-button />
            <media-volume-range className="phim-wide" />
            <media-time-display showduration="" />
            <span className="phim-spacer" />
            {next ? (
              <button
                type="button"
                className="phim-control"
                onClick={() => next.go()}
                aria-label={t('player.nextEpisode', { title: next.title })}
                title={t('player.nextEpisode', { title: next.title })}
              >
                <SkipForward aria-hidden className="size-5" />
              </button>
            ) : null}
            <button
              type="button"
              className="phim-control phim-wide"
              onClick={() => perform({ type: 'help' })}
              aria-label={t('player.shortcuts')}
              title={t('player.shortcuts')}
            >
              <Keyboard aria-hidden className="size-5" />
            </button>
            <media-captions-button />
            <media-settings-menu-button
              aria-label={t('player.settings')}
              aria-haspopup="menu"
              onPointerEnter={wantMenus}
              onPointerDown={wantMenus}
              onFocus={wantMenus}
              onClickCapture={needMenus}
              onKeyDownCapture={needMenus}
            />
            <media-pip-button className="phim-wide" />
            <media-fullscreen-button />
          </media-control-bar>
        ) : null}
      </media-controller>

      {tapSeek ? (
        <div
          // Keyed by the total, so that each tap restarts the pulse and the fade.
          key={tapSeek.total}
          className={`phim-tap-seek phim-tap-seek-${tapSeek.zone}`}
          data-testid="tap-seek"
          aria-hidden
        >
          <span className="phim-tap-seek-label">
            {tapSeek.zone === 'back' ? (
              <Rewind aria-hidden className="size-6" fill="currentColor" />
            ) : (
              <FastForward aria-hidden className="size-6" fill="currentColor" />
            )}
            {`${tapSeek.total < 0 ? '−' : '+'}${Math.abs(tapSeek.total)} s`}
          </span>
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite" data-testid="tap-announcement">
        {tapAnnouncement}
      </p>

      {resume.resumedFrom !== null && !failed && !ended ? (
        <div className="phim-resume" data-testid="resumed">
          <span>{t('player.resumedFrom', { time: formatClock(resume.resumedFrom) })}</span>
          <button type="button" onClick={resume.startOver}>
            {t('player.startOver')}
          </button>
        </div>
      ) : null}
      {inIntro && !failed ? (
        <button
          type="button"
          className="phim-skip"
          onClick={() => skipTo(introEnd!)}
          data-testid="skip-intro"
        >
          {t('player.skipIntro')}
          <SkipForward aria-hidden className="size-4" />
        </button>
      ) : null}
      {inOutro && !failed ? (
        <button
          type="button"
          className="phim-skip"
          onClick={() => (next ? next.go() : skipTo(duration))}
          data-testid="skip-outro"
        >
          {next ? t('player.skipOutroNext') : t('player.skipOutro')}
          <SkipForward aria-hidden className="size-4" />
        </button>
      ) : null}

      {ended && next && !failed ? (
        <div
          className="absolute inset-0 z-10 grid place-items-center bg-black/75 p-2 @md:p-4"
          data-testid="next-card"
        >
          <div className="flex w-full max-w-sm flex-col gap-2 rounded-2xl bg-neutral-900/95 p-3 shadow-2xl ring-1 ring-white/10 @md:gap-3 @md:p-5">
            <p className="hidden text-xs font-semibold tracking-wide text-neutral-400 uppercase @md:block">
              {t('player.upNext')}
            </p>
            <p className="truncate text-base font-bold @md:text-lg">
              <span className="@md:hidden">{t('player.upNext')}: </span>
              {next.title}
            </p>
            {countdown !== null ? (
              <p className="text-sm text-neutral-300" aria-live="polite">
                {t('player.startsIn', { count: countdown })}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button size="md" onClick={() => next.go()}>
                <SkipForward aria-hidden />
                {t('player.playNext')}
              </Button>
              {countdown !== null ? (
                <Button
                  size="md"
                  variant="ghost"
                  className="text-white hover:bg-white/10 dark:text-white"
                  onClick={() => setCountdown(null)}
                >
                  {t('form.cancel')}
                </Button>
              ) : null}
            </div>
            <label className="flex items-center gap-2 text-sm text-neutral-300">
              <input
                type="checkbox"
                className="size-4 accent-primary-500"
                checked={autoNext}
                onChange={(event) => toggleAutoNext(event.target.checked)}
              />
              {t('player.autoNext')}
            </label>
          </div>
        </div>
      ) : null}

      {failed ? (
        <div
          role="alert"
          className="absolute inset-0 z-20 grid place-items-center bg-black/85 p-3 text-center"
          data-testid="player-error"
        >
          <div className="flex max-w-sm flex-col items-center gap-2 @md:gap-3">
            <TriangleAlert aria-hidden className="size-8 text-warning-500 @md:size-10" />
            <p className="text-base font-semibold @md:text-lg">{t('player.error')}</p>
            <p className="hidden text-sm text-neutral-300 @md:block">{t('player.errorHint')}</p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button size="lg" onClick={retry}>
                <RotateCcw aria-hidden />
                {t('player.retry')}
              </Button>
              {onReport ? (
                <Button
                  size="lg"
                  variant="outline"
                  className="border-white/30 text-white hover:bg-white/10 dark:border-white/30 dark:text-white dark:hover:bg-white/10"
                  onClick={report}
                >
                  <Flag aria-hidden />
                  {t('player.report')}
                </Button>
              ) : null}
            </div>
          </div>
        </div>
      ) : null}

      <Dialog open={help} onOpenChange={setHelp}>
        <DialogContent title={t('player.shortcuts')}>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2.5 text-sm">
            {shortcutList
              .filter((row) => onTheatre || row.label !== 'player.keys.theatre')
              .map((row) => (
                <div key={row.label} className="contents">
                  <dt className="flex flex-wrap gap-1">
                    {row.keys.map((key) => (
                      <kbd
                        key={key}
                        className="rounded-md border border-neutral-300 bg-neutral-100 px-1.5 py-0.5 font-mono text-xs dark:border-neutral-700 dark:bg-neutral-800"
                      >
                        {key}
                      </kbd>
                    ))}
                  </dt>
                  <dd className="text-neutral-700 dark:text-neutral-300">{t(row.label)}</dd>
                </div>
              ))}
          </dl>
        </DialogContent>
      </Dialog>
    </div>
  );
}
