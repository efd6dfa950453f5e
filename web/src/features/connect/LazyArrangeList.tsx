import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { ArrangeListProps } from './ArrangeList.js';

// The drag and drop library comes after the page's first render (the first-render JS budget,
// tests/budget); until it arrives the caller's fallback stands in.
const Loaded = lazy(() => import('./ArrangeList.js')) as unknown as ComponentType<ArrangeListProps<unknown>>;

/** The arrange list (see ArrangeList), loaded on first use; `fallback` shows meanwhile. */
export function ArrangeList<T>({ fallback, ...props }: ArrangeListProps<T> & { fallback: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Loaded {...(props as unknown as ArrangeListProps<unknown>)} />
    </Suspense>
  );
}
