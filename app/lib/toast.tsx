// Toasts: at most 5 kept (the newest win), 5000 ms each, 16 px apart, closed then removed after 200 ms.
import { toast as sonner, Toaster as SonnerToaster, type ExternalToast } from 'sonner';
import { useColorMode } from '#app/lib/color-mode.tsx';

export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5000;
export const TOAST_GAP_PX = 16;
/** Sonner closes a toast, then unmounts it after this delay (its TIME_BEFORE_UNMOUNT). */
export const TOAST_REMOVE_DELAY_MS = 200;

/** Keeps the ids of open toasts, oldest first, and says which ones must close to stay within the cap. */
export function createToastQueue(limit = TOAST_LIMIT) {
  const open: Array<string | number> = [];
  return {
    add(id: string | number): Array<string | number> {
      const existing = open.indexOf(id);
      if (existing >= 0) open.splice(existing, 1);
      open.push(id);
      return open.length > limit ? open.splice(0, open.length - limit) : [];
    },
    remove(id: string | number) {
      const index = open.indexOf(id);
      if (index >= 0) open.splice(index, 1);
    },
    get size() {
      return open.length;
    },
  };
}

const queue = createToastQueue();
type Kind = 'message' | 'success' | 'error' | 'info' | 'warning';

function show(kind: Kind, message: string, options: ExternalToast = {}) {
  const onClose = (t: { id: string | number }) => queue.remove(t.id);
  const id = sonner[kind](message, {
    duration: TOAST_DURATION_MS,
    ...options,
    onDismiss: (t) => {
      onClose(t);
      options.onDismiss?.(t);
    },
    onAutoClose: (t) => {
      onClose(t);
      options.onAutoClose?.(t);
    },
  });
  for (const old of queue.add(id)) sonner.dismiss(old);
  return id;
}

export const toast = {
  message: (message: string, options?: ExternalToast) => show('message', message, options),
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};

export function Toaster() {
  const { mode } = useColorMode();
  return (
    <SonnerToaster
      theme={mode}
      position="bottom-right"
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      gap={TOAST_GAP_PX}
      closeButton
      richColors
    />
  );
}
