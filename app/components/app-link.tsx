// Same-host links that prefetch data and code on hover or focus, except on save-data or 2g connections.
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { cn } from '#app/lib/cn.ts';

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
