// Toasts: at most 5 kept (the newest win), 5000 ms each, 16 px apart, closed then removed after 200 ms. Sonner loads
// with the first toast, not with every page (decision 056): the first one shows once its chunk is in.
import { useEffect, useState } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';
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
type Sonner = typeof SonnerModule;

let loaded: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
/** Set by the mounted <Toaster>: shows sonner's own, and resolves once it listens for toasts. */
let showToaster: (() => Promise<void>) | undefined;
let toasterListening: Promise<void> | undefined;

/** Sonner, and its toaster mounted and listening (toasts sent before it listens would be lost). */
function ready(): Promise<Sonner> {
  loading ??= import('sonner').then((module) => (loaded = module));
  return loading.then(async (module) => {
    toasterListening ??= showToaster?.();
    await toasterListening;
    return module;
  });
}

function show(kind: Kind, message: string, options: ExternalToast = {}) {
  void ready().then(({ toast: sonner }) => showNow(sonner, kind, message, options));
}

function showNow(sonner: Sonner['toast'], kind: Kind, message: string, options: ExternalToast) {
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
  dismiss: (id?: string | number) => loaded?.toast.dismiss(id),
};

/** Effects run child first: this one, after sonner's toaster, says that the toaster listens. */
function Listening({ onListening }: { onListening: () => void }) {
  useEffect(onListening, [onListening]);
  return null;
}

export function Toaster() {
  const { mode } = useColorMode();
  const [listening, setListening] = useState<(() => void) | null>(null);
  useEffect(() => {
    showToaster = () => new Promise<void>((resolve) => setListening(() => resolve));
    return () => {
      showToaster = undefined;
      toasterListening = undefined;
    };
  }, []);
  if (!listening || !loaded) return null;
  const { Toaster: SonnerToaster } = loaded;
  return (
    <>
      <SonnerToaster
        theme={mode}
        position="bottom-right"
        visibleToasts={TOAST_LIMIT}
        duration={TOAST_DURATION_MS}
        gap={TOAST_GAP_PX}
        closeButton
        richColors
      />
      <Listening onListening={listening} />
    </>
  );
}
