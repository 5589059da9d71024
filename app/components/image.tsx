// <Img>: storage images resized by /_img at 1x and 2x, lazy by default, over a blurred 10 px placeholder.
import { Film } from 'lucide-react';
import { useState, type ComponentProps, type CSSProperties, type SyntheticEvent } from 'react';
import { preload } from 'react-dom';
import { cn } from '#app/lib/cn.ts';

/** The widths /_img serves (server/http/image.routes.ts has the same list; a test keeps them equal). */
export const IMAGE_WIDTHS = [64, 96, 128, 160, 240, 320, 480, 640, 960, 1280, 1920] as const;
export const DEFAULT_IMAGE_QUALITY = 75;
const STORAGE_PREFIX = '/storage/';

export type ImageUrlOptions =
  | { width: number; quality?: number; blur?: false; version?: string | number }
  | { blur: true; width?: number; quality?: number; version?: string | number };

/** True for the paths /_img resizes: files of the storage driver under /storage/. */
export function isStorageSrc(src: string | null | undefined): src is string {
  return typeof src === 'string' && src.startsWith(STORAGE_PREFIX) && !src.includes('..');
}

/** The smallest served width at least as wide as `width` (the widest when none is). */
export function snapWidth(width: number): number {
  const wanted = Math.ceil(width);
  return IMAGE_WIDTHS.find((allowed) => allowed >= wanted) ?? Math.max(...IMAGE_WIDTHS);
}

/**
 * The /_img URL of a storage image. A `v` in `src`'s query (or `version`) marks the URL immutable; the
 * default quality is left out so that equal images share one URL.
 */
export function imageUrl(src: string, options: ImageUrlOptions): string {
  const [withQuery = ''] = src.split('#');
  const queryAt = withQuery.indexOf('?');
  const pathname = queryAt < 0 ? withQuery : withQuery.slice(0, queryAt);
  const given =
    options.version ??
    (queryAt < 0 ? null : new URLSearchParams(withQuery.slice(queryAt + 1)).get('v'));
  const version =
    given == null
      ? ''
      : String(given)
          .replace(/[^\w.-]/g, '')
          .slice(0, 64);

  const params = [`src=${encodeURIComponent(pathname).replaceAll('%2F', '/')}`];
  if (options.blur) {
    params.push('blur=1');
  } else {
    params.push(`w=${snapWidth(options.width)}`);
    const quality =
      options.quality === undefined
        ? DEFAULT_IMAGE_QUALITY
        : Math.min(90, Math.max(30, Math.round(options.quality)));
    if (quality !== DEFAULT_IMAGE_QUALITY) params.push(`q=${quality}`);
  }
  if (version) params.push(`v=${version}`);
  return `/_img?${params.join('&')}`;
}

/**
 * `srcSet` at densities 1 and 2, as `x` descriptors, or as `w` descriptors when the caller gives `sizes`; for a wide
 * picture (960 px and more, the hero) from about a third of its width to twice it, so that a phone picks one its
 * size and not the desktop's (a 1280 px hero is 480–960 px on a phone's screen).
 */
export function imageSrcSet(
  src: string,
  options: { width: number; quality?: number; version?: string | number; sizes?: boolean },
): string {
  const wide = options.sizes && options.width >= 960;
  const widths = wide
    ? IMAGE_WIDTHS.filter(
        (allowed) => allowed >= options.width / 3 && allowed <= snapWidth(options.width * 2),
      )
    : [...new Set([snapWidth(options.width), snapWidth(options.width * 2)])];
  return widths
    .map((width, index) => {
      const url = imageUrl(src, { ...options, width });
      return `${url} ${options.sizes ? `${width}w` : `${index + 1}x`}`;
    })
    .join(', ');
}

export type ImgProps = Omit<
  ComponentProps<'img'>,
  'src' | 'srcSet' | 'width' | 'height' | 'alt' | 'loading' | 'decoding' | 'sizes'
> & {
  src: string | null | undefined;
  /** Layout width and height in CSS pixels: the box is reserved before the image arrives. */
  width: number;
  height: number;
  alt: string;
  sizes?: string;
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
  /**
   * The page's largest paint (the home page's hero): also asked for from `<head>`, ahead of the stylesheet and the
   * scripts. Not for the watch page's poster: there the early start's chunk and the stylesheet come first (036).
   */
  preload?: boolean;
  quality?: number;
  version?: string | number;
};

export function Img({
  src,
  width,
  height,
  alt,
  sizes,
  priority = false,
  preload: preloaded = false,
  quality,
  version,
  className,
  style,
  onLoad,
  onError,
  ...rest
}: ImgProps) {
  // The src that failed to load, so that a new src gets its own chance without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return <EmptyImage width={width} height={height} alt={alt} className={className} />;
  }
  // What both kinds of picture say alike: the box, the text, when to load, and the empty box after a failure.
  const common = {
    width,
    height,
    alt,
    sizes,
    loading: priority ? ('eager' as const) : ('lazy' as const),
    decoding: priority ? ('auto' as const) : ('async' as const),
    fetchPriority: priority ? ('high' as const) : undefined,
    onError: (event: SyntheticEvent<HTMLImageElement, Event>) => {
      setFailedSrc(src);
      onError?.(event);
    },
  };
  if (!isStorageSrc(src)) {
    return (
      <img {...rest} src={src} {...common} className={className} style={style} onLoad={onLoad} />
    );
  }

  const placeholder: CSSProperties = {
    backgroundImage: `url("${imageUrl(src, { blur: true, version })}")`,
  };
  const srcSet = imageSrcSet(src, { width, quality, version, sizes: Boolean(sizes) });
  // The hero, asked for from <head> with the same choice of widths as the image (decision 056).
  if (preloaded)
    preload(imageUrl(src, { width, quality, version }), {
      as: 'image',
      imageSrcSet: srcSet,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  return (
    <img
      {...rest}
      src={imageUrl(src, { width, quality, version })}
      srcSet={srcSet}
      {...common}
      className={cn('img-placeholder', className)}
      style={{ ...placeholder, ...style }}
      // The picture covers the placeholder; dropping it keeps it from showing through transparent pixels.
      // The ref covers an image that finished before hydration, when onLoad had no listener yet.
      ref={(node) => {
        if (node?.complete && node.naturalWidth > 0) node.style.backgroundImage = 'none';
      }}
      onLoad={(event) => {
        event.currentTarget.style.backgroundImage = 'none';
        onLoad?.(event);
      }}
    />
  );
}

/** A movie's poster: always 2:3, so its height follows from its width. */
export function Poster({ width, ...props }: Omit<ImgProps, 'height'>) {
  return <Img width={width} height={(width * 3) / 2} {...props} />;
}

/** No picture: a neutral gradient box of the same size, with a film icon. */
function EmptyImage({
  width,
  height,
  alt,
  className,
}: {
  width: number;
  height: number;
  alt: string;
  className?: string;
}) {
  return (
    <span
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      data-empty-image=""
      className={cn(
        'inline-flex aspect-(--img-ratio) w-(--img-w) max-w-full items-center justify-center bg-linear-to-br from-neutral-200 to-neutral-300 text-neutral-400 dark:from-neutral-800 dark:to-neutral-900 dark:text-neutral-600',
        className,
      )}
      style={
        {
          '--img-w': `${width}px`,
          '--img-ratio': `${width} / ${height}`,
        } as CSSProperties
      }
    >
      <Film className="size-1/4 max-h-12 max-w-12 min-w-4" aria-hidden />
    </span>
  );
}
