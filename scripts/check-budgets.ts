// After compress-assets in `npm run build`: each page's JavaScript at brotli size against its budget (issue 21,
// decision 056); exits 1 when a page is over. `--budget "home=120"` sets a page's budget in KB for this run (the
// tests set one too low); `--report` prints the table without failing; `build/client` unless a folder is given.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkBudgets, kilobytes, PAGE_BUDGETS } from './budgets.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    budget: { type: 'string', multiple: true, default: [] },
    report: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const budgets: Record<string, number> = {};
for (const setting of values.budget) {
  const [, name, kb] = /^(.+)=(\d+(?:\.\d+)?)$/.exec(setting) ?? [];
  if (!name || !PAGE_BUDGETS.some((page) => page.name === name)) {
    console.error(
      `--budget ${setting}: expected "<page>=<KB>", a page among ${PAGE_BUDGETS.map((page) => page.name).join(', ')}.`,
    );
    process.exit(2);
  }
  budgets[name] = Number(kb);
}

const rows = checkBudgets(path.resolve(positionals[0] ?? 'build/client'), budgets);
console.log('\nJavaScript per page (brotli, as served), against its budget\n');
console.log('| page | scripts | KB | budget KB | |');
console.log('|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.name} | ${row.scripts.length} | ${kilobytes(row.bytes).toFixed(1)} | ${row.budget} | ${row.over ? 'OVER' : 'ok'} |`,
  );
  if (values.verbose || row.over) {
    for (const script of row.scripts.slice(0, values.verbose ? undefined : 5))
      console.log(`|   ${script.url} | | ${kilobytes(script.bytes).toFixed(1)} | | |`);
  }
}
const over = rows.filter((row) => row.over);
if (over.length && !values.report) {
  console.error(
    `\nOver budget: ${over.map((row) => `${row.name} ${kilobytes(row.bytes).toFixed(1)} KB > ${row.budget} KB`).join('; ')}. ` +
      'Lazy-load what the first render does not need (docs/decisions/056-javascript-budgets.md).',
  );
  process.exit(1);
}
