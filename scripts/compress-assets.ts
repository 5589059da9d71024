// After `react-router build`: writes `.br` and `.gz` beside each compressible file of build/client, at the highest
// levels (done once here, not per request), for @fastify/static's `preCompressed` (server/web/react-router.ts).
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|html|map)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

const root = path.resolve(process.argv[2] ?? 'build/client');
let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  files += 1;
  before += data.length;
  after += br.length;
}
console.log(
  `compressed ${files} files in ${path.relative(process.cwd(), root)}: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (brotli)`,
);
