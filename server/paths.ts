// The project's folder (where its package.json is), found from this module's file: the same answer whether the
// server runs from its sources (server/, through tsx) or from the bundle that `npm run build` writes (build/phim/).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && fs.existsSync(path.join(dir, 'server', 'db', 'migrations'))) {
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`No Phim project folder above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

export const appVersion: string = (
  JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
