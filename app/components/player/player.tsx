// <Player>: our one video player, so that the engine behind it (Media Chrome + hls.js today, Video.js later) can
// change without touching pages. HLS plays in the browser only: the media code is a `.client` module, which
// React Router leaves out of the server build (it is undefined there), so it never reaches the server's HTML
// (~69 KB) nor pages without a player. Embeds go in a sandboxed frame.
import { CirclePlay, Hourglass, TriangleAlert } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { Img } from '#app/components/image.tsx';
import PlayerMedia from './player-media.client.tsx';

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
  /** Offers "Report" on the error overlay; the page opens its report dialog. */
  onReport?: () => void;
};

// A static import, not a lazy one: the media code is part of the page's own module graph, so its download starts
// with the HTML's modulepreload links instead of after every other module has run (bench/playback.ts measured
// the lazy import asking for it 660 ms after the first byte, and the playlist 500 ms later still).

const noop = () => () => {};
/** False during the server render and hydration, true afterwards. */
function useIsClient() {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
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

function PosterFrame({ poster, children }: { poster: string | null; children?: React.ReactNode }) {
  return (
    <div className="relative size-full overflow-hidden bg-black">
      {poster ? (
        <Img
          src={poster}
          width={1280}
          height={720}
          sizes="(min-width: 1024px) 70vw, 100vw"
          alt=""
          priority
          className="absolute inset-0 size-full object-cover opacity-60"
        />
      ) : null}
      <div className="absolute inset-0 grid place-items-center p-6 text-center text-white">
        {children}
      </div>
    </div>
  );
}

export function Player(props: PlayerProps) {
  const { t } = useTranslation();
  const isClient = useIsClient();
  const { source, poster, title } = props;

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

  const loading = (
    <PosterFrame poster={poster}>
      <CirclePlay aria-hidden className="size-16 opacity-80" strokeWidth={1.25} />
      <span className="sr-only">{t('player.loading')}</span>
    </PosterFrame>
  );
  // On the server (and while hydrating) the media code is absent: the poster holds the place.
  if (!isClient || !PlayerMedia) return loading;
  const src = playableUrl(source.url, window.location.origin);
  if (!src) return <Unavailable poster={poster} />;
  return <PlayerMedia {...props} src={src} />;
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
