// The menu button of narrow screens and the side sheet it opens, with the site's logo on top.
import { useState, type ReactNode } from 'react';
import { Icon } from '#app/components/icon.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Sheet, SheetContent, SheetTrigger } from '#app/components/ui/sheet.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';

export function MenuSheet({
  heading,
  triggerClassName,
  children,
}: {
  heading: ReactNode;
  /** Where the button hides: from the width where the menu stands in the page itself. */
  triggerClassName: string;
  /** The menu, given what closes the sheet (for its links to call when followed). */
  children: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className={triggerClassName} aria-label={t('nav.menu')}>
          <Icon name="menu" />
        </Button>
      </SheetTrigger>
      <SheetContent heading={heading} closeLabel={t('nav.closeMenu')}>
        {children(() => setOpen(false))}
      </SheetContent>
    </Sheet>
  );
}
