// The header by which a page's render (app/entry.server.tsx) tells the server's page cache (server/web/page-cache.ts)
// that its route renders the same for every guest (decision 058). The server takes it off before answering.
export const PAGE_CACHE_HEADER = 'x-phim-page-cache';
