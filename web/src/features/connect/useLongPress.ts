import { useCallback, useEffect, useRef } from 'react';
import { QUICK_LINK_LONG_PRESS_MS } from '../../lib/ui.js';

/**
 * A press held for QUICK_LINK_LONG_PRESS_MS (1000 ms) calls `onLongPress`. The click that ends a long
 * press is swallowed (`wasLongPress` answers true once), so it does not also open the link's editor.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<number | null>(null);
  const fired = useRef(false);
  const clear = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => clear, [clear]);
  const start = useCallback(
    (event: React.PointerEvent) => {
      if (event.button !== 0) return;
      fired.current = false;
      clear();
      timer.current = window.setTimeout(() => {
        timer.current = null;
        fired.current = true;
        onLongPress();
      }, QUICK_LINK_LONG_PRESS_MS);
    },
    [clear, onLongPress],
  );
  const wasLongPress = useCallback(() => {
    const value = fired.current;
    fired.current = false;
    return value;
  }, []);
  return {
    handlers: {
      onPointerDown: start,
      onPointerUp: clear,
      onPointerLeave: clear,
      onPointerCancel: clear,
      onContextMenu: (event: React.MouseEvent) => {
        // A touch held down opens the browser's menu on some phones: the long press replaces it.
        if (fired.current || timer.current !== null) event.preventDefault();
      },
    },
    wasLongPress,
  };
}
