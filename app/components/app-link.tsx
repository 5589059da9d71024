// Same-host links that prefetch data and code on hover or focus, except on save-data or 2g connections.
import { ExternalLink, type LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
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
