// Writes the audit log (decision 051): after every answer to an admin's write on an admin route, one row — who,
// from which IP and screen, the route's own words for what it does ("Ban a user"), the area and the row's id,
// the status, and the values (settings: before and after, set by the route; others: the body sent, secrets
// hidden). One hook for every route, so no door is missed; the write happens after the answer has gone.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { redactBody } from '#server/domain/ops/audit.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a route that knows better than the body what changed (settings: before and after). */
    auditChange?: { before: unknown; after: unknown };
  }
}

/** The header the back office sends with each API call: the screen (its path) the admin is on. */
export const SCREEN_HEADER = 'x-phim-screen';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Path words that say what is done or where a row sits, not what kind of row it is. */
const NOT_AN_AREA = new Set(['trash', 'bulk', 'order', 'upload', 'image', 'counts']);

/**
 * The area of a route (`/api/admin/movies/:movieId/episodes/:id` → `episodes`) and the row it names (the last
 * parameter's value), from the route's pattern and the request's parameters.
 */
export function auditTarget(routeUrl: string, params: Record<string, unknown>, body: unknown) {
  const segments = routeUrl
    .replace(/^\/api\/(admin\/)?/, '')
    .split('/')
    .filter(Boolean);
  const words = segments.filter((segment) => !segment.startsWith(':'));
  const trailing = segments.at(-1);
  // A last word that is no plural noun is an action (`ban`, `restore`) or a key (`web_info`), not an area.
  const areaWords = words.filter(
    (word, index) =>
      !NOT_AN_AREA.has(word) &&
      !(word === trailing && index === words.length - 1 && index > 0 && !word.endsWith('s')),
  );
  const area = areaWords.at(-1) ?? words[0] ?? '';
  const named = segments.filter((segment) => segment.startsWith(':')).at(-1);
  let id = named ? String(params[named.slice(1)] ?? '') : '';
  if (!id && trailing && !trailing.startsWith(':') && trailing !== area && area === 'settings')
    id = trailing;
  const ids = (body as { ids?: unknown } | null)?.ids;
  if (!id && Array.isArray(ids)) id = ids.slice(0, 20).join(',');
  return { area, id: id.slice(0, 200) };
}

function screenOf(request: FastifyRequest) {
  const screen = request.headers[SCREEN_HEADER];
  return typeof screen === 'string' && /^\/vnwa[\w\-./%]*$/.test(screen)
    ? screen.slice(0, 200)
    : '';
}

export function registerAudit(api: FastifyInstance) {
  api.addHook('onResponse', async (request, reply) => {
    if (READS.has(request.method) || request.routeOptions.config.access !== 'admin') return;
    const user = request.currentUser;
    // Refused before the route knew who asked (401/403 by the access check): not an admin's write.
    if (!user?.roles.includes('admin')) return;
    const routeUrl = request.routeOptions.url ?? request.url;
    const target = auditTarget(
      routeUrl,
      (request.params ?? {}) as Record<string, unknown>,
      request.body,
    );
    const body = request.body;
    const sent =
      body && typeof body === 'object' && !Buffer.isBuffer(body) && !('pipe' in body)
        ? redactBody(body)
        : undefined;
    const summary = (request.routeOptions.schema as { summary?: string } | undefined)?.summary;
    try {
      await api.services.audit.record({
        actorId: user.id,
        actorEmail: user.email,
        ip: request.ip,
        action: summary ?? `${request.method} ${routeUrl}`,
        targetType: target.area,
        targetId: target.id,
        method: request.method,
        path: request.url.split('?')[0]!.slice(0, 500),
        status: reply.statusCode,
        screen: screenOf(request),
        before: request.auditChange?.before,
        after: request.auditChange ? request.auditChange.after : sent,
      });
    } catch (error) {
      request.log.error({ err: error }, 'audit log write failed');
    }
  });
}
