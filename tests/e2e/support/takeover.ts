import type { Page } from 'playwright-core';

/** The page's errors as they come: uncaught ones and those written to the console (a hydration mismatch is one). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/**
 * Holds back the app's code that takes a server-rendered light page over (app-takeover.tsx), as a
 * slow network would, until the answered function is called.
 */
export async function holdTakeOver(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-takeover-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
