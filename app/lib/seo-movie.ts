// SEO of a movie's pages (`/watch/{slug}` and `/watch/{slug}/{ep}`): description, poster previews, breadcrumbs and
// schema.org `Movie` or `TVSeries` with its episodes.
import { excerpt } from '#shared/text.ts';
import {
  absoluteUrl,
  breadcrumbList,
  type JsonLd,
  type SeoContext,
  type SeoImage,
  type SeoPage,
} from '#app/lib/seo.tsx';

type Named = { name: string; slug: string };

/** The fields of the public movie resource that its SEO reads. */
export type SeoMovie = {
  slug: string;
  title: string;
  original_title: string;
  description: string;
  poster: string | null;
  backdrop: string | null;
  type: Named | null;
  genres: Named[];
  nations: Named[];
  year: number | null;
  quality: string;
  episode_runtime: number | null;
  total_episodes: number | null;
  actors: string[];
  directors: string[];
  rating: { average: number; count: number };
};
export type SeoServer = { episodes: Array<{ name: string; ep: string }> };
type Size = { width: number; height: number } | null | undefined;
/** Pixel sizes of the poster and backdrop, from `loadSeoImages` (app/lib/seo.server.ts). */
export type SeoImageSizes = { poster?: Size; backdrop?: Size };

/** Episodes listed in a series' JSON-LD; `numberOfEpisodes` still counts them all. */
export const JSON_LD_EPISODES = 100;

/** Each episode once (the same `ep` on several servers is one episode), in the order of the first server. */
export function distinctEpisodes(servers: SeoServer[]) {
  const seen = new Map<string, { name: string; ep: string }>();
  for (const server of servers)
    for (const episode of server.episodes) if (!seen.has(episode.ep)) seen.set(episode.ep, episode);
  return [...seen.values()];
}

/** A series when it is announced with more than one episode or already has more than one. */
export function isSeries(movie: SeoMovie, servers: SeoServer[]) {
  return (movie.total_episodes ?? 0) > 1 || distinctEpisodes(servers).length > 1;
}

/** Drops empty values so the JSON-LD says only what is known. */
function compact(value: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, item]) =>
        item !== undefined &&
        item !== null &&
        item !== '' &&
        !(Array.isArray(item) && !item.length),
    ),
  );
}

const persons = (names: string[]) => names.map((name) => ({ '@type': 'Person', name }));

export function movieJsonLd(
  publicUrl: string,
  movie: SeoMovie,
  servers: SeoServer[],
  description: string,
): JsonLd {
  const series = isSeries(movie, servers);
  const episodes = distinctEpisodes(servers);
  const countries = movie.nations.map((nation) => ({ '@type': 'Country', name: nation.name }));
  return compact({
    '@context': 'https://schema.org',
    '@type': series ? 'TVSeries' : 'Movie',
    name: movie.title,
    alternateName:
      movie.original_title && movie.original_title !== movie.title ? movie.original_title : null,
    url: absoluteUrl(publicUrl, `/watch/${movie.slug}`),
    image: movie.poster ? absoluteUrl(publicUrl, movie.poster) : null,
    description,
    [series ? 'startDate' : 'datePublished']: movie.year ? String(movie.year) : null,
    genre: movie.genres.map((genre) => genre.name),
    countryOfOrigin: countries.length === 1 ? countries[0] : countries,
    actor: persons(movie.actors),
    director: persons(movie.directors),
    duration: !series && movie.episode_runtime ? `PT${movie.episode_runtime}M` : null,
    numberOfEpisodes: series ? Math.max(movie.total_episodes ?? 0, episodes.length) : null,
    episode: series
      ? episodes.slice(0, JSON_LD_EPISODES).map((episode, index) => ({
          '@type': 'Episode',
          name: episode.name,
          episodeNumber: index + 1,
          url: absoluteUrl(publicUrl, `/watch/${movie.slug}/${episode.ep}`),
        }))
      : null,
    aggregateRating:
      movie.rating.count > 0
        ? {
            '@type': 'AggregateRating',
            ratingValue: movie.rating.average,
            ratingCount: movie.rating.count,
            bestRating: 10,
            worstRating: 1,
          }
        : null,
  });
}

/** Home › its type's landing (else the listing) › the movie [› the episode]. */
export function movieBreadcrumbs(
  context: SeoContext,
  movie: SeoMovie,
  episode?: { name: string; ep: string },
) {
  const { t, site } = context;
  return breadcrumbList(site.publicUrl, [
    [t('pages.home'), '/'],
    movie.type ? [movie.type.name, `/${movie.type.slug}`] : [t('pages.movies'), '/movies'],
    [movie.title, `/watch/${movie.slug}`],
    ...(episode ? [[episode.name, `/watch/${movie.slug}/${episode.ep}`] as [string, string]] : []),
  ]);
}

/**
 * The SEO of `/watch/{slug}`, or of `/watch/{slug}/{ep}` when `episode` is given (a series' episode is an
 * `Episode` of its `TVSeries`; a film's watch page carries breadcrumbs only, its detail page has the `Movie`).
 */
export function movieSeo(
  context: SeoContext,
  input: {
    movie: SeoMovie;
    servers: SeoServer[];
    images?: SeoImageSizes;
    episode?: { name: string; ep: string };
  },
): SeoPage {
  const { t, site } = context;
  const { movie, servers, images = {}, episode } = input;
  const named = movie.year ? `${movie.title} (${movie.year})` : movie.title;
  const description =
    excerpt(movie.description) ||
    t('seo.movieDescription', { title: named, quality: movie.quality, site: site.name });
  const image = (src: string | null, size: Size): SeoImage | null =>
    src ? { src, alt: movie.title, ...(size ?? {}) } : null;
  const poster = image(movie.poster, images.poster);
  const backdrop = image(movie.backdrop, images.backdrop);
  const series = isSeries(movie, servers);
  const jsonLd: JsonLd[] = [movieBreadcrumbs(context, movie, episode)];
  if (!episode)
    jsonLd.unshift(
      movieJsonLd(site.publicUrl, movie, servers, excerpt(movie.description, 500) || description),
    );
  else if (series) {
    const number = distinctEpisodes(servers).findIndex((item) => item.ep === episode.ep) + 1;
    jsonLd.unshift(
      compact({
        '@context': 'https://schema.org',
        '@type': 'Episode',
        name: episode.name,
        url: absoluteUrl(site.publicUrl, `/watch/${movie.slug}/${episode.ep}`),
        episodeNumber: number || null,
        partOfSeries: {
          '@type': 'TVSeries',
          name: movie.title,
          url: absoluteUrl(site.publicUrl, `/watch/${movie.slug}`),
        },
      }),
    );
  }
  return {
    description,
    canonical: episode ? `/watch/${movie.slug}/${episode.ep}` : `/watch/${movie.slug}`,
    type: episode && series ? 'video.episode' : series ? 'video.tv_show' : 'video.movie',
    // The poster is the movie's picture; a wide backdrop suits the large Twitter card better when there is one.
    images: [poster, backdrop].filter((item): item is SeoImage => item !== null),
    twitterImage: backdrop ?? poster ?? undefined,
    jsonLd,
  };
}
