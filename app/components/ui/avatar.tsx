// A user's picture, or their initials (at most 2 characters) on a colour derived from their name.
import { cn } from '#app/lib/cn.ts';
import { getInitials } from '#app/lib/format.ts';

const palette = [
  'bg-green-600',
  'bg-sky-600',
  'bg-purple-600',
  'bg-amber-600',
  'bg-rose-600',
  'bg-teal-600',
  'bg-indigo-600',
];

function colourFor(name: string) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return palette[Math.abs(hash) % palette.length];
}

export function Avatar({
  name,
  src,
  className,
}: {
  name: string;
  src?: string | null;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'relative inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full text-sm font-semibold text-white select-none',
        src ? 'bg-neutral-200 dark:bg-neutral-800' : colourFor(name),
        className,
      )}
    >
      {src ? (
        <img src={src} alt="" className="size-full object-cover" />
      ) : (
        // Drawn by CSS, not text: a button named by its label ("Account menu for …") has no visible text that its
        // name leaves out (axe's label-content-name-mismatch), and the initials are decoration anyway.
        <span
          aria-hidden
          data-initials={getInitials(name)}
          className="before:content-[attr(data-initials)]"
        />
      )}
    </span>
  );
}
