import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { playFeedback, type FeedbackKind } from './feedback.js';
import { SoundToggle } from './SoundToggle.js';

/** A stand-in for the browser's Web Audio: records the pitch of every tone started. */
const started: number[][] = [];
class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  private sound: number[] = [];
  constructor() {
    started.push((this.sound = []));
  }
  resume = () => Promise.resolve();
  createGain = () => ({ gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (next: unknown) => next });
  createOscillator = () => {
    const osc = {
      type: 'sine',
      frequency: { value: 0, setValueAtTime: (hz: number) => (osc.frequency.value = hz) },
      connect: (next: unknown) => next,
      start: () => this.sound.push(osc.frequency.value),
      stop: () => undefined,
    };
    return osc;
  };
}

const vibrate = vi.fn((pattern: VibratePattern) => pattern !== undefined);
const KINDS: FeedbackKind[] = ['admitted', 'already', 'invalid', 'conflict', 'queued'];

/** Plays `kind` and returns the vibration pattern and the pitches sounded. */
function feedbackOf(kind: FeedbackKind) {
  vibrate.mockClear();
  const before = started[0]?.length ?? 0;
  playFeedback(kind);
  return { vibration: JSON.stringify(vibrate.mock.calls[0]?.[0]), tones: (started[0] ?? []).slice(before) };
}

beforeAll(() => {
  Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate });
});
afterAll(() => {
  Reflect.deleteProperty(navigator, 'vibrate');
});
// The setup restores stubbed globals after each test.
beforeEach(() => {
  vi.stubGlobal('AudioContext', FakeAudioContext);
  localStorage.clear();
});

describe('scan feedback', () => {
  it('vibrates and sounds each outcome differently, with one audio context for all', () => {
    const seen = KINDS.map(feedbackOf);
    expect(seen.map((s) => s.vibration)).toEqual(['[60]', '[80,60,80]', '[250]', '[120,60,120,60,120]', '[40,40,40]']);
    expect(new Set(seen.map((s) => JSON.stringify(s.tones))).size).toBe(KINDS.length);
    expect(seen[0]!.tones[1]).toBeGreaterThan(seen[0]!.tones[0]!); // admitted rises
    expect(Math.max(...seen[2]!.tones)).toBeLessThan(200); // invalid is low
    expect(started).toHaveLength(1);
  });

  it('keeps vibrating but makes no sound once the sound is turned off, and sounds again when it is turned on', async () => {
    const user = userEvent.setup();
    render(<SoundToggle />);
    const toggle = screen.getByRole('switch', { name: 'Scan sounds' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Off (vibration only)')).toBeInTheDocument();
    const muted = feedbackOf('admitted');
    expect(muted.tones).toEqual([]);
    expect(muted.vibration).toBe('[60]');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(feedbackOf('admitted').tones).toHaveLength(2);
  });

  it('remembers the sound being off across page loads', () => {
    const first = render(<SoundToggle />);
    act(() => first.getByRole('switch', { name: 'Scan sounds' }).click());
    first.unmount();
    render(<SoundToggle />);
    expect(screen.getByRole('switch', { name: 'Scan sounds' })).toHaveAttribute('aria-checked', 'false');
    expect(feedbackOf('invalid').tones).toEqual([]);
  });
});
