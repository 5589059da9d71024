// The public header's and footer's menus from the navigation setting (decision 048). Plain HTML and a few small
// handlers, no menu library: the header is on every public page, its JavaScript too. Desktop: a group opens on
// hover, on click and on Enter/Space/ArrowDown, in a multi-column panel when it holds many links; Escape closes
// it, arrows move between its links, Tab walks through them and closing follows focus out. Phones: groups are
// <details> in the drawer. Footer: links, and groups as columns.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import { NavItem, PlainLink } from '#app/components/app-link.tsx';
import { Icon } from '#app/components/icon.tsx';
import { cn } from '#app/lib/cn.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import { menuLabel, type MenuLink } from '#shared/menus.ts';

/** A group with more links than this opens as a wide panel of columns (genres, countries). */
const MEGA_FROM = 9;
/** How long the pointer may leave a group before it closes (to cross the gap to its panel). */
const CLOSE_DELAY_MS = 150;

function useLabel() {
  const { i18n } = useTranslation();
  return (link: MenuLink) => menuLabel(link.label, i18n.language);
}

/** One link: another site's, or one in a new tab, as a plain anchor; the site's own pages through the router. */
function MenuAnchor({
  link,
  className,
  activeClassName,
  onNavigate,
  children,
}: {
  link: MenuLink & { href: string };
  className: string;
  /** Given, the link is marked while its page is open (pages without a query only). */
  activeClassName?: string;
  onNavigate?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (link.external || link.new_tab)
    return (
      <a
        href={link.href}
        className={className}
        onClick={onNavigate}
        {...(link.new_tab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        {...(link.external && !link.new_tab ? { rel: 'noopener' } : {})}
      >
        {children}
        {link.new_tab ? (
          <>
            <Icon name="external-link" className="size-3.5 opacity-60" />
            <span className="sr-only">{t('menus.newTab')}</span>
          </>
        ) : null}
      </a>
    );
  if (activeClassName && !link.href.includes('?'))
    return (
      <NavItem
        to={link.href}
        end
        className={className}
        activeClassName={activeClassName}
        onClick={onNavigate}
      >
        {children}
      </NavItem>
    );
  // A plain anchor (decision 060): the menus' genres, nations and types are about fifty links on every page.
  return (
    <PlainLink to={link.href} className={className} onClick={onNavigate}>
      {children}
    </PlainLink>
  );
}

const topClass =
  'inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-neutral-600 transition-colors hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-primary-500 dark:text-neutral-300 dark:hover:text-white';
const topActive = 'text-neutral-950 dark:text-white';

/** The header's menu from `xl` up (below, the drawer: six items and the search need 1280 px). */
export function HeaderMenu({ items, name }: { items: MenuLink[]; name: string }) {
  const label = useLabel();
  const [open, setOpen] = useState<number | null>(null);
  const location = useLocation();
  const navRef = useRef<HTMLElement>(null);
  // Following a link, or going back, closes the panel.
  const [shownOn, setShownOn] = useState(location.key);
  if (shownOn !== location.key) {
    setShownOn(location.key);
    setOpen(null);
  }
  // A press anywhere else closes it too.
  useEffect(() => {
    if (open === null) return;
    const away = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  return (
    <nav ref={navRef} className="relative hidden items-center xl:flex" aria-label={name}>
      <ul className="flex items-center gap-0.5">
        {items.map((item, index) =>
          item.children?.length ? (
            <MenuGroup
              key={index}
              item={item as MenuLink & { children: MenuLink[] }}
              open={open === index}
              setOpen={(next) =>
                setOpen((current) => (next ? index : current === index ? null : current))
              }
            />
          ) : item.href ? (
            <li key={index}>
              <MenuAnchor
                link={item as MenuLink & { href: string }}
                className={topClass}
                activeClassName={topActive}
              >
                {label(item)}
              </MenuAnchor>
            </li>
          ) : null,
        )}
      </ul>
    </nav>
  );
}

function MenuGroup({
  item,
  open,
  setOpen,
}: {
  item: MenuLink & { children: MenuLink[] };
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The mouse is over the group: it opened on hover, and a click there keeps it open rather than closing it. */
  const hovering = useRef(false);
  const mega = item.children.length >= MEGA_FROM;
  const name = label(item);
  // The panel's links are made the first time it opens, then kept: closed, they are hidden anyway (and without
  // JavaScript the button cannot open them), and a genre or country panel is some 150 elements that every page
  // would otherwise render, send and hydrate. Crawlers find the landing pages in the sitemap (decision 064).
  const [made, setMade] = useState(open);
  if (open && !made) setMade(true);

  useEffect(() => () => clearTimeout(closing.current), []);

  const links = () => [...(panelRef.current?.querySelectorAll<HTMLElement>('a') ?? [])];
  const openAndFocus = (which: 'first' | 'last') => {
    setOpen(true);
    // The panel shows (its links made, the first time) with the next render: focus waits for it.
    requestAnimationFrame(() => {
      const all = links();
      (which === 'first' ? all[0] : all.at(-1))?.focus();
    });
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAndFocus('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus('last');
    } else if (event.key === 'Escape' && open) {
      setOpen(false);
    }
  };
  const onPanelKey = (event: KeyboardEvent) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const columns = mega ? Number(getComputedStyle(panelRef.current!).columnCount) || 1 : 1;
    const rows = Math.ceil(all.length / columns);
    const move = (to: number) => {
      event.preventDefault();
      all[Math.max(0, Math.min(all.length - 1, to))]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') {
      if (at <= 0) {
        event.preventDefault();
        buttonRef.current?.focus();
      } else move(at - 1);
    }
    // In columns, left and right go to the same row of the next column (links fill a column, then the next).
    else if (event.key === 'ArrowRight') move(columns > 1 ? at + rows : at + 1);
    else if (event.key === 'ArrowLeft') move(columns > 1 ? at - rows : at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
  };
  // Hover opens for a mouse only: a touch's emulated hover would open what its tap then closes.
  function onPointerEnter(event: ReactPointerEvent) {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(closing.current);
    hovering.current = true;
    setOpen(true);
  }
  function onPointerLeave(event: ReactPointerEvent) {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(closing.current);
    hovering.current = false;
    closing.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  }

  return (
    <li
      className={mega ? 'static' : 'relative'}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onBlur={(event) => {
        // Tab past the last link (or away) closes the group.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <div className="flex items-center">
        {item.href ? (
          <MenuAnchor
            link={item as MenuLink & { href: string }}
            className={cn(topClass, 'pr-1')}
            activeClassName={topActive}
          >
            {name}
          </MenuAnchor>
        ) : null}
        <button
          ref={buttonRef}
          type="button"
          className={cn(topClass, item.href && 'px-1', open && 'text-neutral-950 dark:text-white')}
          aria-expanded={open}
          aria-controls={id}
          // With a link of its own, the button is only the arrow: its name says what it opens.
          aria-label={item.href ? t('menus.open', { name }) : undefined}
          onClick={(event) => setOpen(event.detail > 0 && hovering.current ? true : !open)}
          onKeyDown={onButtonKey}
        >
          {item.href ? null : name}
          <Icon
            name="chevron-down"
            className={open ? 'rotate-180 transition-transform' : 'transition-transform'}
          />
        </button>
      </div>
      <div
        ref={panelRef}
        id={id}
        hidden={!open}
        onKeyDown={onPanelKey}
        className={cn(
          'absolute top-full z-40 mt-1 rounded-xl border border-neutral-200 bg-white p-2 shadow-xl dark:border-neutral-800 dark:bg-neutral-900',
          mega
            ? 'left-0 w-[min(44rem,calc(100vw-3rem))] columns-2 gap-1 sm:columns-3 xl:columns-4'
            : 'left-0 min-w-48',
        )}
      >
        <ul>
          {made &&
            item.children.map((child, index) =>
              child.href ? (
                <li key={index} className="break-inside-avoid">
                  <MenuAnchor
                    link={child as MenuLink & { href: string }}
                    className="menu-panel-link"
                    onNavigate={() => setOpen(false)}
                  >
                    <span className="min-w-0 truncate">{label(child)}</span>
                  </MenuAnchor>
                </li>
              ) : null,
            )}
        </ul>
      </div>
    </li>
  );
}

const drawerLink =
  'flex items-center gap-3 rounded-lg px-3 py-3 font-medium hover:bg-neutral-100 dark:hover:bg-neutral-900';

/** The phone drawer's menu: links, and groups that expand in place. */
export function DrawerMenu({
  items,
  label,
  onNavigate,
}: {
  items: MenuLink[];
  label: string;
  onNavigate: () => void;
}) {
  const name = useLabel();
  return (
    <nav className="flex flex-col gap-1" aria-label={label}>
      {items.map((item, index) =>
        item.children?.length ? (
          <details key={index} className="group">
            <summary
              className={cn(
                drawerLink,
                'cursor-pointer list-none justify-between [&::-webkit-details-marker]:hidden',
              )}
            >
              {name(item)}
              <Icon
                name="chevron-down"
                className="size-5 text-neutral-500 transition-transform group-open:rotate-180"
              />
            </summary>
            <ul className="grid grid-cols-2 gap-0.5 pt-1 pb-2 pl-3">
              {item.href ? (
                <li className="col-span-2">
                  <MenuAnchor
                    link={item as MenuLink & { href: string }}
                    className="flex rounded-lg px-3 py-2 text-sm font-medium hover:bg-neutral-100 dark:hover:bg-neutral-900"
                    onNavigate={onNavigate}
                  >
                    {name(item)}
                  </MenuAnchor>
                </li>
              ) : null}
              {item.children.map((child, at) =>
                child.href ? (
                  <li key={at} className="min-w-0">
                    <MenuAnchor
                      link={child as MenuLink & { href: string }}
                      className="flex items-center gap-1 rounded-lg px-3 py-2 text-sm text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-900"
                      onNavigate={onNavigate}
                    >
                      <span className="min-w-0 truncate">{name(child)}</span>
                    </MenuAnchor>
                  </li>
                ) : null,
              )}
            </ul>
          </details>
        ) : item.href ? (
          <MenuAnchor
            key={index}
            link={item as MenuLink & { href: string }}
            className={drawerLink}
            activeClassName="bg-primary-50 text-primary-700 dark:bg-primary-500/15 dark:text-primary-300"
            onNavigate={onNavigate}
          >
            {name(item)}
          </MenuAnchor>
        ) : null,
      )}
    </nav>
  );
}

const footerLink =
  'inline-flex items-center gap-1 hover:text-neutral-900 hover:underline dark:hover:text-neutral-100';

/** The footer's menu: its plain links in a row, its groups as columns under their heading. */
export function FooterMenu({ items, label }: { items: MenuLink[]; label: string }) {
  const name = useLabel();
  if (items.length === 0) return null;
  const links = items.filter((item) => !item.children?.length && item.href);
  const groups = items.filter((item) => item.children?.length);
  return (
    <nav aria-label={label} className="flex flex-col gap-6">
      {groups.length > 0 ? (
        <div className="grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-5">
          {groups.map((group, index) => (
            <div key={index}>
              <h2 className="mb-2 font-semibold text-neutral-900 dark:text-neutral-100">
                {group.href ? (
                  <MenuAnchor link={group as MenuLink & { href: string }} className={footerLink}>
                    {name(group)}
                  </MenuAnchor>
                ) : (
                  name(group)
                )}
              </h2>
              <ul className="flex flex-col gap-1.5">
                {group.children!.map((child, at) =>
                  child.href ? (
                    <li key={at}>
                      <MenuAnchor
                        link={child as MenuLink & { href: string }}
                        className={footerLink}
                      >
                        {name(child)}
                      </MenuAnchor>
                    </li>
                  ) : null,
                )}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
      {links.length > 0 ? (
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          {links.map((item, index) => (
            <li key={index}>
              <MenuAnchor link={item as MenuLink & { href: string }} className={footerLink}>
                {name(item)}
              </MenuAnchor>
            </li>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}
