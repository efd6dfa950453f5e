import { dehydrate, QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { ComponentType } from 'react';
import { onTestFinished } from 'vitest';
import type { VisitorPageProps } from '../lib/ssr.js';

/** The query cache the server render hands over: `answers` are the queries it loaded, by key. */
export function serverState(answers: [readonly unknown[], unknown][]) {
  const client = new QueryClient();
  for (const [key, answer] of answers) client.setQueryData(key, answer);
  return dehydrate(client);
}

/**
 * Renders a light visitor page as the server does, then hydrates that markup as the light entry does
 * (app/visitor-entry.tsx), with `takeOver` when given; returns the hydration's mismatches.
 */
export async function serverThenBrowser(Page: ComponentType<VisitorPageProps>, path: string, answers: [readonly unknown[], unknown][], takeOver?: VisitorPageProps['takeOver']): Promise<unknown[]> {
  const server = { url: new URL(path, window.location.origin), state: serverState(answers) };
  const props = takeOver ? { ...server, takeOver } : server;
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page {...server} />);
  document.body.append(container);
  const mismatches: unknown[] = [];
  let root: Root | undefined;
  // Registered by the test itself: a hook at this module's top would run for the first file that
  // imports it only, as test files share their modules (vite.config.ts).
  onTestFinished(() => {
    act(() => root?.unmount());
    container.remove();
  });
  await act(async () => {
    root = hydrateRoot(container, <Page {...props} />, { onRecoverableError: (error) => mismatches.push(error) });
  });
  return mismatches;
}
