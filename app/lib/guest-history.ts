// A guest's watch history, kept in this browser (issue 16): the player resumes from it as it does from the account's,
// and it merges into the account once the viewer signs in (POST /api/history/merge). The newest
// GUEST_HISTORY_MAX episodes are kept.
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { GUEST_HISTORY_MAX } from '#shared/history.ts';
import { isApiError } from './api.ts';
import { useAuth } from './auth.tsx';

const KEY = 'phim:history';

export type GuestPosition = {
  episode_id: number;
  position: number;
  duration: number;
  watched_at: string;
};

function isPosition(value: unknown): value is GuestPosition {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(item.episode_id) &&
    typeof item.position === 'number' &&
    typeof item.duration === 'number' &&
    typeof item.watched_at === 'string'
  );
}

/** What this browser kept, newest first; nothing on the server or when storage is unavailable or garbled. */
export function guestHistory(): GuestPosition[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPosition) : [];
  } catch {
    return [];
  }
}

export function guestPosition(episodeId: number): GuestPosition | undefined {
  return guestHistory().find((item) => item.episode_id === episodeId);
}

export function saveGuestPosition(episodeId: number, position: number, duration: number) {
  const item = { episode_id: episodeId, position, duration, watched_at: new Date().toISOString() };
  const rest = guestHistory().filter((kept) => kept.episode_id !== episodeId);
  try {
    localStorage.setItem(KEY, JSON.stringify([item, ...rest].slice(0, GUEST_HISTORY_MAX)));
  } catch {
    // Private mode or a full storage: the guest simply starts from the beginning next time.
  }
}

export function clearGuestHistory() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}

/**
 * Once a viewer is signed in, hands what this browser kept as a guest to the account and forgets it here. A failure
 * the server explains (a 4xx) drops the list too, since sending it again would fail again; anything else keeps it
 * for the next page.
 */
export function useMergeGuestHistory() {
  const { user, api } = useAuth();
  const revalidator = useRevalidator();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    const items = guestHistory();
    if (items.length === 0) return;
    api
      .post<{ merged: number }>('/history/merge', { items })
      .then(({ merged }) => {
        clearGuestHistory();
        if (merged > 0) void revalidator.revalidate();
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) clearGuestHistory();
      });
    // Once per account signed in, not on every revalidation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
}
