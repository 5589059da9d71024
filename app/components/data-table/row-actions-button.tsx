// The "…" button of a table row, and the menu of the row's actions it opens.
import { MoreHorizontal } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { ActionsMenu } from '#app/components/ui/dropdown-menu.tsx';

/** Named for its row ("Actions for …"): a screen reader hears which row's menu it opens. */
export function RowActionsButton(props: ComponentProps<'button'> & { 'aria-label': string }) {
  return (
    <Button variant="ghost" size="icon" {...props}>
      <MoreHorizontal aria-hidden />
    </Button>
  );
}

/** The button and its menu of `DropdownMenuItem`s, lined up with the row's end. */
export function RowActionsMenu({ label, children }: { label: string; children: ReactNode }) {
  return <ActionsMenu trigger={<RowActionsButton aria-label={label} />}>{children}</ActionsMenu>;
}
