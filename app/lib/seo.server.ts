// Server-side SEO data for loaders: the pixel sizes of a movie's poster and backdrop for `og:image:width/height`.
import type { AppLoadContext } from 'react-router';
import type { SeoImageSizes } from '#app/lib/seo-movie.ts';

export async function loadSeoImages(
  services: AppLoadContext['services'],
  movie: { poster: string | null; backdrop: string | null },
): Promise<SeoImageSizes> {
  const { seo } = services;
  const [poster, backdrop] = await Promise.all([
    seo.imageSize(movie.poster),
    seo.imageSize(movie.backdrop),
  ]);
  return { poster, backdrop };
}
