// Dropdown menus (Radix, in dropdown-menu.radix.tsx), fetched when someone reaches for one (decision 056).
import type { ReactNode } from 'react';
import { deferred } from '#app/components/ui/deferred.tsx';

const menu = deferred(() => import('#app/components/ui/dropdown-menu.radix.tsx'), {
  attributes: { 'aria-haspopup': 'menu', 'aria-expanded': false, 'data-state': 'closed' },
  opensOn: 'pointerdown',
});

export const DropdownMenu = menu.Root;
export const DropdownMenuTrigger = menu.Trigger;
export const DropdownMenuRadioGroup = menu.part('DropdownMenuRadioGroup');
export const DropdownMenuContent = menu.part('DropdownMenuContent');
export const DropdownMenuLabel = menu.part('DropdownMenuLabel');
export const DropdownMenuRadioItem = menu.part('DropdownMenuRadioItem');
export const DropdownMenuItem = menu.part('DropdownMenuItem');
export const DropdownMenuSeparator = menu.part('DropdownMenuSeparator');

/** A menu of actions opened by `trigger` (a button), lined up with the trigger's `align` edge. */
export function ActionsMenu({
  trigger,
  align = 'end',
  children,
}: {
  trigger: ReactNode;
  align?: 'start' | 'end';
  children: ReactNode;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align={align}>{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
