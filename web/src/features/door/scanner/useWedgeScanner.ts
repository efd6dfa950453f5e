import { useEffect, useRef } from 'react';

/** A scanner acting as a keyboard types each key within this many ms of the last; a person is slower. */
export const WEDGE_KEY_GAP_MS = 50;
/** Shorter bursts are ignored: a ticket's text is far longer, and a fast typist's short word is not a scan. */
export const WEDGE_MIN_LENGTH = 8;

/** Typing here is the user's own: the field handles it (the door's search box reads a ticket typed into it). */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;
}

export interface WedgeOptions {
  /** Listens only while true (e.g. off while a dialog is open); default true. */
  enabled?: boolean;
}

/**
 * A USB or Bluetooth barcode scanner in keyboard mode types the code's text in a fast burst and
 * presses Enter. Outside text fields, such a burst (keys under 50 ms apart, at least 8 characters,
 * ended by Enter) is handed to `onCode`; slower typing resets the buffer, so a person's keys never
 * add up to a code.
 */
export function useWedgeScanner(onCode: (text: string) => void, { enabled = true }: WedgeOptions = {}): void {
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!enabled) return;
    let buffer = '';
    let lastKeyAt = -Infinity;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isEditable(event.target)) {
        buffer = '';
        return;
      }
      const now = Date.now();
      const fast = now - lastKeyAt < WEDGE_KEY_GAP_MS;
      if (event.key === 'Enter') {
        const code = fast ? buffer : '';
        buffer = '';
        lastKeyAt = -Infinity;
        if (code.length >= WEDGE_MIN_LENGTH) {
          event.preventDefault(); // the Enter ends the scan: it must not also press a focused button
          latest.current(code);
        }
        return;
      }
      if (event.key.length !== 1) return; // Shift and other keys without a character
      buffer = fast ? buffer + event.key : event.key;
      lastKeyAt = now;
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
