// GET /robots.txt and the sitemaps: crawlers stay out of the back office, the API and people's accounts, and find
// every public page through /sitemap.xml (an index of /sitemap-pages.xml and /sitemap-movies-{n}.xml).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SITEMAP_MOVIES_PER_FILE } from '#server/domain/catalog/seo.service.ts';
import { errorBody } from './errors.ts';

export const ROBOTS_DISALLOW = ['/vnwa', '/api', '/account', '/auth', '/_img'];

export type SeoRoutesOptions = {
  /** Movies per movie sitemap; tests make it small to reach the boundary with a few rows. */
  moviesPerSitemap?: number;
};

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** Sitemaps must entity-escape `& < > " '` in every value, URLs included. */
export const xmlEscape = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** W3C Datetime, as sitemaps.org asks for `lastmod`. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';

type Entry = { loc: string; lastmod?: Date | null; image?: string | null };

function entryXml(tag: 'url' | 'sitemap', entry: Entry) {
  const parts = [`<loc>${xmlEscape(entry.loc)}</loc>`];
  if (entry.lastmod) parts.push(`<lastmod>${w3cDate(entry.lastmod)}</lastmod>`);
  if (entry.image)
    parts.push(`<image:image><image:loc>${xmlEscape(entry.image)}</image:loc></image:image>`);
  return `<${tag}>${parts.join('')}</${tag}>`;
}

export function sitemapIndexXml(entries: Entry[]) {
  const body = entries.map((entry) => entryXml('sitemap', entry)).join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${body}\n</sitemapindex>\n`;
}

export function urlsetXml(entries: Entry[]) {
  const images = entries.some((entry) => entry.image) ? ` xmlns:image="${IMAGE_NS}"` : '';
  const body = entries.map((entry) => entryXml('url', entry)).join('\n');
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}"${images}>\n${body}\n</urlset>\n`;
}

const XML_TYPE = 'application/xml; charset=utf-8';
const CACHE_AN_HOUR = 'public, max-age=3600';

export const seoRoutes: FastifyPluginAsyncZod<SeoRoutesOptions> = async (app, options) => {
  const perFile = options.moviesPerSitemap ?? SITEMAP_MOVIES_PER_FILE;
  const { seo } = app.services;
  const publicUrl = app.services.site.publicUrl;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE_AN_HOUR)
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const [chunks, lastmod] = await Promise.all([seo.movieChunks(perFile), seo.catalogLastmod()]);
    const xml = sitemapIndexXml([
      { loc: `${publicUrl}/sitemap-pages.xml`, lastmod },
      ...chunks.map((chunk) => ({
        loc: `${publicUrl}/sitemap-movies-${chunk.page}.xml`,
        lastmod: chunk.lastmod,
      })),
    ]);
    return reply.type(XML_TYPE).header('cache-control', CACHE_AN_HOUR).send(xml);
  });

  app.get('/sitemap-pages.xml', { schema: { hide: true } }, async (_request, reply) => {
    const [slugs, lastmod] = await Promise.all([seo.landingSlugs(), seo.catalogLastmod()]);
    // Landings change whenever one of their movies does; without a cheap, exact date they carry no lastmod.
    const xml = urlsetXml([
      { loc: `${publicUrl}/`, lastmod },
      { loc: `${publicUrl}/movies`, lastmod },
      ...slugs.map((slug) => ({ loc: `${publicUrl}/${slug}` })),
    ]);
    return reply.type(XML_TYPE).header('cache-control', CACHE_AN_HOUR).send(xml);
  });

  // A malformed number is a missing file to a crawler, not a validation error: both answer 404.
  const pageParam = z.object({
    page: z
      .string()
      .regex(/^[1-9]\d{0,8}$/)
      .transform(Number),
  });
  app.get('/sitemap-movies-:page.xml', { schema: { hide: true } }, async (request, reply) => {
    const params = pageParam.safeParse(request.params);
    const rows = params.success ? await seo.moviesOfChunk(params.data.page, perFile) : [];
    if (!rows.length)
      return reply.status(404).send(errorBody('not_found', `No sitemap at ${request.url}`));
    const xml = urlsetXml(
      rows.map((row) => ({
        loc: `${publicUrl}/watch/${row.slug}`,
        lastmod: row.lastmod,
        image: row.poster ? `${publicUrl}${row.poster}` : null,
      })),
    );
    return reply.type(XML_TYPE).header('cache-control', CACHE_AN_HOUR).send(xml);
  });
};
