import { fireEvent, render, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWedgeScanner } from './useWedgeScanner.js';

const TICKET = 'TC1.k1.event-1.att-1.c2lnbmF0dXJl';

/** Types `text` then Enter on `target`, `gapMs` apart (on a fake clock). */
function type(target: Element, text: string, gapMs: number) {
  for (const key of [...text, 'Enter']) {
    vi.advanceTimersByTime(gapMs);
    fireEvent.keyDown(target, { key });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('keyboard-mode barcode scanner', () => {
  it('hands over a fast burst of keys ended by Enter, once', () => {
    const onCode = vi.fn();
    renderHook(() => useWedgeScanner(onCode));
    type(document.body, TICKET, 5);
    expect(onCode).toHaveBeenCalledTimes(1);
    expect(onCode).toHaveBeenCalledWith(TICKET);
  });

  it('reads two scans in a row as two codes', () => {
    const onCode = vi.fn();
    renderHook(() => useWedgeScanner(onCode));
    type(document.body, TICKET, 5);
    vi.advanceTimersByTime(1_000);
    type(document.body, `${TICKET}x`, 5);
    expect(onCode.mock.calls).toEqual([[TICKET], [`${TICKET}x`]]);
  });

  it('ignores a person typing at a human pace', () => {
    const onCode = vi.fn();
    renderHook(() => useWedgeScanner(onCode));
    type(document.body, TICKET, 120);
    expect(onCode).not.toHaveBeenCalled();
  });

  it('ignores a short fast burst', () => {
    const onCode = vi.fn();
    renderHook(() => useWedgeScanner(onCode));
    type(document.body, 'abc', 5);
    expect(onCode).not.toHaveBeenCalled();
  });

  it('leaves keys typed into a text field to the field', () => {
    const onCode = vi.fn();
    renderHook(() => useWedgeScanner(onCode));
    const { getByRole } = render(<input aria-label="Find an attendee" />);
    type(getByRole('textbox'), TICKET, 5);
    expect(onCode).not.toHaveBeenCalled();
  });

  it('does nothing while disabled', () => {
    const onCode = vi.fn();
    renderHook(() => useWedgeScanner(onCode, { enabled: false }));
    type(document.body, TICKET, 5);
    expect(onCode).not.toHaveBeenCalled();
  });
});
