// Icons drawn by CSS (app.css `.icon-*`, decisions 066, 068): a span masked by the lucide icon's view of
// app/icons.svg, in the text colour.
// For the icons of every page's header, footer, cards and rows, and the home page's hero; dialogs, menus and the
// back office keep lucide's components, which they render only when opened or on few pages.

export type IconName =
  | 'arrow-left'
  | 'chevron-down'
  | 'chevron-left'
  | 'chevron-right'
  | 'external-link'
  | 'languages'
  | 'log-in'
  | 'mail'
  | 'menu'
  | 'moon'
  | 'more'
  | 'pause'
  | 'play'
  | 'search'
  | 'sun';

/** Sized 1rem, or 1.1em inside a button (as lucide's icons there); a `size-*` class overrides it. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <span aria-hidden className={`icon icon-${name}${className ? ` ${className}` : ''}`} />;
}
