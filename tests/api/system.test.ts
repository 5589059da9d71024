// The system routes through the real HTTP stack: health, OpenAPI, the error shape, unknown API paths, i18n.
import zlib from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messagesVersion } from '#shared/locales/index.ts';
import { withTestApp } from './helpers.ts';

const t = withTestApp();

describe('GET /api/health', () => {
  it('answers ok with version, build id and a reachable database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      buildId: expect.any(String),
      db: 'up',
    });
    expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });
});

describe('OpenAPI', () => {
  it('documents every API route at /api/openapi.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
    // Internal catch-alls and the pages are not part of the contract.
    expect(Object.keys(doc.paths).filter((p) => p.includes('*'))).toEqual([]);
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/csrf-cookie',
        '/api/auth/login',
        '/api/auth/register',
        '/api/logout',
        '/api/user',
        '/api/user/sessions/{id}',
        '/api/admin/users/{id}/ban',
      ]),
    );
    expect(doc.paths['/api/auth/login'].post.responses['429']).toBeDefined();
  });

  it('serves a reference page at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(response.statusCode);
    const page =
      response.statusCode === 302
        ? await t.app.inject({ method: 'GET', url: response.headers.location as string })
        : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger');
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404 in the shared error shape, never the HTML app', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/nope/really' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'No API route for POST /api/nope/really' },
    });
  });
});

describe('validation errors', () => {
  // A route registered only for this test, declared like every real one.
  const routes: FastifyPluginAsyncZod = async (instance) => {
    instance.post(
      '/api/test-probe/:id',
      {
        schema: {
          params: z.object({ id: z.coerce.number().int().positive() }),
          body: z.strictObject({ name: z.string().min(2).max(5), age: z.number().int() }),
        },
      },
      async () => ({ ok: true }),
    );
  };
  const probe = withTestApp({ register: async (app) => void (await app.register(routes)) });
  const send = (id: string, payload: Record<string, unknown>) =>
    probe.app.inject({ method: 'POST', url: `/api/test-probe/${id}`, payload });

  it('answers 422 naming each bad body field', async () => {
    const response = await send('1', { name: 'far too long', age: 'old' });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message).toEqual(expect.any(String));
    expect(Object.keys(body.error.fields).sort()).toEqual(['age', 'name']);
  });

  it('names unknown fields', async () => {
    const response = await send('1', { name: 'abc', age: 3, admin: true });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toEqual({ admin: 'Unknown field' });
  });

  it('refuses text that cannot be stored as sent (NUL, a lone surrogate), naming the field', async () => {
    // PostgreSQL text cannot hold U+0000: the query failed and the answer was a 500. node-postgres turned a lone
    // surrogate into U+FFFD without a word.
    for (const name of ['a\u0000b', 'a\ud800']) {
      const response = await send('1', { name, age: 3 });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().error.fields)).toEqual(['name']);
    }
  });

  it('names a bad path parameter', async () => {
    const response = await send('-4', { name: 'abc', age: 3 });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().error.fields)).toEqual(['id']);
  });

  it('accepts valid input', async () => {
    const response = await send('7', { name: 'abc', age: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});

describe('locale messages', () => {
  it('serves a locale as a map of locale to messages, cacheable for 24 hours', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/_i18n/en/messages.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const body = response.json();
    expect(Object.keys(body)).toEqual(['en']);
    expect(body.en.nav.home).toBe('Home');
  });

  it("keeps this release's messages a day at their address, and answers an older address without keeping it", async () => {
    const current = await t.app.inject({
      method: 'GET',
      url: `/_i18n/vi/messages.json?v=${messagesVersion}`,
    });
    expect(current.statusCode).toBe(200);
    expect(current.headers['cache-control']).toBe('public, max-age=86400');
    expect(current.json().vi.nav.home).toBe('Trang chủ');
    const older = await t.app.inject({ method: 'GET', url: '/_i18n/vi/messages.json?v=0ld' });
    expect(older.statusCode).toBe(200);
    expect(older.headers['cache-control']).toBe('no-cache');
    expect(older.json()).toEqual(current.json());
    const silly = await t.app.inject({
      method: 'GET',
      url: `/_i18n/vi/messages.json?v=${'x'.repeat(65)}`,
    });
    expect(silly.statusCode).toBe(422);
  });

  it('sends the messages compressed ahead of time to a browser, and plain to a client that asks so', async () => {
    const url = `/_i18n/vi/messages.json?v=${messagesVersion}`;
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('answers 404 for a locale it does not have', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/_i18n/fr/messages.json' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('tells clients the build id, never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/_build/latest.json?t=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ id: expect.any(String), timestamp: expect.any(Number) });
  });
});
