// The menu button of narrow screens and the side sheet it opens, with the site's logo on top.
import { Menu } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { Sheet, SheetContent, SheetTrigger } from '#app/components/ui/sheet.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';

export function MenuSheet({
  open,
  onOpenChange,
  heading,
  triggerClassName,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  heading: ReactNode;
  /** Where the button hides: from the width where the menu stands in the page itself. */
  triggerClassName: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className={triggerClassName} aria-label={t('nav.menu')}>
          <Menu aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent heading={heading} closeLabel={t('nav.closeMenu')}>
        {children}
      </SheetContent>
    </Sheet>
  );
}
