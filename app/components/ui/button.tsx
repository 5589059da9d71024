// The one button: solid by default, size xl by default (spec section 9), rendered as a link with `asChild`.
import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#app/lib/cn.ts';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-[1.1em] [&_svg]:shrink-0 [&_.icon]:size-[1.1em]',
  {
    variants: {
      variant: {
        solid:
          'bg-primary-700 text-white shadow-sm hover:bg-primary-800 dark:bg-primary-500 dark:text-neutral-950 dark:hover:bg-primary-400',
        outline:
          'border border-neutral-300 bg-transparent text-neutral-800 hover:bg-neutral-100 dark:border-neutral-700 dark:text-neutral-100 dark:hover:bg-neutral-800',
        soft: 'bg-primary-50 text-primary-700 hover:bg-primary-100 dark:bg-primary-500/15 dark:text-primary-300 dark:hover:bg-primary-500/25',
        ghost:
          'bg-transparent text-neutral-700 hover:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800',
      },
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-9 px-3.5 text-sm',
        lg: 'h-10 px-4 text-sm',
        xl: 'h-11 px-5 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'solid', size: 'xl' },
  },
);

export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : 'button';
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

/** A button that shows only its icon (ghost unless told), named by `label` for assistive technology. */
export function IconButton({
  icon: Icon,
  label,
  variant = 'ghost',
  ...props
}: Omit<ComponentProps<typeof Button>, 'size' | 'children' | 'aria-label'> & {
  icon: LucideIcon;
  label: string;
}) {
  return (
    <Button variant={variant} size="icon" aria-label={label} {...props}>
      <Icon aria-hidden />
    </Button>
  );
}
