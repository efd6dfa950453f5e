import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { freshWindowForFile } from './fresh-window.js';

freshWindowForFile();

// findBy* and waitFor wait on a condition; their 1 s default ran out on a loaded 2-core machine (a lazy
// route or the door's live list arriving later), failing tests whose condition came a moment after.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // A global a test stubbed (fetch, above all) is the real one again for the next test, after the page is unmounted.
  vi.unstubAllGlobals();
});
