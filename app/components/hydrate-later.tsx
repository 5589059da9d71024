// A part of a server-rendered page that React hydrates after the rest, in slices that leave the main thread free.
import { Suspense, type ReactNode } from 'react';

/**
 * Hydrating a page is one task up to its first Suspense boundary: React puts a boundary's content, already on screen
 * from the server, off to a later render at low priority that yields every few milliseconds. A phone's main thread
 * is then blocked by the page's frame and its first screen, not by every row and list below them. A click or a key
 * on a part not hydrated yet hydrates it first, then reaches it. Nothing inside suspends: the fallback never shows.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
