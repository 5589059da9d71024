// The watch page's side column: the server tabs (the same episode on another server when it has one) and the grid
// of the current server's episodes, each with the signed-in viewer's progress. Every link keeps playing
// (AUTOPLAY_STATE): the viewer chose what to watch next.
import { ListVideo, Server } from 'lucide-react';
import { AppLink } from '#app/components/app-link.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import { cn } from '#app/lib/cn.ts';
import { AUTOPLAY_STATE } from './autoplay.ts';
import { EpisodeProgress, episodeLabel } from './episode-progress.tsx';

type Props = {
  /** The episode playing. */
  episode: { id: number; server_id: number };
  servers: ReadonlyArray<{
    id: number;
    name: string;
    episodes: ReadonlyArray<{ id: number; name: string; ep: string }>;
  }>;
  switches: ReadonlyArray<{ server_id: number; name: string; ep: string; same_episode: boolean }>;
  /** Share watched by episode id, for a signed-in viewer; null for a guest. */
  progress: Record<number, number> | null;
  /** The watch page of an episode on a server. */
  href: (ep: string, serverId?: number) => string;
};

export function EpisodeList({ episode, servers, switches, progress, href }: Props) {
  const { t } = useTranslation();
  const server = servers.find((item) => item.id === episode.server_id)!;
  return (
    <>
      {switches.length > 1 ? (
        <section aria-labelledby="servers-heading">
          <h2
            id="servers-heading"
            className="mb-2 flex items-center gap-2 text-sm font-semibold text-neutral-300"
          >
            <Server aria-hidden className="size-4" />
            {t('watch.servers')}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {switches.map((item) => {
              const current = item.server_id === episode.server_id;
              return (
                <li key={item.server_id}>
                  <AppLink
                    to={href(item.ep, item.server_id)}
                    state={AUTOPLAY_STATE}
                    aria-current={current ? 'page' : undefined}
                    title={item.same_episode ? undefined : t('watch.notOnServer')}
                    className={cn(
                      'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors',
                      current
                        ? 'border-primary-500 bg-primary-500 text-neutral-950'
                        : 'border-neutral-700 text-neutral-200 hover:border-primary-400 hover:text-primary-300',
                    )}
                  >
                    {item.name}
                  </AppLink>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="episodes-heading" className="min-w-0">
        <h2
          id="episodes-heading"
          className="mb-2 flex items-center gap-2 text-sm font-semibold text-neutral-300"
        >
          <ListVideo aria-hidden className="size-4" />
          {t('watch.episodes', { server: server.name })}
          <span className="font-normal text-neutral-500 dark:text-neutral-400">
            ({server.episodes.length})
          </span>
        </h2>
        <ul
          className="grid max-h-[28rem] grid-cols-[repeat(auto-fill,minmax(4.5rem,1fr))] gap-2 overflow-y-auto pr-1"
          data-testid="episode-grid"
        >
          {server.episodes.map((item) => {
            const current = item.id === episode.id;
            return (
              <li key={item.id}>
                <AppLink
                  to={href(item.ep)}
                  state={AUTOPLAY_STATE}
                  aria-current={current ? 'page' : undefined}
                  aria-label={episodeLabel(t, item.name, progress?.[item.id])}
                  title={item.name}
                  className={cn(
                    'relative flex h-10 items-center justify-center overflow-hidden rounded-lg px-2 text-sm font-medium transition-colors',
                    current
                      ? 'bg-primary-500 text-neutral-950'
                      : 'bg-neutral-800/80 text-neutral-200 hover:bg-neutral-700 hover:text-white',
                  )}
                >
                  <span className="truncate">{item.name}</span>
                  <EpisodeProgress share={progress?.[item.id]} current={current} />
                </AppLink>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
