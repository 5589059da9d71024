// A form's footer: Cancel, then the submit button. The one footer of the dialog, sheet and confirmation forms.
import { DialogClose } from '#app/components/ui/dialog.tsx';
import type { ReactNode } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import { useTranslation } from '#app/lib/use-translation.ts';

/**
 * Side by side at the end on wider screens; stacked on phones, the action on top. `sticky` keeps it at the bottom
 * of a long form in a sheet, side by side, so Save stays in reach while scrolling.
 */
export function FormActions({
  onCancel,
  pending = false,
  disabled = false,
  submitLabel,
  danger = false,
  sticky = false,
  className,
}: {
  /** Without it, Cancel closes the dialog or sheet the form is in. */
  onCancel?: () => void;
  /** While the form is being sent both buttons wait: the change lands anyway, so it cannot be cancelled then. */
  pending?: boolean;
  /** The submit button is off for a reason of the form's own. */
  disabled?: boolean;
  /** `Save` unless given; may hold an icon. */
  submitLabel?: ReactNode;
  /** The submit destroys or shuts someone out: red. */
  danger?: boolean;
  sticky?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const cancel = (
    <Button type="button" variant="outline" size="lg" disabled={pending} onClick={onCancel}>
      {t('form.cancel')}
    </Button>
  );
  return (
    <div
      className={cn(
        'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
        // Down to the sheet's very bottom: its scroll area's padding (pb-6) would otherwise show the form
        // scrolling past under the buttons.
        sticky &&
          'sticky -bottom-6 z-10 -mx-1 flex-row justify-end border-t border-neutral-200 bg-white px-1 pt-3 pb-6 dark:border-neutral-800 dark:bg-neutral-950',
        className,
      )}
      data-sticky-footer={sticky || undefined}
    >
      {onCancel ? cancel : <DialogClose asChild>{cancel}</DialogClose>}
      <Button
        type="submit"
        size="lg"
        disabled={pending || disabled}
        className={cn(
          danger &&
            'bg-error-600 text-white hover:bg-red-700 dark:bg-red-500 dark:text-white dark:hover:bg-red-600',
        )}
      >
        {submitLabel ?? t('form.save')}
      </Button>
    </div>
  );
}
