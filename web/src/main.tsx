import './lib/zod-in-browser.js';
import type { DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { loadMatchedRoutes } from './app/matched-routes.js';
import { readServerState, SSR_ATTRIBUTE } from './lib/ssr.js';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const app = (state?: DehydratedState) => (
  <StrictMode>
    <App state={state} />
  </StrictMode>
);

// No top-level await here: route chunks import from this entry, which must have finished evaluating
// (and the bundler would otherwise split the entry into more, less compressible, chunks).
async function start(container: HTMLElement): Promise<void> {
  if (container.hasAttribute(SSR_ATTRIBUTE) && (await loadMatchedRoutes())) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page: a tap on the card is answered while it runs.
    startTransition(() => {
      hydrateRoot(
        container,
        app(readServerState(document)),
        // A mismatch is repaired by a client render; it still means the server and the browser disagree.
        { onRecoverableError: (error) => console.error('hydration mismatch', error) },
      );
    });
    return;
  }
  createRoot(container).render(app());
}

void start(root);
