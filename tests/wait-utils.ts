// Polling for what happens in the background (a transcode finishing, a process starting): one helper for every test.

/** Calls `check` every 200 ms until it answers something other than undefined; throws after `ms`. */
export async function waitFor<T>(check: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
