import type { DehydratedState } from '@tanstack/react-query';

/**
 * The server render's hand-over to the browser: `#root` carries `data-ssr` when it holds server-rendered
 * markup, and a JSON block (not a script: the CSP allows no inline script) carries the query cache the
 * markup was rendered from, so the first client render matches it.
 */
export const SSR_ATTRIBUTE = 'data-ssr';
export const SSR_STATE_ID = 'ssr-state';

/** The JSON block's text; `<` is escaped so no value can close the element. */
export function serializeState(state: DehydratedState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

export function readServerState(doc: Document): DehydratedState | undefined {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return undefined;
  }
}

/**
 * What a visitor page of the light entry (app/visitor-entry.tsx) is rendered from, on the server and
 * again in the browser: its address and the query cache the server filled.
 */
export interface VisitorPageProps {
  url: URL;
  state: DehydratedState | undefined;
  /**
   * In the browser: replaces the page with the whole app, once its code for this address has arrived
   * (rejects when it cannot be fetched). `prepare` runs just before, to hand over what the page holds.
   */
  takeOver?: (prepare?: () => void) => Promise<void>;
}

/** The data of the query `key` in the server's cache, when the server loaded it. */
export function serverAnswer<T>(state: DehydratedState | undefined, key: readonly unknown[]): T | undefined {
  const wanted = JSON.stringify(key);
  const query = state?.queries.find((entry) => JSON.stringify(entry.queryKey) === wanted);
  return query?.state.status === 'success' ? (query.state.data as T) : undefined;
}
