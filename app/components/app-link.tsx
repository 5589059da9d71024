// Same-host links that prefetch data and code on hover or focus, except on save-data or 2g connections. Where a page
// has hundreds of them (cards, the menus' terms), `PlainLink`: a plain `<a>` that the page's one `LinkDelegation`
// follows and prefetches the same way, without a `<Link>` of its own to render and hydrate (decision 060).
import { ExternalLink, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ComponentProps } from 'react';
import {
  Link,
  NavLink,
  PrefetchPageLinks,
  useNavigate,
  type LinkProps,
  type NavLinkProps,
} from 'react-router';
import { cn } from '#app/lib/cn.ts';
import { useTranslation } from '#app/lib/use-translation.ts';

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

export function prefetchMode(): 'intent' | 'none' {
  if (typeof navigator === 'undefined') return 'intent';
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (connection?.saveData) return 'none';
  if (connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g') return 'none';
  return 'intent';
}

export function AppLink(props: LinkProps) {
  return <Link prefetch={prefetchMode()} {...props} />;
}

/** The attribute that hands an `<a>` to `LinkDelegation`. */
const DELEGATED = 'data-app-link';

/**
 * A same-host link followed in the app like `AppLink`, as a plain `<a>`: `LinkDelegation` follows and prefetches it
 * (the router knows every route from the start, decision 063).
 */
export function PlainLink({ to, ...props }: Omit<ComponentProps<'a'>, 'href'> & { to: string }) {
  return <a href={to} {...{ [DELEGATED]: '' }} {...props} />;
}

/**
 * Follows a click on any `PlainLink` in the app (a plain left click that no handler has taken, as `<Link>` does),
 * and prefetches the page of the one last pointed at or focused.
 */
export function LinkDelegation() {
  const navigate = useNavigate();
  const [intent, setIntent] = useState<string | null>(null);
  useEffect(() => {
    const anchorOf = (event: Event) =>
      event.target instanceof Element
        ? event.target.closest<HTMLAnchorElement>(`a[${DELEGATED}]`)
        : null;
    const sameHostPath = (anchor: HTMLAnchorElement) => {
      const url = new URL(anchor.href, window.location.href);
      return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = anchorOf(event);
      if (
        !anchor ||
        (anchor.target && anchor.target !== '_self') ||
        anchor.hasAttribute('download')
      )
        return;
      const path = sameHostPath(anchor);
      if (path === null) return;
      event.preventDefault();
      void navigate(path);
    };
    const onIntent = (event: Event) => {
      const anchor = anchorOf(event);
      if (!anchor || prefetchMode() === 'none') return;
      const path = sameHostPath(anchor);
      if (path !== null) setIntent(path.split('#')[0]!);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [navigate]);
  return intent ? <PrefetchPageLinks page={intent} /> : null;
}

export function AppNavLink(props: NavLinkProps) {
  return <NavLink prefetch={prefetchMode()} {...props} />;
}

/** A menu's link to a page: `activeClassName` joins `className` while that page is the one open. */
export function NavItem({
  className,
  activeClassName,
  ...props
}: Omit<NavLinkProps, 'className'> & { className: string; activeClassName: string }) {
  return (
    <AppNavLink
      {...props}
      className={({ isActive }) => cn(className, isActive && activeClassName)}
    />
  );
}

/** A menu's pages: each link its icon (where `iconClassName` says how it shows) and its translated label. */
export function NavLinks({
  items,
  iconClassName,
  onNavigate,
  ...classes
}: {
  items: ReadonlyArray<{ to: string; label: string; icon?: LucideIcon; end?: boolean }>;
  iconClassName?: string;
  /** Runs when a link is followed (a drawer closes itself with it). */
  onNavigate?: () => void;
  className: string;
  activeClassName: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {items.map(({ to, label, icon: Icon, end }) => (
        <NavItem key={to} to={to} end={end} onClick={onNavigate} {...classes}>
          {Icon && iconClassName ? <Icon className={iconClassName} aria-hidden /> : null}
          {t(label)}
        </NavItem>
      ))}
    </>
  );
}

/**
 * A public page opened from the back office in a new tab ("View on site"), with the icon that says so. Props go
 * to the `<a>`, so a menu item can render it (`asChild`).
 */
export function SiteLink({
  children,
  iconClassName,
  ...props
}: ComponentProps<'a'> & { href: string; iconClassName?: string }) {
  return (
    <a target="_blank" rel="noreferrer" {...props}>
      <ExternalLink className={iconClassName} aria-hidden />
      {children}
    </a>
  );
}
