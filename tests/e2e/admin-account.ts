// The back office's admin in the browser tests: tests/e2e/server.ts creates it when the server starts, and the
// specs sign in as it through tests/e2e/fixtures.ts. Its own module, so that the server's launcher needs no
// Playwright.
export const ADMIN = { email: 'admin@phim.test', password: 'admin-password-123' } as const;
