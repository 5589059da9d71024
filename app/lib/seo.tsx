// Search and link-preview tags for every page, from the leaf route's `handle.seo`: description, canonical URL,
// robots, OpenGraph, Twitter card and JSON-LD. Rendered once in the document head by app/root.tsx.
import type { TFunction } from 'i18next';
import { useContext } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import {
  UNSAFE_DataRouterStateContext,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import { useNonce } from '#app/lib/nonce.ts';
import { usePageHeading, type RouteHandle } from '#app/lib/title.tsx';
import type { loader as rootLoader } from '#app/root.tsx';

export type SeoImage = { src: string; width?: number; height?: number; alt?: string };
export type JsonLd = Record<string, unknown>;

/** What a page says about itself; every field is optional. */
export type SeoPage = {
  /** `og:title`; defaults to the page's `handle.title` without the site name. */
  title?: string;
  /** Plain text, about 160 characters; defaults to the site's description. */
  description?: string;
  /** Path and the query that matters (`/movies?page=2`), made absolute; defaults to the path alone. */
  canonical?: string;
  /** `og:type`. */
  type?: 'website' | 'video.movie' | 'video.tv_show' | 'video.episode';
  /** `og:image` in order of preference (root-relative `/storage/...` or absolute). */
  images?: SeoImage[];
  /** The Twitter card's image, when another suits a wide card better; defaults to the first image. */
  twitterImage?: SeoImage;
  /** Keep the page out of search results (its links are still followed). */
  noindex?: boolean;
  /** schema.org objects, each rendered in its own `<script type="application/ld+json">`. */
  jsonLd?: JsonLd[];
};

export type SeoSite = { name: string; publicUrl: string; locale: 'vi' | 'en' };
export type SeoContext = { data: unknown; t: TFunction; url: URL; site: SeoSite };
/** A route's `handle.seo`: a function of its loader data (only called when the loader succeeded). */
export type SeoHandle = (context: SeoContext) => SeoPage;

/** Paths that are nobody's business in a search engine: the back office, sign-in pages and personal pages. */
export const NOINDEX_PATHS = /^\/(vnwa|auth|account|user)(\/|$)/;

const OG_LOCALES = { vi: 'vi_VN', en: 'en_US' } as const;

/** An absolute URL on this site for a root-relative path; absolute http(s) URLs are kept. */
export function absoluteUrl(publicUrl: string, path: string) {
  if (/^https?:\/\//i.test(path)) return path;
  return `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * JSON for an inline `<script type="application/ld+json">`: `<`, `>` and `&` become \u escapes so that a
 * `</script>` or `<!--` inside a title cannot end or change the script element; JSON.parse reads them back.
 */
export function jsonLdText(value: JsonLd) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The path and the listed query parameters of `url`, in the listed order, each only when `accept` says its value
 * is meaningful; everything else (tracking tags, sort order, a server choice) is dropped.
 */
export function canonicalPath(
  url: URL,
  keep: Record<string, (value: string) => boolean> = {},
): string {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const query = new URLSearchParams();
  for (const [name, accept] of Object.entries(keep)) {
    const value = url.searchParams.get(name);
    if (value !== null && value !== '' && accept(value)) query.set(name, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** schema.org BreadcrumbList from `[name, path]` pairs, home first. */
export function breadcrumbList(publicUrl: string, items: Array<[name: string, path: string]>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: absoluteUrl(publicUrl, path),
    })),
  };
}

/** The site itself with its search box, for the home page. */
export function webSiteJsonLd(site: SeoSite, description: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: site.name,
    url: `${site.publicUrl}/`,
    description,
    inLanguage: site.locale,
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${site.publicUrl}/movies?q={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

const IMAGE_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** React Router's own <Meta> reads errors the same way: a page that failed is not described, only kept out. */
function useRouteFailed() {
  return Boolean(useContext(UNSAFE_DataRouterStateContext)?.errors);
}

export function Seo() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const matches = useMatches();
  const location = useLocation();
  const { t } = useTranslation();
  const nonce = useNonce();
  const heading = usePageHeading();
  const failed = useRouteFailed();
  if (!root || failed || NOINDEX_PATHS.test(location.pathname)) {
    return <meta name="robots" content="noindex, follow" />;
  }

  const site: SeoSite = {
    name: root.site.name,
    publicUrl: root.site.publicUrl,
    locale: root.locale,
  };
  const url = new URL(`${location.pathname}${location.search}`, `${site.publicUrl}/`);
  const leaf = matches.at(-1);
  const seo = (leaf?.handle as RouteHandle | undefined)?.seo;
  let page: SeoPage = {};
  try {
    if (seo) page = seo({ data: leaf!.loaderData, t, url, site });
  } catch (error) {
    // A page must never fail to render because of its SEO tags; it falls back to the defaults.
    console.error(error);
  }

  const home = url.pathname === '/';
  const title = page.title || heading || site.name;
  // Web Info's SEO defaults stand in where the page says nothing of its own.
  const description =
    page.description || root.site.description || t('seo.description', { site: site.name });
  const canonical = absoluteUrl(site.publicUrl, page.canonical ?? canonicalPath(url));
  const fallbackImages: SeoImage[] = root.site.ogImage ? [{ src: root.site.ogImage }] : [];
  const images = (page.images?.length ? page.images : fallbackImages).map((image) => ({
    ...image,
    src: absoluteUrl(site.publicUrl, image.src),
  }));
  const twitterImage = page.twitterImage
    ? { ...page.twitterImage, src: absoluteUrl(site.publicUrl, page.twitterImage.src) }
    : images[0];
  const jsonLd = [...(home ? [webSiteJsonLd(site, description)] : []), ...(page.jsonLd ?? [])];

  return (
    <>
      <meta name="description" content={description} />
      {page.noindex ? <meta name="robots" content="noindex, follow" /> : null}
      <link rel="canonical" href={canonical} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content={OG_LOCALES[site.locale]} />
      <meta property="og:type" content={page.type ?? 'website'} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      {images.map((image) => {
        const type = IMAGE_TYPES[/\.(\w+)(?:$|[?#])/.exec(image.src)?.[1]?.toLowerCase() ?? ''];
        return [
          <meta key={`${image.src}:src`} property="og:image" content={image.src} />,
          type ? <meta key={`${image.src}:type`} property="og:image:type" content={type} /> : null,
          image.width && image.height
            ? [
                <meta
                  key={`${image.src}:w`}
                  property="og:image:width"
                  content={String(image.width)}
                />,
                <meta
                  key={`${image.src}:h`}
                  property="og:image:height"
                  content={String(image.height)}
                />,
              ]
            : null,
          image.alt ? (
            <meta key={`${image.src}:alt`} property="og:image:alt" content={image.alt} />
          ) : null,
        ];
      })}
      <meta name="twitter:card" content={twitterImage ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {twitterImage ? <meta name="twitter:image" content={twitterImage.src} /> : null}
      {twitterImage?.alt ? <meta name="twitter:image:alt" content={twitterImage.alt} /> : null}
      {jsonLd.map((item, index) => (
        <script
          key={index}
          type="application/ld+json"
          nonce={nonce}
          // Data, not code; escaped by jsonLdText so that no text in it can close the element.
          dangerouslySetInnerHTML={{ __html: jsonLdText(item) }}
        />
      ))}
    </>
  );
}
