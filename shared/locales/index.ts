// Every locale's messages, for the server only: browsers fetch theirs from /_i18n/{locale}/messages.json.
import type { Locale } from '#shared/i18n.ts';
import en from './en.json';
import vi from './vi.json';

export const messages = { en, vi } satisfies Record<Locale, unknown>;
export type Messages = typeof en;
