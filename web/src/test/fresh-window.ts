import { focusManager, onlineManager } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { vi } from 'vitest';

/**
 * The web's test files share a worker's modules and its one jsdom window (isolate: false in
 * web/vite.config.ts: re-creating both for each of a hundred files cost three quarters of the suite's
 * time). What one file leaves behind is undone here, before the next file imports anything:
 * - the app's own modules are evaluated afresh (their toasts, live client, door store, atoms);
 * - spies, fake timers and stubbed globals are the real ones again;
 * - what a file defined on `navigator` or `document` (a share sheet, a clipboard, a visibility) is gone;
 * - the document is empty again;
 * - the libraries that outlive a file (their modules are not evaluated afresh) forget it: React Query
 *   is online again (a file that went offline would hold every later file's calls back), and no toast
 *   waits for a container.
 */
const FIRST = Symbol.for('tapcard.test.window-as-first-seen');

type Snapshot = { navigator: Set<PropertyKey>; document: Set<PropertyKey> };

export function freshWindowForFile(): void {
  const held = globalThis as unknown as Record<symbol, Snapshot | undefined>;
  const first = held[FIRST];
  if (!first) {
    held[FIRST] = { navigator: new Set(Reflect.ownKeys(navigator)), document: new Set(Reflect.ownKeys(document)) };
  } else {
    for (const [target, keys] of [
      [navigator, first.navigator],
      [document, first.document],
    ] as const) {
      for (const key of Reflect.ownKeys(target)) if (!keys.has(key)) Reflect.deleteProperty(target, key);
    }
  }
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
  onlineManager.setOnline(true);
  focusManager.setFocused(undefined);
  toast.dismiss();
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) if (element !== document.documentElement || name !== 'lang') element.removeAttribute(name);
  }
}
