// A banner's two buttons (the home page's hero, the Movies Page's banner): play the first episode, when there is
// one, and the movie's page. Light on a picture, whatever the colour mode.
import { Info, Play } from 'lucide-react';
import { AppLink } from '#app/components/app-link.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';

export function HeroActions({
  movie,
  className,
}: {
  movie: { slug: string; first_ep: string | null };
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      {movie.first_ep ? (
        <Button asChild>
          <AppLink to={`/watch/${movie.slug}/${movie.first_ep}`}>
            <Play aria-hidden className="fill-current" />
            {t('detail.watchNow')}
          </AppLink>
        </Button>
      ) : null}
      <Button
        asChild
        variant="outline"
        className="border-white/30 bg-white/10 text-white backdrop-blur hover:bg-white/20 dark:border-white/30 dark:text-white dark:hover:bg-white/20"
      >
        <AppLink to={`/watch/${movie.slug}`}>
          <Info aria-hidden />
          {t('home.details')}
        </AppLink>
      </Button>
    </div>
  );
}
