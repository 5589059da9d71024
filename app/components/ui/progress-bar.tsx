// A thin bar of how far something got (a download, a transcode, an episode watched): the track, the filled part,
// and, when it has a label, the progressbar role that says it in words. Without a label it is decoration only
// (the text beside it already says how far).
import { cn } from '#app/lib/cn.ts';

export function ProgressBar({
  percent,
  label,
  className,
  barClassName,
}: {
  /** 0 to 100; anything outside is clamped. */
  percent: number;
  label?: string;
  /** The track: its height, colour, radius and place. */
  className?: string;
  /** The filled part: its colour (and a transition where it moves while watched). */
  barClassName?: string;
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  const named = label
    ? {
        role: 'progressbar',
        'aria-label': label,
        'aria-valuemin': 0,
        'aria-valuemax': 100,
        'aria-valuenow': value,
      }
    : { 'aria-hidden': true };
  return (
    <div {...named} className={cn('block h-1 overflow-hidden', className)}>
      <div className={cn('h-full bg-primary-500', barClassName)} style={{ width: `${value}%` }} />
    </div>
  );
}

/** How much of `duration` seconds `position` is, in whole percent; 0 when the length is unknown. */
export const percentOf = (position: number, duration: number) =>
  duration > 0 ? Math.min(100, Math.round((position / duration) * 100)) : 0;
