/** The outcomes of a scan a door staff member must tell apart without looking. */
export type FeedbackKind = 'admitted' | 'already' | 'invalid' | 'conflict' | 'queued';

interface Tone {
  /** Hz */
  freq: number;
  /** Seconds after the start of the sound. */
  at: number;
  /** Seconds */
  length: number;
  wave: OscillatorType;
}

const tone = (freq: number, at: number, length: number, wave: OscillatorType = 'sine'): Tone => ({ freq, at, length, wave });

/** Each outcome's sound and vibration: bright and rising for yes, two flat beeps for already, a low buzz for no. */
export const FEEDBACK: Readonly<Record<FeedbackKind, { tones: readonly Tone[]; vibrate: readonly number[] }>> = {
  admitted: { tones: [tone(880, 0, 0.09), tone(1320, 0.1, 0.16)], vibrate: [60] },
  queued: { tones: [tone(880, 0, 0.09), tone(1175, 0.1, 0.12, 'triangle')], vibrate: [40, 40, 40] },
  already: { tones: [tone(660, 0, 0.1, 'triangle'), tone(660, 0.18, 0.1, 'triangle')], vibrate: [80, 60, 80] },
  conflict: { tones: [tone(660, 0, 0.12, 'triangle'), tone(440, 0.14, 0.12, 'triangle'), tone(330, 0.28, 0.16, 'triangle')], vibrate: [120, 60, 120, 60, 120] },
  invalid: { tones: [tone(140, 0, 0.35, 'square')], vibrate: [250] },
};

const MUTE_KEY = 'tapcard:doorSoundMuted';
const VOLUME = 0.25;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const muteListeners = new Set<() => void>();

/** Whether scan sounds are off on this phone (vibration stays: it is silent). */
export function isMuted(): boolean {
  return storage()?.getItem(MUTE_KEY) === 'true';
}

export function setMuted(muted: boolean): void {
  try {
    if (muted) storage()?.setItem(MUTE_KEY, 'true');
    else storage()?.removeItem(MUTE_KEY);
  } catch {
    /* storage disabled: the choice lasts until the page closes */
  }
  for (const listener of muteListeners) listener();
}

export function onMutedChange(listener: () => void): () => void {
  muteListeners.add(listener);
  return () => muteListeners.delete(listener);
}

let context: AudioContext | null = null;

/** The one audio context, made on first need (browsers let it play only after a tap on the page). */
function audio(): AudioContext | null {
  if (context) return context;
  const Context = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  try {
    context = new Context();
  } catch {
    return null;
  }
  return context;
}

function resume(ctx: AudioContext): void {
  if (ctx.state === 'suspended') ctx.resume().catch(() => undefined);
}

const UNLOCK_EVENTS = ['pointerdown', 'keydown', 'touchend'] as const;
let unlockArmed = false;

/**
 * Makes (or resumes) the audio context on the next tap or key anywhere on the page: a scan result
 * arrives without a gesture, and a context first started then would stay silent.
 */
export function armAudioUnlock(): void {
  if (unlockArmed || typeof window === 'undefined') return;
  unlockArmed = true;
  const unlock = () => {
    const ctx = audio();
    if (ctx) resume(ctx);
    for (const name of UNLOCK_EVENTS) window.removeEventListener(name, unlock, true);
    unlockArmed = false;
  };
  for (const name of UNLOCK_EVENTS) window.addEventListener(name, unlock, true);
}

function play(ctx: AudioContext, tones: readonly Tone[]): void {
  const start = ctx.currentTime + 0.01;
  for (const t of tones) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = t.wave;
    osc.frequency.setValueAtTime(t.freq, start + t.at);
    // A short rise and an exponential fall: no click at either end.
    gain.gain.setValueAtTime(0.0001, start + t.at);
    gain.gain.exponentialRampToValueAtTime(VOLUME, start + t.at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + t.at + t.length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + t.at);
    osc.stop(start + t.at + t.length + 0.02);
  }
}

/** Sounds (unless muted) and vibrates (where the phone can) the outcome of a scan. */
export function playFeedback(kind: FeedbackKind): void {
  const { tones, vibrate } = FEEDBACK[kind];
  try {
    globalThis.navigator?.vibrate?.([...vibrate]);
  } catch {
    /* vibration refused (no user activation yet): the sound still plays */
  }
  if (isMuted()) return;
  const ctx = audio();
  if (!ctx) return;
  resume(ctx);
  try {
    play(ctx, tones);
  } catch {
    /* a closed or broken audio context: the result still shows on screen */
  }
  armAudioUnlock(); // when this context is still waiting for a tap, the next tap starts it
}
