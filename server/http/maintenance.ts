// Maintenance while a backup is restored (decision 045): the API answers 503 with Retry-After, pages a short
// friendly page in the visitor's language. The health check, the restore's own status and the built assets
// (a page already open keeps loading its chunks) still answer.
import type { FastifyInstance } from 'fastify';
import { localeOf, type Locale } from '#shared/i18n.ts';
import { messages } from '#shared/locales/index.ts';
import { errorBody } from './errors.ts';

const OPEN_PATHS = ['/api/health', '/api/admin/backups/status'];
const OPEN_PREFIXES = ['/assets/', '/favicon', '/_build/'];

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function maintenancePage(locale: Locale, siteName: string, retrySeconds: number) {
  const text = messages[locale].backups.maintenance;
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${retrySeconds}"><meta name="robots" content="noindex">
<title>${escapeHtml(text.title)} | ${escapeHtml(siteName)}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#fafafa;color:#171717}
main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .75rem}p{margin:0;line-height:1.6;color:#525252}
@media (prefers-color-scheme:dark){body{background:#0a0a0a;color:#f5f5f5}p{color:#a3a3a3}}</style></head>
<body><main><h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.text)}</p></main></body></html>`;
}

export function registerMaintenance(
  app: FastifyInstance,
  options: {
    active: () => boolean;
    retrySeconds: number;
    siteName: () => string;
    defaultLocale: () => Locale;
  },
) {
  app.addHook('onRequest', async (request, reply) => {
    if (!options.active()) return;
    const path = request.url.split('?')[0]!;
    if (OPEN_PATHS.includes(path) || OPEN_PREFIXES.some((prefix) => path.startsWith(prefix)))
      return;
    reply.header('retry-after', String(options.retrySeconds)).header('cache-control', 'no-store');
    if (path === '/api' || path.startsWith('/api/'))
      return reply
        .status(503)
        .send(
          errorBody(
            'maintenance',
            'The site is being restored from a backup; try again in a moment.',
          ),
        );
    const locale = localeOf(
      request.headers.cookie,
      request.headers['accept-language'],
      options.defaultLocale(),
    );
    return reply
      .status(503)
      .type('text/html; charset=utf-8')
      .send(maintenancePage(locale, options.siteName(), options.retrySeconds));
  });
}
