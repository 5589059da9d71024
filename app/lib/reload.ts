// New builds and failed chunk loads: the next navigation after a release is a full page load, never a broken one.
import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';

export const BUILD_POLL_INTERVAL_MS = 60_000;
export const RELOAD_GUARD_MS = 10_000;
const PENDING_KEY = 'phim:pending-navigation';
const RELOADED_KEY = 'phim:chunk-reload';

type PendingNavigation = { to: string; from: string; at: number };

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string };
  }
}

function currentPath() {
  return window.location.pathname + window.location.search + window.location.hash;
}

/**
 * React Router reloads the current page when a route chunk fails to load mid-navigation.
 * Before hydrating, send the visitor on to where they were going, once per guard window.
 */
export function resumeNavigationAfterReload(now = Date.now()): boolean {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
    if (!raw) return false;
    const pending = JSON.parse(raw) as PendingNavigation;
    const entry = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    if (entry?.type !== 'reload' || now - pending.at > 5_000) return false;
    if (pending.from !== currentPath() || pending.to === currentPath()) return false;
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOADED_KEY, String(now));
    window.location.replace(pending.to);
    return true;
  } catch {
    return false;
  }
}

/** Polls the server's build id; once it differs from this page's, the next navigation loads a fresh document. */
export function useReloadOnNewBuild() {
  const navigation = useNavigation();
  const stale = useRef(false);
  const pendingTarget = useRef<string | null>(null);

  useEffect(() => {
    if (import.meta.env.DEV) return;
    let cancelled = false;
    const check = async () => {
      try {
        const response = await fetch(`/_build/latest.json?t=${Date.now()}`, {
          headers: { Accept: 'application/json' },
          cache: 'no-store',
        });
        if (!response.ok) return;
        const { id } = (await response.json()) as { id?: string };
        const mine = window.__reactRouterManifest?.version;
        if (!cancelled && id && mine && id !== mine) stale.current = true;
      } catch {
        // Offline or restarting: try again on the next tick.
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const timer = window.setInterval(check, BUILD_POLL_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  const target = navigation.location
    ? navigation.location.pathname + navigation.location.search + navigation.location.hash
    : null;

  useEffect(() => {
    pendingTarget.current = target;
    if (target && stale.current) window.location.assign(target);
  }, [target]);

  useEffect(() => {
    const onPageHide = () => {
      const to = pendingTarget.current;
      if (!to) return;
      try {
        const pending: PendingNavigation = { to, from: currentPath(), at: Date.now() };
        sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
      } catch {
        // Storage disabled: the plain reload still works.
      }
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);
}
