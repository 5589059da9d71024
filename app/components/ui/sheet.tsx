// A side drawer on Radix Dialog (dialog.radix.tsx, fetched when first wanted), for navigation on small screens.
import { Dialog, DialogTrigger, dialog } from '#app/components/ui/dialog.tsx';

export const Sheet = Dialog;
export const SheetTrigger = DialogTrigger;
export const SheetContent = dialog.part('SheetContent');
