// The home page's Continue watching row (issue 16): for each movie the viewer is in the middle of, a wide card with
// the backdrop, how far they got and the episode, leading straight back to that place (the player resumes there).
import { Play } from 'lucide-react';
import { AppLink } from '#app/components/app-link.tsx';
import { ScrollRow } from '#app/components/catalog/movie-row.tsx';
import { Img } from '#app/components/image.tsx';
import { ProgressBar, percentOf } from '#app/components/ui/progress-bar.tsx';
import { formatClock } from '#app/lib/format.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { ContinueItem } from '#shared/resources/history.ts';

export function ContinueRow({
  items,
  title,
  limit,
}: {
  items: ContinueItem[];
  /** The home section's own title; empty or missing: "Continue watching". */
  title?: string;
  limit?: number;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <ScrollRow
      title={title || t('histories.continue')}
      href="/user/histories"
      testId="continue-row"
    >
      {items.slice(0, limit).map((item) => (
        <li key={item.movie_id} className="w-64 shrink-0 snap-start sm:w-72 lg:w-80">
          <ContinueCard item={item} />
        </li>
      ))}
    </ScrollRow>
  );
}

function ContinueCard({ item }: { item: ContinueItem }) {
  const { t } = useTranslation();
  const left = item.duration > 0 ? Math.max(0, item.duration - item.position) : 0;
  return (
    <AppLink
      to={`/watch/${item.movie_slug}/${item.ep}?server=${item.server_id}`}
      className="group flex flex-col gap-2 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4"
      data-testid="continue-card"
    >
      <div className="relative aspect-video overflow-hidden rounded-xl bg-neutral-200 shadow-sm dark:bg-neutral-800">
        <Img
          src={item.backdrop ?? item.poster}
          width={320}
          height={180}
          sizes="(min-width: 1024px) 20rem, (min-width: 640px) 18rem, 16rem"
          alt=""
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        <div
          aria-hidden
          className="absolute inset-0 bg-gradient-to-t from-neutral-950/85 via-neutral-950/10 to-transparent"
        />
        <span
          aria-hidden
          className="absolute top-1/2 left-1/2 grid size-12 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-neutral-950/70 text-white opacity-90 ring-1 ring-white/40 transition group-hover:scale-110 group-hover:bg-primary-600"
        >
          <Play className="size-5 translate-x-px fill-current" />
        </span>
        <p className="absolute right-3 bottom-3 left-3 truncate text-xs font-semibold text-white">
          {item.up_next
            ? t('histories.upNext', { episode: item.episode_name })
            : `${item.episode_name} · ${t('histories.left', { time: formatClock(left) })}`}
        </p>
        {item.up_next ? null : (
          <ProgressBar
            percent={percentOf(item.position, item.duration)}
            label={t('histories.progress', { title: item.movie_title })}
            className="absolute inset-x-0 bottom-0 bg-white/25"
          />
        )}
      </div>
      <p className="line-clamp-2 px-0.5 text-sm font-semibold text-pretty group-hover:underline">
        {item.movie_title}
      </p>
    </AppLink>
  );
}
