// A movie's title and, under it where it has one, its original title (with the year where it is given): the card,
// the home page's hero and the movie's own page each show the pair, in their own sizes.
export function MovieTitles({
  as: Title = 'p',
  title,
  originalTitle,
  year,
  className,
  titleClassName,
  originalClassName,
}: {
  /** The title's element: the page's or the slide's heading, or a paragraph on a card. */
  as?: 'h1' | 'h2' | 'p';
  title: string;
  originalTitle?: string | null;
  year?: number | null;
  className?: string;
  titleClassName: string;
  originalClassName: string;
}) {
  return (
    <div className={className}>
      <Title className={titleClassName}>{title}</Title>
      {originalTitle ? (
        <p className={originalClassName}>
          {originalTitle}
          {year ? ` (${year})` : ''}
        </p>
      ) : null}
    </div>
  );
}
