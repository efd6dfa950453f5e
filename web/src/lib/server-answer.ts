import type { DehydratedState } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { serverAnswer } from './ssr.js';

/**
 * The data of a light visitor page (app/visitor-entry.tsx), as the server rendered it: the page only
 * shows it, so the server's answer to the query `key` is trusted as it is (no schema is loaded for it)
 * and `select` picks the page's part of it. When the server could not load it, the browser asks once
 * with `load` (which fetches the app's API client then). `key` null: the address names nothing to load.
 */
export function useServerAnswer<A, T>(
  state: DehydratedState | undefined,
  key: readonly unknown[] | null,
  select: (answer: A) => T,
  load: (signal: AbortSignal) => Promise<T>,
): { data: T | undefined; failed: boolean } {
  const [data, setData] = useState<T | undefined>(() => {
    const answer = key ? serverAnswer<A>(state, key) : undefined;
    return answer === undefined ? undefined : select(answer);
  });
  const [failed, setFailed] = useState(false);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const wanted = key ? JSON.stringify(key) : null;
  const loaded = data !== undefined;
  useEffect(() => {
    if (!wanted || loaded) return;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (value) => setData(() => value),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [wanted, loaded]);
  return { data, failed };
}
