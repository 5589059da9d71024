// Two of Media Chrome 4's own attributes fail axe, so Lighthouse's accessibility score of the watch page (issue 21):
// - `media-captions-button` is `role="button"` with `aria-checked` (muxinc/media-chrome#1192): it becomes a switch,
//   which may be checked, and its icons (styled on `aria-checked`) stay as they are;
// - `media-time-display` is named "playback time", not the time it shows (`label-content-name-mismatch`): without
//   that label its name is its text, and the spoken time stays its `aria-description`.
// Media Chrome sets both when the element connects and again on each of its attribute changes (the callbacks a custom
// element was defined with cannot be wrapped afterwards), so an observer puts them right after it.

function mend(element: Element) {
  if (element.localName === 'media-captions-button' && element.getAttribute('role') === 'button')
    element.setAttribute('role', 'switch');
  if (element.localName === 'media-time-display' && element.hasAttribute('aria-label'))
    element.removeAttribute('aria-label');
}

const SELECTOR = 'media-captions-button, media-time-display';

/** Mends the controls under `root` now and whenever Media Chrome sets those attributes again; returns the stop. */
export function mendMediaChromeA11y(root: Element): () => void {
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
  return () => observer.disconnect();
}
