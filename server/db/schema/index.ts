// The whole database schema; drizzle-kit generates migrations from it.
export * from './auth.ts';
export * from './catalog.ts';
export * from './subtitles.ts';
export * from './media.ts';
export * from './engagement.ts';
export * from './history.ts';
export * from './site.ts';
