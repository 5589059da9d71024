// The JavaScript budgets' build step (scripts/check-budgets.ts, decision 056): what it counts for a page, and that it
// fails the build when a page is over. The browser's side of the same figure is tests/e2e/budgets.spec.ts.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBudgets, pageScripts, readClientManifest } from '../../scripts/budgets.ts';

const run = promisify(execFile);
const CHECK = ['--import', 'tsx', 'scripts/check-budgets.ts'];

/** A client build of a few files: the manifest, and each file with its `.br` of a given size. */
function fakeBuild(files: Record<string, { bytes: number; code?: string }>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-budgets-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const manifest = {
    entry: { module: '/assets/entry.js', imports: ['/assets/framework.js'] },
    routes: {
      root: { id: 'root', module: '/assets/root.js', imports: ['/assets/framework.js'] },
      'layouts/default': { id: 'layouts/default', parentId: 'root', module: '/assets/default.js' },
      'routes/watch/episode': {
        id: 'routes/watch/episode',
        parentId: 'layouts/default',
        module: '/assets/episode.js',
        imports: ['/assets/player-boot.js'],
      },
    },
  };
  fs.writeFileSync(
    path.join(dir, 'assets', 'manifest-abc.js'),
    `window.__reactRouterManifest=${JSON.stringify(manifest)};`,
  );
  for (const [name, { bytes, code = '' }] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, 'assets', name), code.padEnd(2048, ' '));
    fs.writeFileSync(path.join(dir, 'assets', `${name}.br`), Buffer.alloc(bytes));
  }
  return dir;
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a page’s scripts, from the client manifest', () => {
  it('are the manifest, the entry, each route from root to the page, and the chunks it imports in the background, at brotli size', () => {
    const dir = fakeBuild({
      'entry.js': { bytes: 100 },
      'framework.js': { bytes: 1000 },
      'root.js': { bytes: 10 },
      'default.js': { bytes: 20 },
      'episode.js': { bytes: 30 },
      'player-boot.js': { bytes: 400 },
      'player-media.client-x1.js': {
        bytes: 200,
        code: 'import{a as b}from"./framework.js";import"./media-chrome.js";',
      },
      'media-chrome.js': { bytes: 50 },
      'admin.js': { bytes: 5000 },
    });
    made.push(dir);
    const scripts = pageScripts(dir, readClientManifest(dir), {
      name: 'watch page',
      route: 'routes/watch/episode',
      budget: 300,
      background: ['player-media.client-'],
    });
    expect(Object.fromEntries(scripts.map((script) => [script.url, script.bytes]))).toEqual({
      '/assets/framework.js': 1000,
      '/assets/player-boot.js': 400,
      '/assets/player-media.client-x1.js': 200,
      '/assets/entry.js': 100,
      '/assets/media-chrome.js': 50,
      '/assets/episode.js': 30,
      '/assets/default.js': 20,
      '/assets/root.js': 10,
      // No `.br` of its own in this build: counted as it is.
      '/assets/manifest-abc.js': fs.statSync(path.join(dir, 'assets', 'manifest-abc.js')).size,
    });
  });
});

// The real build (`npm run build` first, as for the page tests).
describe('the build step', () => {
  it('passes the current build, every page within its budget', async () => {
    const rows = checkBudgets(path.resolve('build/client'));
    expect(rows.filter((row) => row.over).map((row) => row.name)).toEqual([]);
    const { stdout } = await run(process.execPath, CHECK);
    expect(stdout).toMatch(/\| home \| \d+ \| [\d.]+ \| 150 \| ok \|/);
  });

  it('fails the build, naming the page, when a budget is set below what the page sends', async () => {
    const failure = await run(process.execPath, [...CHECK, '--budget', 'home=100']).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toMatch(/\| home \| \d+ \| [\d.]+ \| 100 \| OVER \|/);
    expect(failure?.stderr).toMatch(/Over budget: home [\d.]+ KB > 100 KB/);
  });

  it('refuses a budget for a page it does not know', async () => {
    const failure = await run(process.execPath, [...CHECK, '--budget', 'nowhere=1']).then(
      () => null,
      (error: { code: number }) => error,
    );
    expect(failure?.code).toBe(2);
  });
});
