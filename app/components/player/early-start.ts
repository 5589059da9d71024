// The inline script of the server-rendered player frame (<Player> on the server). Part of the `player-boot` chunk
// (vite.config.ts) with the early start itself, so that the watch route imports that chunk statically and React
// Router's manifest names it (boot-url.ts finds it there), without importing React or the player's controls.

/**
 * The frame's attribute that says where the early start is: `loading` from the inline script on, `settled` once it
 * no longer needs the page's CPU and network first (boot.client.ts), when it also dispatches `EARLY_START_SETTLED`
 * on the frame. The inline script then lets the app's modules load.
 */
export const EARLY_START_ATTRIBUTE = 'data-early-start';
export const EARLY_START_SETTLED = 'phim:early-start-settled';

/**
 * Dispatched on the media element when hls.js gives up on its source (a fatal error), which it does not report as
 * a media error: the early start settles, and the player's controls are made and show their error
 * (media-element.client.ts).
 */
export const MEDIA_FAILED = 'phim:media-failed';
/** The media element's attribute once hls.js has given up: maybe before the player took the element over. */
export const MEDIA_FAILED_ATTRIBUTE = 'data-failed';
export const hasFailed = (video: Element) => video.hasAttribute(MEDIA_FAILED_ATTRIBUTE);

/** React Router's module script, held back on the server (early-start.server.ts) with a type that does not run. */
export const DEFERRED_APP_TYPE = 'text/x-phim-app';

/** The longest the app's modules wait for the early start: from the inline script on, then they load anyway. */
export const APP_WAIT_LIMIT_MS = 1000;

/**
 * `go`, a function that puts React Router's module script (held back by the server with `DEFERRED_APP_TYPE`) in
 * place with a type that runs, and its module preloads into <head>; it clears the timer `t` first. The same
 * 'strict-dynamic' policy lets scripts made by a script run; the nonce is copied all the same. The preloads go into
 * <head> in one append (a fragment), not one insertion of the document per link.
 */
const START_APP = `()=>{clearTimeout(t);const s=document.querySelector('script[type="${DEFERRED_APP_TYPE}"]');if(!s){if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',go,{once:true});return}const d=document.createDocumentFragment();for(const h of JSON.parse(s.dataset.preloads||'[]')){const l=document.createElement('link');l.rel='modulepreload';l.href=h;l.nonce=s.nonce;d.append(l)}document.head.append(d);const m=document.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)}`;

/**
 * Every other page's release of the held app (decision 059): once the page has painted its priority pictures (the
 * hero: `fetchpriority="high"`), or after `APP_WAIT_LIMIT_MS`, and one frame more. The stylesheet, the document and
 * the hero then have the network and the CPU to themselves; the page is whole HTML until then (links work).
 */
export const paintFirstScript = [
  `let t`,
  `const go=${START_APP}`,
  `const p=()=>requestAnimationFrame(()=>setTimeout(go,0))`,
  `t=setTimeout(p,${APP_WAIT_LIMIT_MS})`,
  `Promise.all([...document.querySelectorAll('img[fetchpriority="high"]')].filter(i=>!i.complete).map(i=>new Promise(r=>{i.addEventListener('load',r,{once:true});i.addEventListener('error',r,{once:true})}))).then(()=>{clearTimeout(t);p()})`,
].join(';');

/**
 * An inline module script, so that it runs as soon as the parser reaches it (a classic one would wait for the page's
 * stylesheets): enables the play button, notes a press (the early start plays when it is ready: the press counts as
 * the viewer's gesture), and imports the early start's module. Then, when the early start has settled or after
 * `APP_WAIT_LIMIT_MS`, it puts React Router's module script (held back by the server) in place with a type that
 * runs, and its module preloads into <head>: the app loads and hydrates. Empty without a module (development) and in
 * the browser's render, which never runs it.
 */
export function earlyStartScript(bootUrl: string) {
  if (!bootUrl) return '';
  return [
    `const f=document.querySelector('[data-player-boot]'),b=f.querySelector('[data-player-boot-play]')`,
    `f.setAttribute(${JSON.stringify(EARLY_START_ATTRIBUTE)},'loading')`,
    `b.disabled=false`,
    `b.addEventListener('click',()=>b.setAttribute('data-requested',''))`,
    `const go=${START_APP}`,
    `const t=setTimeout(go,${APP_WAIT_LIMIT_MS})`,
    `f.addEventListener(${JSON.stringify(EARLY_START_SETTLED)},go,{once:true})`,
    `import(${JSON.stringify(bootUrl)})`,
  ].join(';');
}
