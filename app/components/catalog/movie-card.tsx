// A movie in a grid or a row: poster with quality, language and current-episode badges, title and original title.
import type { CardMovie } from '#shared/resources/movie.ts';
import { AppLink } from '#app/components/app-link.tsx';
import { Poster } from '#app/components/image.tsx';
import { MovieTitles } from '#app/components/catalog/movie-titles.tsx';

export function MovieCard({ movie, priority = false }: { movie: CardMovie; priority?: boolean }) {
  return (
    <AppLink
      to={`/watch/${movie.slug}`}
      className="group flex flex-col gap-2 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4"
      data-testid="movie-card"
    >
      <div className="relative aspect-[2/3] overflow-hidden rounded-xl bg-neutral-200 shadow-sm dark:bg-neutral-800">
        <Poster
          src={movie.poster}
          width={240}
          sizes="(min-width: 1280px) 12rem, (min-width: 768px) 22vw, 45vw"
          alt=""
          priority={priority}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        <div className="absolute top-2 left-2 flex flex-wrap gap-1">
          <span className="rounded-md bg-primary-700 px-1.5 py-0.5 text-[11px] font-bold text-white shadow">
            {movie.quality}
          </span>
          {movie.languages[0] ? (
            <span className="rounded-md bg-neutral-950/75 px-1.5 py-0.5 text-[11px] font-semibold text-white backdrop-blur">
              {movie.languages[0]}
            </span>
          ) : null}
        </div>
        {movie.current_episode ? (
          <span className="absolute right-2 bottom-2 max-w-[85%] truncate rounded-md bg-neutral-950/80 px-1.5 py-0.5 text-[11px] font-semibold text-white backdrop-blur">
            {movie.current_episode}
          </span>
        ) : null}
      </div>
      <MovieTitles
        title={movie.title}
        originalTitle={movie.original_title}
        year={movie.year}
        className="min-w-0 px-0.5"
        titleClassName="line-clamp-2 text-sm font-semibold group-hover:text-primary-700 dark:group-hover:text-primary-300"
        originalClassName="truncate text-xs text-neutral-500 dark:text-neutral-400"
      />
    </AppLink>
  );
}
