// Debian's Chromium as the browser tests, the screenshots script and the first-frame bench launch it: one place for
// where it is, how it starts and how it introduces itself.
import fs from 'node:fs';

/** `CHROMIUM_PATH`, or Debian's package; a clear error when neither is there. */
export function chromiumPath() {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}. Install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  return executablePath;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  // Headless Chromium 156 still builds each new window's browser UI: every context (one per test, one per bench
  // run) loaded the omnibox popup's WebUI, some 150 chrome:// modules, on the same 2 cores as the page under test.
  // A person's browser did that once, when it started.
  '--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];

/**
 * Headless Chromium announces itself as HeadlessChrome, which isbot treats as a crawler: crawlers get the HTML
 * without scripts. The tests and benches are a person's browser, so they say so.
 */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
