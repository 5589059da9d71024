// `BENCH_ONLY=pages`: the JavaScript each page sends, as Debian's Chromium receives it (brotli), against its budget
// and beside the build's own figure (scripts/budgets.ts); then Lighthouse's mobile scores (performance and
// accessibility) of the public pages. Issue 21, decision 056.
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import type { RunningServer } from '#server/start.ts';
import { BROWSER_USER_AGENT, CHROMIUM_ARGS, chromiumPath } from '#tests/chromium.ts';
import { measureScripts } from '#tests/script-transfer.ts';
import { checkBudgets, kilobytes, PAGE_BUDGETS } from '../scripts/budgets.ts';

const CLIENT_DIR = path.resolve('build/client');
/** Lighthouse runs per page; the median's scores are reported (Lighthouse's own advice: 5 on a varying machine). */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** The demo's catalogue (posters, backdrops, a featured hero and episodes of an HLS clip), as `npm run demo` has it. */
async function seed(server: RunningServer) {
  const { seedDemo } = await import('#server/demo/seed.ts');
  const result = await seedDemo(server.app, server.db, { clipSeconds: 4 });
  // The video manager's clips transcode in the background (`clips` is their queueing): done before anything is
  // measured, or ffmpeg shares the two cores with the browser and the page's server.
  await result.clips;
  await untilTranscoded(server);
  const home = await fetch(`${server.url}/`, {
    headers: { 'user-agent': BROWSER_USER_AGENT },
  }).then((response) => response.text());
  const moviePath = /href="(\/watch\/[^"/]+)"/.exec(home)?.[1];
  if (!moviePath) throw new Error('The home page links no movie.');
  const movie = await fetch(`${server.url}${moviePath}`, {
    headers: { 'user-agent': BROWSER_USER_AGENT },
  }).then((response) => response.text());
  const watchPath = new RegExp(`href="(${moviePath}/[^"/]+)"`).exec(movie)?.[1];
  if (!watchPath) throw new Error(`${moviePath} links no episode.`);
  return { moviePath, watchPath };
}

/** Waits until no video is queued or transcoding (ten minutes at most). */
async function untilTranscoded(server: RunningServer) {
  for (const until = Date.now() + 600_000; Date.now() < until;) {
    const { rows } = await server.db.$client.query<{ n: number }>(
      `select count(*)::int as n from videos where status in ('queued', 'processing') and deleted_at is null`,
    );
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('The demo clips were still transcoding after ten minutes.');
}

/** A context signed in as the bench's admin, with a session cookie (cookie mode, its CSRF header). */
async function signIn(context: BrowserContext, url: string, account: Account) {
  await context.request.get(`${url}/api/csrf-cookie`);
  const xsrf = (await context.cookies(url)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  const response = await context.request.post(`${url}/api/auth/login`, {
    data: account,
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf ?? '') },
  });
  if (!response.ok())
    throw new Error(`Bench admin sign-in: ${response.status()} ${await response.text()}`);
}

type Account = { email: string; password: string };

const PATHS: Record<string, (paths: { moviePath: string; watchPath: string }) => string> = {
  home: () => '/',
  movies: () => '/movies',
  'movie page': ({ moviePath }) => moviePath,
  'watch page': ({ watchPath }) => watchPath,
  'back office: movies': () => '/vnwa/movie/film/list',
  'back office: videos': () => '/vnwa/vmedia/video-manager/list',
  'back office: users': () => '/vnwa/users',
};

async function scriptsPerPage(
  server: RunningServer,
  paths: { moviePath: string; watchPath: string },
  admin: Account,
) {
  const built = new Map(checkBudgets(CLIENT_DIR).map((row) => [row.name, row]));
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const rows = [];
  try {
    for (const page of PAGE_BUDGETS) {
      const context = await browser.newContext({
        userAgent: BROWSER_USER_AGENT,
        viewport: { width: 1280, height: 720 },
        locale: 'vi-VN',
      });
      try {
        if (page.route.startsWith('routes/vnwa/')) await signIn(context, server.url, admin);
        const url = `${server.url}${PATHS[page.name]!(paths)}`;
        const scripts = await measureScripts(await context.newPage(), url);
        const bytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
        const notBrotli = scripts.filter(
          (script) => script.encoding !== 'br' && script.bytes > 1024,
        );
        rows.push({ page, url, scripts, bytes, built: built.get(page.name)!, notBrotli });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(
    '\nJavaScript per page: Debian Chromium, cold cache, `Accept-Encoding: br`, script bodies as received (CDP encodedDataLength less headers)\n',
  );
  console.log('| page | path | scripts | KB received | KB from the build | budget KB | |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const kb = kilobytes(row.bytes);
    console.log(
      `| ${row.page.name} | ${new URL(row.url).pathname} | ${row.scripts.length} | ${kb.toFixed(1)} | ${kilobytes(row.built.bytes).toFixed(1)} | ${row.page.budget} | ${kb > row.page.budget ? 'OVER' : 'ok'} |`,
    );
    // What the build's figure and the browser disagree on: chunks imported at run time, or listed but not loaded.
    const received = new Set(row.scripts.map((script) => new URL(script.url).pathname));
    const listed = new Set(row.built.scripts.map((script) => script.url));
    const onlyReceived = [...received].filter((url) => !listed.has(url));
    const onlyListed = [...listed].filter((url) => !received.has(url));
    if (onlyReceived.length || onlyListed.length)
      console.log(
        `|   ${[...onlyReceived.map((url) => `+${url}`), ...onlyListed.map((url) => `−${url}`)].join(' ')} | | | | | | |`,
      );
    if (row.notBrotli.length)
      console.log(
        `|   not brotli: ${row.notBrotli.map((script) => script.url).join(', ')} | | | | | | |`,
      );
  }
  return rows;
}

type LighthouseResult = {
  performance: number;
  accessibility: number;
  lcp: number;
  /** Failing accessibility audits, each with the first few elements it names. */
  failed: string[];
  /** The performance audits that cost the most, by their own estimate of time to save. */
  opportunities: string[];
};

/** Lighthouse's mobile defaults (a Moto G Power, simulated slow 4G and 4× CPU slowdown) in Debian's Chromium. */
async function lighthouseScores(urls: { name: string; url: string }[]) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const results: { name: string; url: string; runs: LighthouseResult[] }[] = [];
  try {
    for (const { name, url } of urls) {
      const runs: LighthouseResult[] = [];
      // One run first, not counted: a page's first visit at a phone's size has the server resize its images (and
      // Chromium compile its scripts), work that the page's later visitors do not wait for.
      await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const lhr = result!.lhr;
        const failed = Object.values(lhr.audits)
          .filter(
            (audit) =>
              lhr.categories.accessibility!.auditRefs.some((ref) => ref.id === audit.id) &&
              audit.score === 0,
          )
          .map((audit) => {
            const items = (
              audit.details as { items?: { node?: { snippet?: string } }[] } | undefined
            )?.items;
            const nodes = (items ?? [])
              .slice(0, 3)
              .map((item) => item.node?.snippet)
              .filter(Boolean);
            return `${audit.id}${nodes.length ? ` (${nodes.join(' ')})` : ''}`;
          });
        const opportunities = Object.values(lhr.audits)
          .filter(
            (audit) =>
              (audit.metricSavings?.LCP ?? 0) > 100 || (audit.metricSavings?.TBT ?? 0) > 50,
          )
          .map(
            (audit) =>
              `${audit.id} (LCP −${audit.metricSavings?.LCP ?? 0} ms, TBT −${audit.metricSavings?.TBT ?? 0} ms)`,
          );
        runs.push({
          performance: Math.round((lhr.categories.performance!.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility!.score ?? 0) * 100),
          lcp: lhr.audits['largest-contentful-paint']!.numericValue ?? Number.NaN,
          failed,
          opportunities,
        });
      }
      results.push({ name, url, runs });
    }
  } finally {
    chrome.kill();
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `\nLighthouse ${LIGHTHOUSE_RUNS}× per page, mobile (simulated throttling), Debian Chromium; load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}; targets performance ≥ 95, accessibility 100\n`,
  );
  console.log(
    '| page | performance (median) | runs | accessibility | LCP ms (median) | failing accessibility audits |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const { name, url, runs } of results) {
    console.log(
      `| ${name} ${new URL(url).pathname} | ${median(runs.map((run) => run.performance))} | ${runs.map((run) => run.performance).join(', ')} | ${Math.min(...runs.map((run) => run.accessibility))} | ${Math.round(median(runs.map((run) => run.lcp)))} | ${[...new Set(runs.flatMap((run) => run.failed))].join(', ') || '–'} |`,
    );
  }
  if (process.env.BENCH_LIGHTHOUSE_DETAILS)
    for (const { name, runs } of results)
      console.log(
        `${name}, costliest audits by run:\n${runs.map((run, index) => `  ${index + 1}. ${run.opportunities.join('; ') || '–'}`).join('\n')}`,
      );
  return results;
}

export async function benchPages(options: { server: RunningServer; admin: Account }) {
  try {
    chromiumPath();
  } catch (error) {
    console.log(`\nPages: skipped. ${(error as Error).message}`);
    return null;
  }
  console.log('\nPages: seeding the demo catalogue…');
  const paths = await seed(options.server);
  const scripts = await scriptsPerPage(options.server, paths, options.admin);
  const lighthouse = await lighthouseScores(
    (['home', 'movie page', 'watch page', 'movies'] as const).map((name) => ({
      name,
      url: `${options.server.url}${PATHS[name]!(paths)}`,
    })),
  );
  return { scripts, lighthouse };
}
