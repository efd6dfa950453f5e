import { CHUNK_LOAD_TIMEOUT_MS } from '../lib/ui.js';
import type { ComponentType } from 'react';

/** A failed or timed-out download of a route's code (a ChunkLoadError, 'Loading chunk failed'). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(cause?: unknown) {
    super('Loading chunk failed', { cause });
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), CHUNK_LOAD_TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

/**
 * A lazy route: `load` imports a routes module (a chunk per area, or per page where an area's pages
 * share little), `name` picks the page component.
 */
export function page<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return {
    lazy: async () => {
      const mod = await withTimeout(load());
      return { Component: mod[name] as ComponentType };
    },
  };
}
