import type { Page } from '@playwright/test';

/**
 * Holds the page's `method` requests to `url` on their way until `release()`
 * is called, then sends them on to the server: a state that lasts only while
 * a request is under way (an upload's progress) stays on the screen long
 * enough to be measured or scanned. `done()` stops holding.
 */
export async function holdRequests(page: Page, url: string, method: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() === method) await held;
    await route.continue();
  });
  return { release, done: () => page.unroute(url) };
}
