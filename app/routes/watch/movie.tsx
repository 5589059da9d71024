// `/watch/{slug}`: the movie detail. Backdrop, poster, titles, badges, links to its genres, nations and type, year,
// status, episode progress, cast, description, the actions (Watch, or Resume where a signed-in viewer left off;
// follow; trailer in a dialog; share), the episode list by server with the viewer's progress, and related movies.
// An old slug answers 301 to the current one; an unknown slug is the 404.
import { Play } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useNear } from '#app/lib/use-near.ts';
import type { CardMovie } from '#shared/resources/movie.ts';
import { redirect } from 'react-router';
import { AppLink } from '#app/components/app-link.tsx';
import { FollowButton } from '#app/components/catalog/follow-button.tsx';
import { MovieCard } from '#app/components/catalog/movie-card.tsx';
import { Img, Poster } from '#app/components/image.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { EpisodeProgress, episodeLabel } from '#app/components/watch/episode-progress.tsx';
import { ShareButton } from '#app/components/watch/share-button.tsx';
import { TrailerButton } from '#app/components/watch/trailer.tsx';
import { pageNotFound } from '#app/lib/route-errors.ts';
import { movieSeo } from '#app/lib/seo-movie.ts';
import { loadSeoImages } from '#app/lib/seo.server.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import type { Route } from './+types/movie';
import { MovieTitles } from '#app/components/catalog/movie-titles.tsx';
import { progressByEpisode, resumeTarget } from '#shared/watch-progress.ts';

export const handle: RouteHandle = {
  pageCache: 'guests',
  title: (data) => (data as { movie?: { title: string } } | undefined)?.movie?.title ?? '',
  seo: (context) => movieSeo(context, context.data as Awaited<ReturnType<typeof loader>>),
};

export const loader = withAccess(
  'public',
  async ({ request, params }: Route.LoaderArgs, { services, user }) => {
    const slug = params.slug;
    if (!/^[a-z0-9-]{1,255}$/.test(slug)) pageNotFound(request);
    const found = await services.publicReads.movieBySlug(slug);
    if (found) {
      // The movie is everyone's (kept a few seconds); the viewer's progress in it and whether they follow it are
      // theirs, read each time (following also marks its episodes seen, decision 041). Guests skip both.
      const [images, places, following] = await Promise.all([
        loadSeoImages(services, found.movie),
        user ? services.history.progressIn(user.id, found.movie.id) : null,
        user ? services.follows.visit(user.id, found.movie.id) : null,
      ]);
      return {
        ...found,
        images,
        following,
        progress: places ? progressByEpisode(places) : null,
        resume: places ? resumeTarget(found.servers, places) : null,
      };
    }
    const moved = await services.movies.redirectFor(slug);
    if (moved) throw redirect(`/watch/${moved}`, 301);
    pageNotFound(request);
  },
);

export default function MoviePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { movie, servers, related, progress, resume, following } = loaderData;
  const first = servers[0]?.episodes[0];
  // Out now: the longest server's count. The same episode on two servers is one episode, not two.
  const released = Math.max(0, ...servers.map((server) => server.episodes.length));
  const episodeCount =
    movie.total_episodes && movie.total_episodes > 1
      ? t('detail.progress', { current: released, total: movie.total_episodes })
      : null;
  return (
    <main id="main" className="flex-1">
      <section className="relative isolate overflow-hidden bg-neutral-950 text-white">
        {movie.backdrop ? (
          <Img
            src={movie.backdrop}
            width={1280}
            height={720}
            sizes="100vw"
            alt=""
            priority
            className="absolute inset-0 -z-20 size-full object-cover opacity-40"
          />
        ) : null}
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-gradient-to-t from-neutral-950 via-neutral-950/70 to-neutral-950/30"
        />
        <div className="mx-auto flex w-full max-w-screen-xl flex-col gap-6 px-4 py-10 sm:flex-row sm:px-6 lg:py-16">
          <div className="mx-auto aspect-[2/3] w-44 shrink-0 overflow-hidden rounded-2xl bg-neutral-800 shadow-2xl sm:mx-0 sm:w-56">
            <Poster
              src={movie.poster}
              width={224}
              alt={movie.title}
              priority
              className="size-full object-cover"
            />
          </div>
          <div className="flex min-w-0 flex-col gap-4">
            <MovieTitles
              as="h1"
              title={movie.title}
              originalTitle={movie.original_title}
              year={movie.year}
              titleClassName="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl"
              originalClassName="mt-1 text-lg text-neutral-300"
            />
            <ul
              className="flex flex-wrap gap-2 text-xs font-semibold"
              aria-label={t('detail.badges')}
            >
              <li className="rounded-md bg-primary-700 px-2 py-1">{movie.quality}</li>
              {movie.languages.map((language) => (
                <li key={language} className="rounded-md bg-white/15 px-2 py-1">
                  {language}
                </li>
              ))}
              {movie.current_episode ? (
                <li className="rounded-md bg-white/15 px-2 py-1">{movie.current_episode}</li>
              ) : null}
              <li className="rounded-md bg-white/15 px-2 py-1">
                {t(`admin.movies.status.${movie.status}`)}
              </li>
            </ul>
            <dl className="grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr]">
              {movie.type ? (
                <>
                  <dt className="text-neutral-400">{t('listing.type')}</dt>
                  <dd>
                    <AppLink to={`/${movie.type.slug}`} className="hover:underline">
                      {movie.type.name}
                    </AppLink>
                  </dd>
                </>
              ) : null}
              {[
                ['listing.genre', movie.genres],
                ['listing.nation', movie.nations],
              ].map(([label, list]) =>
                (list as typeof movie.genres).length ? (
                  <div key={label as string} className="contents">
                    <dt className="text-neutral-400">{t(label as string)}</dt>
                    <dd className="flex flex-wrap gap-x-2">
                      {(list as typeof movie.genres).map((term) => (
                        <AppLink key={term.id} to={`/${term.slug}`} className="hover:underline">
                          {term.name}
                        </AppLink>
                      ))}
                    </dd>
                  </div>
                ) : null,
              )}
              {episodeCount ? (
                <>
                  <dt className="text-neutral-400">{t('detail.episodes')}</dt>
                  <dd>{episodeCount}</dd>
                </>
              ) : null}
              {movie.directors.length ? (
                <>
                  <dt className="text-neutral-400">{t('admin.movies.form.directors')}</dt>
                  <dd>{movie.directors.join(', ')}</dd>
                </>
              ) : null}
              {movie.actors.length ? (
                <>
                  <dt className="text-neutral-400">{t('admin.movies.form.actors')}</dt>
                  <dd>{movie.actors.join(', ')}</dd>
                </>
              ) : null}
            </dl>
            {/* The movie's actions; following it joins them here. */}
            <div className="flex flex-wrap gap-3" data-testid="movie-actions">
              {resume ? (
                <Button asChild size="xl">
                  <AppLink to={`/watch/${movie.slug}/${resume.ep}?server=${resume.server_id}`}>
                    <Play aria-hidden />
                    {t(resume.resume ? 'watching.resume' : 'watching.watchNext', {
                      episode: resume.name,
                    })}
                  </AppLink>
                </Button>
              ) : first ? (
                <Button asChild size="xl">
                  <AppLink to={`/watch/${movie.slug}/${first.ep}`}>
                    <Play aria-hidden />
                    {t('detail.watchNow')}
                  </AppLink>
                </Button>
              ) : (
                <p className="rounded-lg bg-white/10 px-4 py-2.5 text-sm">
                  {t('detail.noEpisodes')}
                </p>
              )}
              <FollowButton movie={movie} following={following} tone="hero" />
              <TrailerButton title={movie.title} url={movie.trailer_url} />
              <ShareButton
                title={movie.title}
                className="border-white/30 text-white hover:bg-white/10 dark:text-white"
              />
            </div>
          </div>
        </div>
      </section>
      <div className="mx-auto flex w-full max-w-screen-xl flex-col gap-10 px-4 py-10 sm:px-6">
        {movie.description ? (
          <DetailSection id="about">
            <div
              className="max-w-3xl space-y-3 leading-relaxed text-neutral-700 dark:text-neutral-300 [&_a]:text-primary-700 [&_a]:underline dark:[&_a]:text-primary-300"
              // Sanitised when saved (server/domain/catalog/movies.service.ts sanitizeDescription).
              dangerouslySetInnerHTML={{ __html: movie.description }}
            />
          </DetailSection>
        ) : null}
        {servers.length ? (
          <DetailSection id="episodes">
            <div className="flex flex-col gap-5">
              {servers.map((server) => (
                <div key={server.id}>
                  <h3 className="mb-2 text-sm font-semibold text-neutral-600 dark:text-neutral-400">
                    {server.name}
                  </h3>
                  <ul className="flex flex-wrap gap-2">
                    {server.episodes.map((episode) => (
                      <li key={episode.id}>
                        <AppLink
                          to={`/watch/${movie.slug}/${episode.ep}?server=${server.id}`}
                          aria-label={episodeLabel(t, episode.name, progress?.[episode.id])}
                          className="relative inline-flex h-10 min-w-16 items-center justify-center overflow-hidden rounded-lg border border-neutral-300 px-3 text-sm font-medium hover:border-primary-500 hover:text-primary-700 dark:border-neutral-700 dark:hover:text-primary-300"
                        >
                          {episode.name}
                          <EpisodeProgress share={progress?.[episode.id]} />
                        </AppLink>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </DetailSection>
        ) : null}
        {related.length ? (
          <DetailSection id="related">
            <RelatedList movies={related} />
          </DetailSection>
        ) : null}
      </div>
    </main>
  );
}

/**
 * Related movies, at the foot of the page: their cards' places until the viewer nears them (decision 065), as
 * nobody sees them before.
 */
function RelatedList({ movies }: { movies: CardMovie[] }) {
  const list = useRef<HTMLUListElement>(null);
  const near = useNear(list);
  return (
    <ul
      ref={list}
      className="grid auto-cols-[9.5rem] grid-flow-col gap-3 overflow-x-auto pb-2 sm:auto-cols-[11rem]"
    >
      {movies.map((item) =>
        near ? (
          <li key={item.id}>
            <MovieCard movie={item} />
          </li>
        ) : (
          <li key={item.id} aria-hidden className="card-place" />
        ),
      )}
    </ul>
  );
}

/** One part of the page under the hero, named by its heading (`detail.<id>`). */
function DetailSection({
  id,
  children,
}: {
  id: 'about' | 'episodes' | 'related';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-xl font-bold">
        {t(`detail.${id}`)}
      </h2>
      {children}
    </section>
  );
}
