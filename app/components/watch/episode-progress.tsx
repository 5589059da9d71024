// A signed-in viewer's progress on an episode's tile in the episode lists (issue 16): a thin bar along the tile's
// foot, and a check once watched past 90 %. Said to screen readers in the link's name (`episodeLabel`). Guests have
// no progress.
import { Check } from 'lucide-react';
import { isWatched } from '#shared/history.ts';
import type { TFunction } from 'i18next';
import { cn } from '#app/lib/cn.ts';

/** The tile's accessible name with the progress ("Tập 2, 47% watched"); undefined without progress (its text). */
export function episodeLabel(t: TFunction, name: string, share: number | undefined) {
  if (share === undefined) return undefined;
  return isWatched(share, 1)
    ? `${name}, ${t('watching.watched')}`
    : `${name}, ${t('watching.watchedShare', { percent: Math.round(share * 100) })}`;
}

/**
 * Inside an episode link that is `relative overflow-hidden`: nothing when `share` is undefined (not begun, or a
 * guest), else the bar (and the mark when watched); `current` for the highlighted tile of the episode playing.
 */
export function EpisodeProgress({ share, current = false }: { share?: number; current?: boolean }) {
  if (share === undefined) return null;
  const watched = isWatched(share, 1);
  return (
    <>
      {watched ? (
        <Check
          aria-hidden
          strokeWidth={3}
          className="absolute top-0.5 right-0.5 size-3.5 rounded-full bg-primary-500 p-0.5 text-neutral-950"
          data-testid="episode-watched"
        />
      ) : null}
      <span
        aria-hidden
        className={cn(
          'absolute inset-x-0 bottom-0 h-1',
          current ? 'bg-neutral-950/25' : 'bg-neutral-500/30',
        )}
      >
        <span
          className={cn('block h-full', current ? 'bg-neutral-950' : 'bg-primary-500')}
          style={{ width: `${Math.max(2, Math.round(share * 100))}%` }}
          data-testid="episode-progress"
        />
      </span>
    </>
  );
}
