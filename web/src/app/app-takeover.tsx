// Before the contract's schemas are built (see the module).
import '../lib/zod-in-browser.js';
import type { DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import '../styles/global.css';
import { App } from './App.js';
import { loadMatchedRoutes } from './matched-routes.js';

/**
 * The whole app taking over a light page the light entry hydrated (visitor-entry.tsx): once the
 * matched page's code is here, the root draws the app instead, with the query cache the server
 * rendered from. `prepare` runs just before, to hand over what the light page holds (a draft).
 */
export async function takeOverWithApp(root: Root, state: DehydratedState | undefined, prepare?: () => void): Promise<void> {
  if (!(await loadMatchedRoutes())) throw new Error('the page’s code did not arrive');
  prepare?.();
  // As a transition: the new tree renders in slices, yielding to taps and to the browser.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App state={state} takingOver />
      </StrictMode>,
    );
  });
}
