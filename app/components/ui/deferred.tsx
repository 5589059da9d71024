// Radix's menus and dialogs load when someone reaches for one, not with every page (decision 056): about 30 KB
// (brotli) that the first render never uses. Until then a menu or a dialog is its trigger alone, with the attributes
// Radix gives it closed; hovering or focusing the trigger fetches the chunk, and pressing it opens the real one as
// soon as the chunk is in. The server renders the same light trigger, so hydration matches.
import { Slot } from 'radix-ui';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';

type RootProps = {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
};
type Shell = { preload: () => void; open: () => void };

/**
 * One Radix primitive behind a dynamic import: `Root` (what the page renders) shows its trigger until the module is in
 * and someone asked for it; `Trigger` is that stand-in; `part(name)` renders the module's part once it is in, nothing
 * before (a closed menu or dialog renders nothing of its content anyway).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any root whose props include RootProps's
export function deferred<M extends { Root: ComponentType<any>; Trigger: ComponentType<any> }>(
  load: () => Promise<M>,
  trigger: {
    /** The attributes Radix's trigger has while closed. */
    attributes: Record<string, string | boolean>;
    /** What opens it: Radix's menus open on pointerdown and keys, its dialogs on click. */
    opensOn: 'pointerdown' | 'click';
  },
) {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  const get = () => (loading ??= load().then((loaded) => (module = loaded)));
  const ShellContext = createContext<Shell | null>(null);

  function Root(props: ComponentProps<M['Root']> & RootProps) {
    const [ready, setReady] = useState(() => module !== undefined);
    const [opening, setOpening] = useState(false);
    const { open, onOpenChange } = props;
    const preload = useCallback(() => {
      void get().then(() => setReady(true));
    }, []);
    // Opened from elsewhere (a controlled dialog): fetch it now.
    useEffect(() => {
      if (open && !ready) preload();
    }, [open, ready, preload]);
    const shell = useMemo<Shell>(
      () => ({
        preload,
        open: () => {
          setOpening(true);
          onOpenChange?.(true);
          preload();
        },
      }),
      [preload, onOpenChange],
    );
    if (ready && module) {
      const Real = module.Root;
      return <Real {...props} defaultOpen={props.defaultOpen || opening} />;
    }
    return <ShellContext.Provider value={shell}>{props.children}</ShellContext.Provider>;
  }

  function Trigger({
    asChild,
    children,
    ...props
  }: ComponentProps<'button'> & { asChild?: boolean }) {
    const shell = useContext(ShellContext);
    if (!shell && module) {
      const Real = module.Trigger;
      return (
        <Real {...props} asChild={asChild}>
          {children}
        </Real>
      );
    }
    const then =
      <E extends SyntheticEvent>(own: ((event: E) => void) | undefined, ours: (event: E) => void) =>
      (event: E) => {
        own?.(event);
        if (!event.defaultPrevented) ours(event);
      };
    const Component = asChild ? Slot.Root : 'button';
    const opensOnPointer = trigger.opensOn === 'pointerdown';
    return (
      <Component
        type="button"
        {...trigger.attributes}
        {...props}
        onPointerEnter={then(props.onPointerEnter, () => shell?.preload())}
        onFocus={then(props.onFocus, () => shell?.preload())}
        onPointerDown={then(props.onPointerDown, (event: PointerEvent) => {
          shell?.preload();
          if (!opensOnPointer || event.button !== 0 || event.ctrlKey) return;
          event.preventDefault();
          shell?.open();
        })}
        onClick={then(props.onClick, () => {
          if (!opensOnPointer) shell?.open();
        })}
        onKeyDown={then(props.onKeyDown, (event: KeyboardEvent) => {
          if (!opensOnPointer || !['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
          event.preventDefault();
          shell?.open();
        })}
      >
        {children}
      </Component>
    );
  }

  /** A part of the primitive (content, item…): rendered only inside a real root. */
  function part<K extends keyof M & string>(name: K) {
    type Props = M[K] extends ComponentType<infer P> ? P : never;
    function Part(props: Props) {
      const shell = useContext(ShellContext);
      if (shell || !module) return null;
      const Real = module[name] as ComponentType<Props>;
      return <Real {...(props as Props & object)} />;
    }
    Part.displayName = name;
    return Part;
  }

  return { Root, Trigger, part, preload: get };
}
