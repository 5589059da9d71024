// The process's logger: JSON lines (pino) with secrets redacted. Light on purpose: the entry point makes it before
// loading the app, so that the database can start meanwhile.
import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';

/** What never reaches a log line: credentials in headers and bodies. */
export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.secret',
];

export function createLogger(config: Config): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: { paths: logRedactPaths, censor: '[redacted]' },
  });
}
