import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The loader the server-rendered pages include (web/public/after-paint.js), run as the browser runs it.
const source = readFileSync(resolve(import.meta.dirname, '../public/after-paint.js'), 'utf8');

const frames: FrameRequestCallback[] = [];
const idle: { callback: IdleRequestCallback; timeout: number | undefined }[] = [];

function runLoader(readyState: DocumentReadyState): void {
  const self = document.createElement('script');
  self.setAttribute('data-entry', '/assets/visitor-abc.js');
  self.setAttribute('data-preload', '/assets/a.js /assets/b.js');
  Object.defineProperty(document, 'currentScript', { value: self, configurable: true });
  Object.defineProperty(document, 'readyState', { value: readyState, configurable: true });
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  new Function(source)();
}

const entryScripts = () => Array.from(document.head.querySelectorAll('script[type="module"]')).map((script) => script.getAttribute('src'));
const preloads = () => Array.from(document.head.querySelectorAll('link[rel="modulepreload"]')).map((link) => link.getAttribute('href'));

describe('after-paint.js', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    frames.length = 0;
    idle.length = 0;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) => idle.push({ callback, timeout: options?.timeout }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
    for (const key of ['currentScript', 'readyState', 'visibilityState']) delete (document as unknown as Record<string, unknown>)[key];
  });

  it('opens a server-rendered chat at its newest message before any script, unless the reader has scrolled', () => {
    const end = document.createElement('div');
    end.setAttribute('data-start-at', '');
    const scrolled = vi.fn();
    end.scrollIntoView = scrolled;
    document.body.append(end);
    runLoader('interactive');
    expect(scrolled).toHaveBeenCalledWith({ block: 'end' });

    scrolled.mockClear();
    const original = Object.getOwnPropertyDescriptor(window, 'scrollY');
    Object.defineProperty(window, 'scrollY', { value: 120, configurable: true });
    try {
      runLoader('interactive');
      expect(scrolled).not.toHaveBeenCalled();
    } finally {
      if (original) Object.defineProperty(window, 'scrollY', original);
      end.remove();
    }
  });

  it('asks for the app only after the first frame, the page\'s load and an idle moment', () => {
    runLoader('interactive');
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    vi.advanceTimersByTime(0);
    expect(idle).toEqual([]);
    expect(entryScripts()).toEqual([]);

    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    expect(idle[0]!.timeout).toBe(300);
    expect(entryScripts()).toEqual([]);

    idle[0]!.callback({ didTimeout: false, timeRemaining: () => 50 });
    expect(entryScripts()).toEqual(['/assets/visitor-abc.js']);
    expect(preloads()).toEqual(['/assets/a.js', '/assets/b.js']);
    // The 1.5 s cap finds the loader started already: the app is not asked for twice.
    vi.advanceTimersByTime(1500);
    expect(idle).toHaveLength(1);
  });

  it('waits for an idle moment at once when the page has loaded by its first frame, and at most 1.5 s for a load that does not come', () => {
    runLoader('complete');
    frames[0]!(0);
    expect(idle).toHaveLength(1);

    document.head.innerHTML = '';
    idle.length = 0;
    runLoader('interactive');
    frames.at(-1)!(0);
    vi.advanceTimersByTime(1499);
    expect(idle).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
  });
});
