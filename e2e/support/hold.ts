import type { BrowserContext } from 'playwright-core';

/**
 * Holds every request matching `pattern` until the returned `release()` is called: a file that is
 * slow to arrive, to see what the page does meanwhile.
 */
export const holdRequests = async (context: BrowserContext, pattern: RegExp): Promise<() => void> => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
};
