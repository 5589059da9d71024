// Any console.error during a test fails it: errors must be expected and asserted, not scrolled past.
import { afterEach, vi } from 'vitest';

const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  const logged = errors.splice(0);
  if (logged.length) {
    throw new Error(
      `console.error was called:\n${logged.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
