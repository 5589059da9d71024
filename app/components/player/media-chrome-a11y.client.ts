// Two of Media Chrome 4's own attributes fail axe, so Lighthouse's accessibility score of the watch page (issue 21):
// - `media-captions-button` is `role="button"` with `aria-checked` (muxinc/media-chrome#1192): it becomes a switch,
//   which may be checked, and its icons (styled on `aria-checked`) stay as they are;
// - `media-time-display` is named "playback time", not the time it shows (`label-content-name-mismatch`): without
//   that label its name is its text, and the spoken time stays its `aria-description`.
// Media Chrome sets both when the element connects and again on each of its attribute changes (the callbacks a custom
// element was defined with cannot be wrapped afterwards), so an observer puts them right after it.
//
// And one focus rule of its menus: a menu moves the focus to its first item, and remembers where the focus was to
// give it back on closing, when its opening transition ends (150 ms, longer on a busy phone). A viewer who clicked
// Quality before that had the settings menu "remember" the Quality item: Escape then put the focus on an item of the
// closed menu, the browser dropped it to the page, and a keyboard viewer had to start again from the top (a browser
// test caught it on a loaded machine). So the settings menu takes the focus as it opens, as a native menu does, and a
// menu's own late call does nothing once the focus is inside it, or once it is closed again. (A submenu still waits
// for its transition: it slides in from outside the menu's box, and focusing it sooner scrolls that box.)

function mend(element: Element) {
  if (element.localName === 'media-captions-button' && element.getAttribute('role') === 'button')
    element.setAttribute('role', 'switch');
  if (element.localName === 'media-time-display' && element.hasAttribute('aria-label'))
    element.removeAttribute('aria-label');
}

const SELECTOR = 'media-captions-button, media-time-display';

const focusesOnOpen = new WeakSet<HTMLElement>();

function focusOnOpen(event: Event) {
  const menu = event.target as HTMLElement;
  if (menu.getAttribute('role') !== 'menu' || (event as ToggleEvent).newState !== 'open') return;
  if (!focusesOnOpen.has(menu)) {
    focusesOnOpen.add(menu);
    const focus = menu.focus;
    menu.focus = function (this: HTMLElement, options?: FocusOptions) {
      if (this.hidden || this.contains(document.activeElement)) return;
      focus.call(this, options);
    };
  }
  if (menu.slot !== 'submenu') menu.focus();
}

/**
 * Mends the controls under `root` now and whenever Media Chrome sets those attributes again, and moves the focus into
 * its menus as they open; returns the stop.
 */
export function mendMediaChromeA11y(root: Element): () => void {
  root.addEventListener('toggle', focusOnOpen);
  root.querySelectorAll(SELECTOR).forEach(mend);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') mend(record.target as Element);
      else
        for (const node of record.addedNodes)
          if (node instanceof Element) {
            mend(node);
            node.querySelectorAll(SELECTOR).forEach(mend);
          }
    }
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['role', 'aria-label'],
  });
  return () => {
    observer.disconnect();
    root.removeEventListener('toggle', focusOnOpen);
  };
}
