// Every locale's messages, for the server only: browsers fetch theirs from /_i18n/{locale}/messages.json.
import { createHash } from 'node:crypto';
import type { Locale } from '#shared/i18n.ts';
import en from './en.json';
import vi from './vi.json';

export const messages = { en, vi } satisfies Record<Locale, unknown>;
export type Messages = typeof en;

/**
 * A digest of every locale's messages: pages ask for `messages.json?v=` it, so a browser that keeps the messages for
 * 24 hours asks again as soon as a release changes them (an old copy would show the new screens' keys, not words).
 */
export const messagesVersion = createHash('sha256')
  .update(JSON.stringify(messages))
  .digest('base64url')
  .slice(0, 12);
