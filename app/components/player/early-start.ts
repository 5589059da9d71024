// The inline script of the server-rendered player frame (<Player> on the server). Part of the `player-boot` chunk
// (vite.config.ts) with the early start itself, so that the watch route imports that chunk statically and React
// Router's manifest names it (boot-url.ts finds it there), without importing React or the player's controls.

/**
 * The frame's attribute that says where the early start is: `loading` from the inline script on, `settled` once it
 * no longer needs the page's main thread first (boot.client.ts), when it also dispatches `EARLY_START_SETTLED` on
 * the frame. entry.client.tsx holds hydration until then, up to a limit; it spells both names out itself, since
 * importing this module would bring the early start's chunk into every page.
 */
export const EARLY_START_ATTRIBUTE = 'data-early-start';
export const EARLY_START_SETTLED = 'phim:early-start-settled';

/**
 * An inline module script, so that it runs as soon as the parser reaches it (a classic one would wait for the page's
 * stylesheets): enables the play button, notes a press (the early start plays when it is ready: the press counts as
 * the viewer's gesture), and imports the early start's module. Empty without a module (development) and in the
 * browser's render, which never runs it.
 */
export function earlyStartScript(bootUrl: string) {
  if (!bootUrl) return '';
  return `document.querySelector('[data-player-boot]').setAttribute(${JSON.stringify(EARLY_START_ATTRIBUTE)},'loading');const b=document.querySelector('[data-player-boot-play]');b.disabled=false;b.addEventListener('click',()=>b.setAttribute('data-requested',''));import(${JSON.stringify(bootUrl)})`;
}
