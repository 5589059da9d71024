// <Player>: our one video player, so that the engine behind it (Media Chrome + hls.js today, Video.js later) can
// change without touching pages. HLS plays in the browser only. The server renders the early start's frame (poster,
// play button, media setup; decision 020), which plays the video before the app hydrates; the controls are a
// `.client` module, which React Router leaves out of the server build, loaded in the background and mounted over
// that frame when a viewer reaches for the player (decision 072). Pages without a player load none of it. Embeds go
// in a sandboxed frame.
import { CirclePlay, Hourglass, Play, TriangleAlert } from 'lucide-react';
import {
  createElement,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useNonce } from '#app/lib/nonce.ts';
import { Img, imageUrl, isStorageSrc } from '#app/components/image.tsx';
import { usePlayerBootUrl } from './boot-url.ts';
import { EARLY_START_ATTRIBUTE, MEDIA_FAILED, earlyStartScript, hasFailed } from './early-start.ts';
import type { MediaSetup } from './media-element.client.ts';
import type PlayerMediaModule from './player-media.client.tsx';
import { actionForKey, isOwnKeyTarget, type PlayerAction } from './player-shortcuts.ts';
import type { WatchHistory } from './use-watch-history.client.ts';

export type PlayerSource = {
  type: 'hls' | 'embed' | 'video';
  url: string | null;
  /** A `video` without a playlist yet because it is still being transcoded: "being prepared", not "unavailable". */
  preparing?: boolean;
};

export type PlayerProps = {
  source: PlayerSource;
  /** Shown before playback starts: a storage path (/storage/…) or null. */
  poster: string | null;
  /** A WebVTT storyboard (sprite regions per time range): Media Chrome shows it as seek previews. */
  storyboard?: string | null;
  /** Subtitle tracks (WebVTT from /storage/), offered in the captions menu. */
  subtitles?: Array<{ id: number; language: string; label: string; url: string }>;
  /** What plays, for the frame title and the help dialog. */
  title: string;
  markers?: { introStart: number | null; introEnd: number | null; outroStart: number | null };
  /** The next episode: the card at the end and Shift+N go there. */
  next?: { title: string; go: () => void } | null;
  /** Start playing as soon as the media is ready (after "next episode"). */
  autoPlay?: boolean;
  /** Called once, when playback really starts (for the view count). */
  onStart?: () => void;
  /** Called every PRESENCE_BEAT_MS while playing (the overview's "viewers now"). */
  onBeat?: () => void;
  /** Offers "Report" on the error overlay; the page opens its report dialog. */
  onReport?: () => void;
  /** T switches the page's theatre mode (the watch page; the admin's preview has none). */
  onTheatre?: () => void;
  /** A signed-in viewer's place in this episode: where to start, and how to save it (the watch page). */
  history?: WatchHistory | null;
};

type PlayerMediaComponent = typeof PlayerMediaModule;

/**
 * The player's controls (Media Chrome, our overlays), browser only: asked for as soon as this module runs there, but
 * not part of the page's first modules. The early start plays the video meanwhile (decision 020), so they no longer
 * compete with it for the first frame.
 */
let loadedMedia: PlayerMediaComponent | null = null;
const mediaModule =
  typeof document === 'undefined'
    ? null
    : import('./player-media.client.tsx').then(
        (module) => {
          loadedMedia = module.default;
        },
        () => {
          // Not loaded (offline, a new build): the early start's frame stays, and its video still plays.
        },
      );

/** What happened in the early start's frame before the controls were there, for them to carry on with. */
export type EarlyIntent = {
  /** Shortcut keys pressed meanwhile, in order: the controls perform them as they mount. */
  actions: PlayerAction[];
  /** Whether the keyboard's focus was in the frame (on its play button): it goes to the controls' play button. */
  focused: boolean;
};

/**
 * False during the server render and hydration, and until the controls are wanted and their module is in
 * (decision 072). Over the early start's frame (a page loaded afresh, which already plays on its own button) they
 * are wanted when a viewer reaches for the player: a pointer over it or pressing it, the keyboard's focus in it, a
 * shortcut key anywhere on the page, or the video starting to play or failing. Media Chrome's elements were about
 * 40 % of the watch page's main-thread work in its load, which a viewer who only looks at the page never needs.
 * Without the early start (a move from another page, the back office's preview, development) or with a place to
 * resume at (the controls seek there and say so), they are wanted at once.
 *
 * They are mounted in a transition: React then makes their elements (Media Chrome's, each a custom element with its
 * shadow tree) in slices that let the page answer between them, where a store's update made them in one task of
 * about 130 ms on two cores (over 500 ms on a slowed phone).
 */
function usePlayerControls(frame: RefObject<HTMLDivElement | null>, resumes: boolean) {
  const [ready, setReady] = useState(false);
  const intent = useRef<EarlyIntent>({ actions: [], focused: false });
  useEffect(() => {
    let cancelled = false;
    const listening = new AbortController();
    const mount = () => {
      listening.abort();
      void mediaModule?.then(() => {
        if (!cancelled && loadedMedia) startTransition(() => setReady(true));
      });
    };
    const element = frame.current;
    const video = element?.querySelector<HTMLVideoElement>('hls-video');
    const reached =
      element &&
      (element.contains(document.activeElement) ||
        element.matches(':hover') ||
        element.querySelector('[data-requested]') ||
        (video && (!video.paused || video.error || hasFailed(video))));
    if (!element || !element.hasAttribute(EARLY_START_ATTRIBUTE) || resumes || reached) {
      intent.current.focused = Boolean(element?.contains(document.activeElement));
      mount();
    } else {
      const on = { signal: listening.signal, capture: true };
      for (const name of ['pointerover', 'pointerdown', 'play', 'error', MEDIA_FAILED])
        element.addEventListener(name, mount, on);
      element.addEventListener(
        'focusin',
        () => {
          intent.current.focused = true;
          mount();
        },
        on,
      );
      document.addEventListener(
        'keydown',
        (event) => {
          if (event.defaultPrevented || isOwnKeyTarget(event.target, event.key)) return;
          const action = actionForKey(event);
          if (!action) return;
          event.preventDefault();
          intent.current.actions.push(action);
          mount();
        },
        // As the controls listen: after the page's own widgets, which may take the key first.
        { signal: listening.signal },
      );
    }
    return () => {
      cancelled = true;
      listening.abort();
    };
  }, [frame, resumes]);
  /** What the frame saw, once: the controls' first mount takes it. */
  const takeIntent = useCallback(() => {
    const taken = intent.current;
    intent.current = { actions: [], focused: false };
    return taken;
  }, []);
  return { ready, takeIntent };
}

/** Site-relative paths and http(s) addresses; anything else (javascript:, data:) is not a source. */
export function playableUrl(url: string | null, baseOrigin?: string) {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:') return parsed.toString();
    // The page's policy loads media over https or from this site only.
    if (parsed.protocol === 'http:' && baseOrigin && parsed.origin === baseOrigin)
      return parsed.toString();
  } catch {
    // Not a URL.
  }
  return null;
}

/** An embed must be https: the page's policy frames nothing else. */
export function embedUrl(url: string | null) {
  const resolved = playableUrl(url);
  return resolved?.startsWith('https:') ? resolved : null;
}

/** The poster over the player's whole box, dimmed behind a message. */
function PosterImage({ poster, dimmed }: { poster: string | null; dimmed?: boolean }) {
  if (!poster) return null;
  return (
    <Img
      src={poster}
      width={1280}
      height={720}
      sizes="(min-width: 1024px) 70vw, 100vw"
      alt=""
      priority
      className={`absolute inset-0 size-full object-cover${dimmed ? ' opacity-60' : ''}`}
    />
  );
}

function PosterFrame({ poster, children }: { poster: string | null; children?: React.ReactNode }) {
  return (
    <div className="relative size-full overflow-hidden bg-black">
      <PosterImage poster={poster} dimmed />
      <div className="absolute inset-0 grid place-items-center p-6 text-center text-white">
        {children}
      </div>
    </div>
  );
}

export function Player(props: PlayerProps) {
  const { t } = useTranslation();
  const isClient = useHydrated();
  const frame = useRef<HTMLDivElement>(null);
  const { source, poster, title, storyboard, subtitles, history } = props;
  const { ready: mediaReady, takeIntent } = usePlayerControls(frame, (history?.startAt ?? 0) > 0);
  // What the media element plays, the same on the server (for the early start) and in the browser; an http URL of
  // this site's own origin is known to be playable only in the browser.
  const origin = isClient ? window.location.origin : undefined;
  const setup = useMemo((): MediaSetup | null => {
    const src = source.type === 'embed' ? null : playableUrl(source.url, origin);
    if (!src) return null;
    return {
      src,
      poster: poster && isStorageSrc(poster) ? imageUrl(poster, { width: 1280 }) : undefined,
      title,
      storyboard,
      subtitles: subtitles ?? [],
    };
  }, [source.type, source.url, origin, poster, title, storyboard, subtitles]);

  if (source.type === 'embed') {
    const src = embedUrl(source.url);
    if (!src) return <Unavailable poster={poster} />;
    return (
      <iframe
        src={src}
        title={title}
        className="size-full border-0 bg-black"
        // Scripts run (embeds need them) but cannot open pop-ups, navigate this page or submit forms.
        sandbox="allow-scripts allow-same-origin allow-presentation"
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid="player-embed"
      />
    );
  }

  // A `video` source is this site's own transcoded HLS ladder; its url is null when the video cannot play.
  if (source.type !== 'hls' && source.type !== 'video') return <Unavailable poster={poster} />;
  if (!source.url)
    return source.preparing ? <Preparing poster={poster} /> : <Unavailable poster={poster} />;

  // On the server, while hydrating and until the controls have loaded: the frame of the early start, which plays.
  if (!mediaReady || !loadedMedia) {
    if (setup) return <EarlyFrame ref={frame} setup={setup} poster={poster} />;
    return (
      <PosterFrame poster={poster}>
        <CirclePlay aria-hidden className="size-16 opacity-80" strokeWidth={1.25} />
        <span className="sr-only">{t('player.loading')}</span>
      </PosterFrame>
    );
  }
  if (!setup) return <Unavailable poster={poster} />;
  return createElement(loadedMedia, { ...props, setup, takeIntent });
}

/**
 * The server-rendered player: the poster, a play button, and an inline script that imports the early start
 * (boot.client.ts) as soon as the parser reaches it. That module puts the media element in the empty holder (React
 * leaves its content alone: `dangerouslySetInnerHTML`) and plays on the button, before the app hydrates; the player
 * takes the element over when it mounts. Without JavaScript the button stays disabled.
 */
function EarlyFrame({
  ref,
  setup,
  poster,
}: {
  ref: RefObject<HTMLDivElement | null>;
  setup: MediaSetup;
  poster: string | null;
}) {
  const { t } = useTranslation();
  const nonce = useNonce();
  const bootUrl = usePlayerBootUrl();
  return (
    <div
      ref={ref}
      className="relative size-full overflow-hidden bg-black"
      data-testid="player"
      data-player-boot={JSON.stringify(setup)}
      suppressHydrationWarning
    >
      <PosterImage poster={poster} />
      <div
        data-player-boot-media=""
        className="absolute inset-0 [&>hls-video]:block [&>hls-video]:size-full"
        dangerouslySetInnerHTML={{ __html: '' }}
        suppressHydrationWarning
      />
      <button
        type="button"
        disabled
        data-player-boot-play=""
        aria-label={t('player.play')}
        title={t('player.play')}
        className="absolute inset-0 m-auto grid size-14 place-items-center rounded-full bg-black/55 text-white transition-colors hover:bg-primary-600 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none disabled:opacity-70 disabled:hover:bg-black/55 data-[requested]:animate-pulse sm:size-[76px]"
        suppressHydrationWarning
      >
        <Play aria-hidden className="size-7 translate-x-0.5 sm:size-10" fill="currentColor" />
      </button>
      {/* Hoisted into <head> by React, ahead of the app's own modules: the browser asks for it first. With the nonce,
          or the page's CSP ('strict-dynamic') refuses it and the chunk waits behind the app's modules. */}
      {bootUrl ? (
        <link rel="modulepreload" href={bootUrl} fetchPriority="high" nonce={nonce} />
      ) : null}
      {/* The master playlist, also hoisted: it arrives while the early start's chunk loads, and hls.js's request
          (same URL, same CORS mode) is answered from it, one round trip sooner. */}
      {bootUrl ? (
        <link
          rel="preload"
          as="fetch"
          href={setup.src}
          crossOrigin="anonymous"
          fetchPriority="high"
        />
      ) : null}
      {/* The same element in the browser (where the URL is not known), so hydration matches; it never runs twice. */}
      <script
        type="module"
        async
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: earlyStartScript(bootUrl) }}
        suppressHydrationWarning
      />
    </div>
  );
}

function Unavailable({ poster }: { poster: string | null }) {
  const { t } = useTranslation();
  return (
    <PosterFrame poster={poster}>
      <div role="status" className="flex max-w-sm flex-col items-center gap-2">
        <TriangleAlert aria-hidden className="size-10 text-warning-500" />
        <p className="text-lg font-semibold">{t('player.unavailable')}</p>
        <p className="text-sm text-neutral-300">{t('player.unavailableHint')}</p>
      </div>
    </PosterFrame>
  );
}

function Preparing({ poster }: { poster: string | null }) {
  const { t } = useTranslation();
  return (
    <PosterFrame poster={poster}>
      <div
        role="status"
        data-testid="player-preparing"
        className="flex max-w-sm flex-col items-center gap-2"
      >
        <Hourglass aria-hidden className="size-10 animate-pulse text-primary-400" />
        <p className="text-lg font-semibold">{t('player.preparing')}</p>
        <p className="text-sm text-neutral-300">{t('player.preparingHint')}</p>
      </div>
    </PosterFrame>
  );
}
