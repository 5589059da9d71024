// The "…" button of a table row that opens its actions menu.
import { MoreHorizontal } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '#app/components/ui/button.tsx';

/** Named for its row ("Actions for …"): a screen reader hears which row's menu it opens. */
export function RowActionsButton(props: ComponentProps<'button'> & { 'aria-label': string }) {
  return (
    <Button variant="ghost" size="icon" {...props}>
      <MoreHorizontal aria-hidden />
    </Button>
  );
}
