import { matchRoutes, type RouteObject } from 'react-router-dom';
import { appRoutes } from './router.js';

/**
 * Loads the lazy routes matching the current address, so the app's first render draws the page itself
 * rather than a loading fallback: hydration must render what the server did, and a light page taken
 * over by the app must not flash a loading screen. False when a route's code did not arrive.
 */
export async function loadMatchedRoutes(): Promise<boolean> {
  try {
    for (const { route } of matchRoutes(appRoutes, window.location) ?? []) {
      if (typeof route.lazy !== 'function') continue;
      Object.assign(route, await route.lazy(), { lazy: undefined } satisfies Partial<RouteObject>);
    }
    return true;
  } catch {
    return false;
  }
}
