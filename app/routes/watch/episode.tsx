// `/watch/{slug}/{ep}`: the watch page, always dark like a cinema. The player, the movie and episode names,
// previous/next, the server tabs (same episode on another server when it has one) and the episode grid.
// `?server=<id>` picks the server; without it, the first server that has this episode. Old slugs answer 301.
// "Report a problem" (here and on the player's error) sends the episode to the Report Manager. On wide screens,
// theatre mode (the button, or T) puts the player across the window above the details and the episode grid. Under
// the player: the synopsis, and "More like this". A signed-in viewer sees how far they got in each episode.
import { ChevronLeft, ChevronRight, Flag, RectangleHorizontal } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { redirect, useLocation, useNavigate, useRevalidator } from 'react-router';
import { AppLink } from '#app/components/app-link.tsx';
import { FollowButton } from '#app/components/catalog/follow-button.tsx';
import { HydrateLater } from '#app/components/hydrate-later.tsx';
import { MovieRow } from '#app/components/catalog/movie-row.tsx';
import { ReportDialog } from '#app/components/catalog/report-dialog.tsx';
import { Poster } from '#app/components/image.tsx';
import { Player } from '#app/components/player/player.tsx';
import { theatreScript } from '#app/components/player/player-preferences.ts';
import { Button } from '#app/components/ui/button.tsx';
import { AUTOPLAY_STATE, wantsAutoplay } from '#app/components/watch/autoplay.ts';
import { EpisodeList } from '#app/components/watch/episode-list.tsx';
import { Synopsis } from '#app/components/watch/synopsis.tsx';
import { useTheatre } from '#app/components/watch/use-theatre.ts';
import { useApi } from '#app/lib/auth.tsx';
import { pageNotFound } from '#app/lib/route-errors.ts';
import { movieSeo } from '#app/lib/seo-movie.ts';
import { loadSeoImages } from '#app/lib/seo.server.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { episodeHistory } from '#app/lib/watch-history.ts';
import { resumeAt } from '#shared/history.ts';
import { progressByEpisode } from '#shared/watch-progress.ts';
import type { Route } from './+types/episode';

type TitleData = { movie: { title: string }; episode: { name: string } } | undefined;

export const handle: RouteHandle = {
  pageCache: 'guests',
  colorMode: 'dark',
  headScript: theatreScript,
  title: (data) => {
    const page = data as TitleData;
    return page ? `${page.movie.title} – ${page.episode.name}` : '';
  },
  seo: (context) => {
    const page = context.data as Awaited<ReturnType<typeof loader>>;
    return movieSeo(context, {
      movie: page.details,
      servers: page.servers,
      images: page.images,
      episode: page.episode,
    });
  },
};

const KEY = /^[a-z0-9-]{1,255}$/;

export const loader = withAccess(
  'public',
  async ({ request, params }: Route.LoaderArgs, { services, user }) => {
    const { slug, ep } = params;
    if (!KEY.test(slug) || !KEY.test(ep)) pageNotFound(request);
    const url = new URL(request.url);
    const server = url.searchParams.get('server');
    if (server !== null && !/^[1-9][0-9]{0,14}$/.test(server)) pageNotFound(request);
    // Kept for a few seconds for every visitor (public-reads.ts); the movie's full record in it feeds the
    // search-engine tags (genres, cast, rating) of this page too.
    const page = await services.publicReads.watchPage(
      slug,
      ep,
      server === null ? undefined : Number(server),
    );
    if (page) {
      const { history } = services;
      const [images, places, following] = await Promise.all([
        loadSeoImages(services, page.movie),
        // One query: every episode of this movie the viewer has begun (the grid's bars, this one's resume).
        user ? history.progressIn(user.id, page.movie.id) : null,
        // Whether they follow the movie, and its episodes are now seen (decision 041).
        user ? services.follows.visit(user.id, page.movie.id) : null,
      ]);
      const mine = places?.find((item) => item.episodeId === page.episode.id);
      // The signed-in viewer's place in this episode, and the ticket that saves it unless they paused their
      // history (decision 040).
      const place = user
        ? {
            ticket: user.historyPaused
              ? null
              : history.ticketFor(user.id, { id: page.episode.id, movieId: page.movie.id }),
            startAt: mine ? resumeAt(mine.position, mine.duration) : 0,
          }
        : null;
      const progress = places ? progressByEpisode(places) : null;
      return { ...page, images, history: place, progress, following };
    }
    const moved = await services.movies.redirectFor(slug);
    if (moved) throw redirect(`/watch/${moved}/${ep}${url.search}`, 301);
    pageNotFound(request);
  },
);

export default function EpisodePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const [theatre, toggleTheatre] = useTheatre();
  const location = useLocation();
  const { movie, episode, servers, switches, previous, next, subtitles, history, progress } =
    loaderData;
  const watchHistory = useMemo(() => episodeHistory(episode.id, history), [history, episode.id]);
  const server = servers.find((item) => item.id === episode.server_id)!;
  const href = (ep: string, serverId = episode.server_id) =>
    `/watch/${movie.slug}/${ep}?server=${serverId}`;
  const nextHref = next ? href(next.ep) : null;
  const goNext = useCallback(() => {
    // The next episode plays on by itself: the viewer asked for it.
    if (nextHref) void navigate(nextHref, { state: AUTOPLAY_STATE });
  }, [navigate, nextHref]);
  const countView = useCallback(() => {
    api.post(`/episodes/${episode.id}/view`).catch(() => {
      // A lost count is not the viewer's problem.
    });
  }, [api, episode.id]);
  const beat = useCallback(() => {
    api.post(`/episodes/${episode.id}/watching`).catch(() => {
      // Only the overview's live count misses it.
    });
  }, [api, episode.id]);
  // Opened from the player's error overlay, the reason is already known.
  const [reporting, setReporting] = useState<'page' | 'player' | null>(null);
  const reportFromPlayer = useCallback(() => setReporting('player'), []);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!episode.preparing) return;
    // The transcode finishes by itself: look again now and then, so the player appears without a reload.
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, 15_000);
    return () => clearInterval(timer);
  }, [episode.preparing, revalidator]);
  const autoPlay = wantsAutoplay(location.state);
  const facts = [
    movie.type?.name,
    movie.year ? String(movie.year) : null,
    movie.quality,
    ...movie.languages,
    movie.current_episode || null,
  ].filter(Boolean);

  return (
    <main id="main" className="flex-1 overflow-x-clip bg-neutral-950 text-neutral-100">
      <div className="mx-auto grid w-full max-w-screen-2xl gap-6 pb-12 lg:grid-cols-[minmax(0,1fr)_22rem] lg:px-6 lg:pt-6 xl:grid-cols-[minmax(0,1fr)_24rem] lg:theatre:pt-0">
        {/* In theatre mode this column lets its two parts into the grid: the player across both columns (and out
            to the window's edges), the details below it beside the episodes. */}
        <div className="min-w-0 lg:theatre:contents">
          <div
            className="aspect-video w-full overflow-hidden bg-black shadow-2xl lg:rounded-xl lg:theatre:col-span-full lg:theatre:mx-[calc(50%-50vw)] lg:theatre:aspect-auto lg:theatre:h-[min(56.25vw,calc(100svh-9rem))] lg:theatre:w-auto lg:theatre:rounded-none lg:theatre:shadow-none"
            data-testid="player-box"
          >
            <Player
              key={episode.id}
              source={{
                type: episode.source_type,
                url: episode.source_url,
                preparing: episode.preparing,
              }}
              poster={episode.poster ?? movie.backdrop ?? movie.poster}
              storyboard={episode.storyboard}
              subtitles={subtitles}
              title={`${movie.title} – ${episode.name}`}
              markers={{
                introStart: episode.intro_start,
                introEnd: episode.intro_end,
                outroStart: episode.outro_start,
              }}
              next={next ? { title: next.name, go: goNext } : null}
              autoPlay={autoPlay}
              onStart={countView}
              onBeat={beat}
              onReport={reportFromPlayer}
              onTheatre={toggleTheatre}
              history={watchHistory}
            />
          </div>
          <div className="flex min-w-0 flex-col gap-4 px-4 pt-5 lg:px-0 lg:theatre:pt-0">
            <div className="flex gap-4">
              <AppLink
                to={`/watch/${movie.slug}`}
                className="hidden w-16 shrink-0 overflow-hidden rounded-lg bg-neutral-800 sm:block"
                tabIndex={-1}
                aria-hidden
              >
                <Poster
                  src={movie.poster}
                  width={64}
                  alt=""
                  className="aspect-[2/3] size-full object-cover"
                />
              </AppLink>
              <div className="min-w-0">
                <h1 className="text-xl font-bold text-balance text-white sm:text-2xl">
                  <AppLink to={`/watch/${movie.slug}`} className="hover:text-primary-300">
                    {movie.title}
                  </AppLink>
                </h1>
                <p
                  className="mt-1 text-base font-medium text-primary-300"
                  data-testid="episode-name"
                >
                  {episode.name}
                  <span className="text-neutral-400"> · {server.name}</span>
                </p>
                {facts.length ? (
                  <p className="mt-1 text-sm text-neutral-400">{facts.join(' · ')}</p>
                ) : null}
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <nav className="flex flex-wrap gap-2" aria-label={t('watch.episodeNav')}>
                {previous ? (
                  <Button
                    asChild
                    variant="outline"
                    size="lg"
                    className="border-neutral-700 text-white dark:text-white"
                  >
                    <AppLink to={href(previous.ep)} rel="prev" state={AUTOPLAY_STATE}>
                      <ChevronLeft aria-hidden />
                      {t('watch.previous')}
                    </AppLink>
                  </Button>
                ) : null}
                {next && nextHref ? (
                  <Button asChild size="lg">
                    <AppLink to={nextHref} rel="next" state={AUTOPLAY_STATE}>
                      {t('watch.next')}
                      <ChevronRight aria-hidden />
                    </AppLink>
                  </Button>
                ) : null}
              </nav>
              {/* The page's actions, at the row's end: the movie's own (such as following it) join them here. */}
              <div
                className="ml-auto flex flex-wrap items-center gap-1"
                data-testid="watch-actions"
              >
                <Button
                  variant="ghost"
                  size="lg"
                  className="hidden text-neutral-400 hover:bg-neutral-800 hover:text-white aria-pressed:text-primary-300 lg:inline-flex dark:text-neutral-400 dark:aria-pressed:text-primary-300"
                  aria-pressed={theatre}
                  title={`${t('watch.theatre')} (T)`}
                  onClick={toggleTheatre}
                >
                  <RectangleHorizontal aria-hidden />
                  {t('watch.theatre')}
                </Button>
                <Button
                  variant="ghost"
                  size="lg"
                  className="text-neutral-400 hover:bg-neutral-800 hover:text-white dark:text-neutral-400"
                  onClick={() => setReporting('page')}
                >
                  <Flag aria-hidden />
                  {t('watch.report')}
                </Button>
                <FollowButton movie={movie} following={loaderData.following} tone="watch" />
              </div>
            </div>
            {loaderData.details.description ? (
              <Synopsis html={loaderData.details.description} />
            ) : null}
            <ReportDialog
              key={episode.id}
              episodeId={episode.id}
              title={`${movie.title} – ${episode.name}`}
              open={reporting !== null}
              onOpenChange={(open) => !open && setReporting(null)}
              defaultReason={reporting === 'player' ? 'wont_play' : undefined}
            />
          </div>
        </div>

        <aside className="flex min-w-0 flex-col gap-5 px-4 lg:px-0">
          <HydrateLater>
            <EpisodeList
              episode={episode}
              servers={servers}
              switches={switches}
              progress={progress}
              href={href}
            />
          </HydrateLater>
        </aside>
      </div>
      {loaderData.more_like_this.length ? (
        <div className="paint-when-near pb-12">
          <HydrateLater>
            <MovieRow
              title={t('watching.moreLikeThis')}
              movies={loaderData.more_like_this}
              belowFold
            />
          </HydrateLater>
        </div>
      ) : null}
    </main>
  );
}
