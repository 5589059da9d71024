// The storage bench's second reference (bench/storage.ts): Node's own `http` serving the same segments from memory,
// with no framework and no checks, in a process of its own. Its distance from nginx is what one Node thread can do;
// Phim's /storage/ distance from it is what the route itself costs.
// Usage: tsx bench/bare-segments.ts <storage root> <url path>… ; prints `{"port":N}` once it listens.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const [root, ...urls] = process.argv.slice(2);
if (!root || urls.length === 0)
  throw new Error('usage: bare-segments.ts <storage root> <url path>…');

const files = new Map<string, Buffer>();
for (const url of urls) {
  files.set(url, fs.readFileSync(path.join(root, url.replace(/^\/storage\//, ''))));
}
const lastModified = new Date().toUTCString();

const server = http.createServer((request, response) => {
  const body = files.get(request.url ?? '');
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  // The headers Phim's route sends for a segment, so both answers weigh the same.
  response.writeHead(200, {
    'content-type': 'video/iso.segment',
    'content-length': body.length,
    'cache-control': 'public, max-age=31536000, immutable',
    etag: `"${body.length.toString(16)}"`,
    'last-modified': lastModified,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
