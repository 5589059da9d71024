// The React app through the real server (production build): status codes, redirects, headers, locale, crawlers.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { terms } from '#server/db/schema/catalog.ts';
import { createTestApp } from '#tests/app-utils.ts';
import { messagesVersion } from '#shared/locales/index.ts';
import { createUser } from '#tests/factories.ts';
import { browserGet, expectRobotsTxt, withTestApp } from './helpers.ts';

const t = withTestApp({ web: true });

const get = (url: string, headers: Record<string, string> = {}) => browserGet(t, url, headers);

describe('pages', () => {
  it('renders the home page in Vietnamese by default, with its title', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="vi"');
    expect(response.body).toContain('<title>Trang chủ | Phim</title>');
  });

  it('sends a page whole, with the data the browser hydrates it from (decision 077)', async () => {
    const page = (await get('/', { 'accept-language': 'en' })).body;
    const data = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/.exec(page)?.[1];
    expect(data, 'the loader data').toBeDefined();
    const encoded = JSON.parse(JSON.parse(data!).split('\n')[0]!);
    expect(encoded).toContain('routes/home');
    expect(encoded).toContain('loaderData');
    expect(page).toContain('streamController.close();');
    // Nothing left for the browser to render: every part of the page is in it.
    expect(page).not.toContain('<!--$!-->');
  });

  it('follows the browser language, then the i18n_redirected cookie', async () => {
    expect((await get('/', { 'accept-language': 'en-US,en;q=0.9' })).body).toContain(
      '<title>Home | Phim</title>',
    );
    const withCookie = await get('/', { 'accept-language': 'en', cookie: 'i18n_redirected=vi' });
    expect(withCookie.body).toContain('<html lang="vi"');
  });

  it("preloads its language's messages at the address of this release's messages", async () => {
    const page = await get('/', { 'accept-language': 'en' });
    const href = /<link rel="preload" data-messages="" href="([^"]+)"/.exec(page.body)?.[1];
    expect(href).toBe(`/_i18n/en/messages.json?v=${messagesVersion}`);
  });

  it('answers a real 404 for unknown paths', async () => {
    const response = await get('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found: /no/such/page');
  });

  it('answers 404 Page Not Found for invalid route parameters', async () => {
    const response = await get('/auth/verify?foo=1');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page Not Found: /auth/verify?foo=1');
  });

  it('keeps crawlers out of the back office, the API and accounts', async () => {
    expectRobotsTxt(await get('/robots.txt'));
  });

  it('leaves the pages out of the API document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((p: string) => !p.startsWith('/api/'))).toEqual([]);
  });

  it('renders a back-office screen for an admin', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const response = await get('/vnwa/setting/web-info', { cookie: admin.client.cookieHeader() });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Thông tin trang web | Phim</title>');
  });

  it('shows a viewer a 403 without any of the back office, not even its menu', async () => {
    const viewer = await createUser(t.app);
    const response = await get('/vnwa/users', { cookie: viewer.client.cookieHeader() });
    expect(response.statusCode).toBe(403);
    // The menu's entries (in Vietnamese, the request's language) are nowhere in the page.
    expect(response.body).not.toContain('Quản lý phim');
    expect(response.body).not.toContain('/vnwa/setting/backup');
  });

  it('hides error details from crawlers', async () => {
    const response = await get('/no/such/page', {
      'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Page not found: /no/such/page');
  });
});

describe('redirects', () => {
  it.each([
    ['/vnwa', '/vnwa/dashboard'],
    ['/vnwa/dashboard', '/vnwa/movie/film/list'],
    ['/vnwa/movie', '/vnwa/movie/film/list'],
    ['/vnwa/movie/film', '/vnwa/movie/film/list'],
    ['/vnwa/vmedia/video-manager', '/vnwa/vmedia/video-manager/list'],
    ['/vnwa/account', '/vnwa/account/general'],
    ['/account', '/account/general'],
  ])('%s goes to %s', async (from, to) => {
    const response = await get(from);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(to);
  });

  it('guards send visitors to the right sign-in page', async () => {
    expect((await get('/vnwa/movie/film/list')).headers.location).toBe(
      '/vnwa/login?redirect=%2Fvnwa%2Fmovie%2Ffilm%2Flist',
    );
    expect((await get('/account/general')).headers.location).toBe(
      '/auth/login?redirect=%2Faccount%2Fgeneral',
    );
  });
});

describe('security headers', () => {
  it('gives every page a CSP whose nonce is on every inline script', async () => {
    const response = await get('/');
    const csp = String(response.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    // Module preloads too (with 'strict-dynamic' the browser refuses one without it): the held app's, made by the
    // release script, copy the nonce of the script that holds them.
    const preloads = [...response.body.matchAll(/<link rel="modulepreload"([^>]*)>/g)].map(
      (m) => m[1],
    );
    for (const attributes of preloads) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(response.body).toContain(
      `<script nonce="${nonce}" type="text/x-phim-app" data-preloads="[&quot;/assets/`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets no shared cache keep a page or its data, which depend on who asks', async () => {
    expect((await get('/')).headers['cache-control']).toBe('private, no-cache');
    const data = await t.app.inject({ method: 'GET', url: '/_root.data' });
    expect(data.headers['cache-control']).toBe('private, no-cache');
    expect((await get('/no-such-page')).headers['cache-control']).toBe('private, no-cache');
  });

  it('uses a fresh nonce for each request', async () => {
    const a = String((await get('/')).headers['content-security-policy']);
    const b = String((await get('/')).headers['content-security-policy']);
    expect(a).not.toBe(b);
  });

  it('adds HSTS when the public URL is https', async () => {
    const secure = await createTestApp({ web: true, env: { PUBLIC_URL: 'https://phim.example' } });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/' });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
  });

  it("asks for the stylesheet and the hero before the app's modules, which wait for the paint", async () => {
    const { body } = await get('/');
    const stylesheet = body.search(/<link [^>]*rel="stylesheet"/);
    expect(stylesheet).toBeGreaterThan(0);
    // No module is asked for from the document: the app's wait in its held script for the release (decision 059).
    expect(body).not.toContain('rel="modulepreload"');
    const held = body.indexOf('type="text/x-phim-app"');
    expect(stylesheet).toBeLessThan(held);
    expect(body.slice(held)).toContain('img[fetchpriority="high"]');
  });

  it('serves built assets as immutable', async () => {
    const page = await get('/');
    const asset = /import\("(\/assets\/[^"]+\.js)"\)/.exec(page.body)?.[1];
    expect(asset).toBeTruthy();
    const response = await get(asset as string);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('compression', () => {
  it('compresses pages with brotli or gzip, and only for clients that ask', async () => {
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    const html = zlib.brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain('<title>Trang chủ | Phim</title>');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('<html lang="vi"');
  });

  it('compresses API answers and translations', async () => {
    // Enough genres that the list is worth compressing (answers under 1 KB are sent as they are).
    await t.db.insert(terms).values(
      Array.from({ length: 40 }, (_, i) => ({
        kind: 'genre' as const,
        name: `Thể loại nén ${i}`,
        slug: `the-loai-nen-${i}`,
        searchText: `the loai nen ${i}`,
      })),
    );
    for (const url of ['/api/terms/genre', '/_i18n/vi/messages.json']) {
      const response = await get(url, { 'accept-encoding': 'gzip' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('gzip');
      expect(() => JSON.parse(zlib.gunzipSync(response.rawPayload).toString()), url).not.toThrow();
    }
  });

  it("serves the build's pre-compressed assets, identical once decoded", async () => {
    const page = await get('/');
    const asset = /import\("(\/assets\/[^"]+\.js)"\)/.exec(page.body)![1]!;
    const plain = await get(asset);
    const br = await get(asset, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('leaves media alone: a byte range of a subtitle file comes back as those bytes', async () => {
    const dir = path.join(t.dataDir, 'storage', 'compression-check');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'track.vtt'),
      `WEBVTT\n\n${'00:00.000 --> 00:01.000\nXin chào\n\n'.repeat(200)}`,
    );
    const whole = await get('/storage/compression-check/track.vtt', {
      'accept-encoding': 'br, gzip',
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    const part = await get('/storage/compression-check/track.vtt', {
      'accept-encoding': 'br, gzip',
      range: 'bytes=0-5',
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('WEBVTT');
  });
});

describe('storage', () => {
  it('never serves a path outside the storage root', async () => {
    const response = await get('/storage/..%2f..%2fpackage.json');
    expect(response.statusCode).toBe(404);
    const dotted = await get('/storage/../package.json');
    expect(dotted.statusCode).toBe(404);
  });

  it('keeps segment requests out of the log at info, where API requests are logged', async () => {
    const lines: { msg?: string; req?: { url?: string }; reqId?: string }[] = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
    );
    const logged = await createTestApp({ logger });
    try {
      const folder = path.join(logged.dataDir, 'storage', 'videos', '7', 'abc123', '360p');
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, 'seg_00001.m4s'), Buffer.alloc(1000));
      const segment = await logged.app.inject('/storage/videos/7/abc123/360p/seg_00001.m4s');
      expect(segment.statusCode).toBe(200);
      expect((await logged.app.inject('/storage/videos/7/abc123/none.m4s')).statusCode).toBe(404);
      const api = await logged.app.inject('/api/terms/genre');
      expect(api.statusCode).toBe(200);
      const ids = (response: typeof segment) => String(response.headers['x-request-id']);
      expect(lines.filter((line) => line.reqId === ids(api)).length).toBeGreaterThan(0);
      expect(lines.filter((line) => line.reqId === ids(segment))).toEqual([]);
      expect(lines.some((line) => line.req?.url?.startsWith('/storage/'))).toBe(false);
    } finally {
      await logged.close();
    }
  });
});

describe('a watch page whose player starts early', () => {
  let watch: string;
  beforeAll(async () => {
    const { movies, episodes } = t.app.services;
    const movie = await movies.create({
      title: 'Khởi Động Sớm',
      published: true,
      total_episodes: 1,
    });
    const server = await episodes.createServer(movie.id, 'Vietsub #1');
    await episodes.create(movie.id, {
      server_id: server.id,
      name: 'Tập 1',
      ep: 'tap-1',
      source_type: 'hls',
      source_url: '/storage/early/master.m3u8',
    });
    watch = `/watch/${movie.slug}/tap-1`;
  });

  const attributeJson = (value: string) =>
    JSON.parse(value.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as string[];

  it("holds the app's modules back for the early start, which preloads only its own", async () => {
    const { body } = await get(watch);
    const boot = /import\("(\/assets\/player-boot-[^"]+\.js)"\)/.exec(body)?.[1];
    expect(boot).toBeTruthy();
    const preloads = [...body.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(preloads).toEqual([boot]);
    // The master playlist is fetched from <head>, beside the early start's chunk.
    const head = body.slice(0, body.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="preload" as="fetch" href="/storage/early/master.m3u8" crossorigin="anonymous" fetchPriority="high"/>',
    );
    // React Router's module script is there, whole, with a type the browser does not run, and the preloads it had.
    const held =
      /<script nonce="[^"]+" type="text\/x-phim-app" data-preloads="([^"]+)">([^<]*)<\/script>/.exec(
        body,
      );
    expect(held).toBeTruthy();
    const [, list, script] = held!;
    expect(attributeJson(list!)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/assets\/entry\.client-.+\.js$/)]),
    );
    expect(script).toMatch(/import \* as route0 from "\/assets\/root-[^"]+\.js";/);
    expect(script).toMatch(/import\("\/assets\/entry\.client-[^"]+\.js"\);$/);
    expect(body).not.toMatch(/<script [^>]*type="module" async="">[^<]*entry\.client/);
  });

  it('runs no script that waits for the stylesheet before the early start', async () => {
    const { body } = await get(watch);
    const stylesheet = body.search(/<link [^>]*rel="stylesheet"/);
    const earlyStart = body.indexOf(`import("`);
    // A classic script after a stylesheet waits for it, and holds the parser (and the player's start) until then.
    const classic = [...body.matchAll(/<script (?![^>]*type=)[^>]*>/g)].map((m) => m.index);
    expect(classic.length).toBeGreaterThan(0);
    for (const at of classic) expect(at < stylesheet || at > earlyStart).toBe(true);
    // The watch page's theatre mode is set with the colour mode, before the stylesheet; other pages leave it.
    const headScript = body.slice(classic[0], body.indexOf('</script>', classic[0]));
    expect(headScript).toContain('nuxt-color-mode');
    expect(headScript).toContain('data-theatre');
    expect((await get('/')).body).not.toContain('data-theatre');
  });

  it('leaves crawlers without scripts (the early start too), and lets other pages go after their paint', async () => {
    const held = /<script [^>]*type="text\/x-phim-app"/;
    const crawled = (await get(watch, { 'user-agent': 'Googlebot/2.1' })).body;
    expect(crawled).not.toMatch(held);
    // Nor the player's early start: its chunk, its import and the playlist it would fetch.
    expect(crawled).not.toContain('/assets/player-boot-');
    expect(crawled).not.toContain('<link rel="preload" as="fetch"');
    expect(crawled).toContain('data-player-boot-play');
    expect((await get(watch)).body).toContain('/assets/player-boot-');
    const home = (await get('/')).body;
    expect(home).toMatch(held);
    expect(home).not.toMatch(/<script [^>]*type="module" async="">[^<]*entry\.client/);
    // The home page's release waits for its hero; the watch page's is the early start's.
    expect(home).toContain('requestAnimationFrame');
    expect((await get(watch)).body).not.toContain('img[fetchpriority=');
  });
});
