// Whether an element below the fold has come near the screen: the cards there are rendered only then, their places
// before (decision 065). Crawlers are always near: they get every card.
import { useEffect, useState, type RefObject } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '#app/root.tsx';

/** How far ahead of the screen an element counts as near: its cards are made before they scroll in. */
const NEAR_MARGIN = '200px 0px';

/** True once `ref`'s element comes within `NEAR_MARGIN` of the screen (and from then on), or for a crawler. */
export function useNear(ref: RefObject<Element | null>): boolean {
  const crawler = useRouteLoaderData<typeof rootLoader>('root')?.crawler ?? false;
  const [near, setNear] = useState(false);
  // After every render until near, as the element may come later (a listing's next page of more than twelve).
  useEffect(() => {
    const node = ref.current;
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  });
  return near || crawler;
}
