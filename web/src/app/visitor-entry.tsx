import { startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { readServerState, SSR_ATTRIBUTE } from '../lib/ssr.js';
import { visitorPageAt, VisitorRoot } from './visitor-pages.js';

/**
 * The light entry of the server-rendered visitor pages (visitorPages): it hydrates the page's own tree,
 * with no router, query layer, session or contract schemas, so the page answers a tap sooner than the
 * whole app would. Its links load their pages; the app's entry (main.tsx) takes over there.
 */
async function start(container: HTMLElement): Promise<void> {
  const page = visitorPageAt(window.location.pathname);
  // The server sends this entry only with the markup of one of its pages.
  if (!page || !container.hasAttribute(SSR_ATTRIBUTE)) throw new Error(`${window.location.pathname} is not a server-rendered visitor page`);
  const Page = await page.load();
  const state = readServerState(document);
  let root: Root | null = null;
  // For the pages the app takes over once they are on screen (the arena): its code loads only then.
  const takeOver = async (prepare?: () => void) => {
    const { takeOverWithApp } = await import('./app-takeover.js');
    if (root) await takeOverWithApp(root, state, prepare);
  };
  const props = { url: new URL(window.location.href), state, takeOver };
  // As a transition, as main.tsx does: hydration yields to taps while it runs.
  startTransition(() => {
    root = hydrateRoot(container, <VisitorRoot Page={Page} {...props} />, {
      onRecoverableError: (error) => console.error('hydration mismatch', error),
    });
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from the page');
void start(root);
