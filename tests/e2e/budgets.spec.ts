// The JavaScript budgets (decision 056): what the build step counts for the home page (scripts/budgets.ts, from the
// manifest and the `.br` files) is what Chromium receives, and it comes brotli'd.
import path from 'node:path';
import { checkBudgets, kilobytes } from '../../scripts/budgets.ts';
import { measureScripts } from '../script-transfer.ts';
import { expect, test } from './fixtures.ts';

test('the home page receives the JavaScript the build counted for it, brotli, within its budget', async ({
  page,
}) => {
  const built = checkBudgets(path.resolve('build/client')).find((row) => row.name === 'home')!;
  const received = await measureScripts(page, '/');
  const bytes = received.reduce((sum, script) => sum + script.bytes, 0);
  // Same files: the build's list is what the browser fetched.
  expect(received.map((script) => new URL(script.url).pathname).sort()).toEqual(
    built.scripts.map((script) => script.url).sort(),
  );
  expect(
    received.filter((script) => script.bytes > 1024 && script.encoding !== 'br').map((s) => s.url),
  ).toEqual([]);
  // Within a few KB: the build counts the files, the browser what came through the connection.
  expect(Math.abs(kilobytes(bytes) - kilobytes(built.bytes))).toBeLessThan(3);
  expect(kilobytes(bytes)).toBeLessThanOrEqual(built.budget);
});
