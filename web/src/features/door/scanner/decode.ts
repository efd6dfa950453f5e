import type jsQRFunction from 'jsqr';

/**
 * The camera scanner's pure parts: QR decoding of one RGBA frame with jsQR, the frame size to decode
 * at, and the filter that reports each code once per appearance. No DOM: they run in Node as well.
 */

/** An RGBA frame, as `ImageData` has it (4 bytes a pixel, rows top to bottom). */
export interface Frame {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

export type FrameDecoder = (frame: Frame) => string | null;

/**
 * Frames larger than this (longest side, in pixels) are scaled down before decoding: a ticket held up
 * to the phone fills much of the picture, and jsQR's time grows with the pixel count.
 */
export const MAX_DECODE_SIDE = 640;

/** The size to draw a `width` × `height` frame at for decoding: at most `max` on its longest side. */
export function decodeSize(width: number, height: number, max = MAX_DECODE_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

type JsQr = typeof jsQRFunction;

/** Decodes with the given jsQR function: dark codes on a light ground only (printed and on-screen tickets), which is the fast path. */
export function decodeWith(jsQR: JsQr, frame: Frame): string | null {
  if (frame.width < 1 || frame.height < 1 || frame.data.length < frame.width * frame.height * 4) return null;
  const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
  return found && found.data.length > 0 ? found.data : null;
}

let loading: Promise<FrameDecoder> | null = null;

/** Loads jsQR on first use (its code is fetched only on a phone without a native QR detector). */
export function loadFrameDecoder(): Promise<FrameDecoder> {
  loading ??= import('jsqr').then(
    (module) => {
      // A CommonJS module: the function is the default export, or the module itself in some bundlings.
      const jsQR = (module.default ?? module) as JsQr;
      return (frame: Frame) => decodeWith(jsQR, frame);
    },
    (error: unknown) => {
      loading = null; // a failed chunk load (network) may succeed on the next try
      throw error;
    },
  );
  return loading;
}

/** How long a code must be out of view before the same code counts as a new scan. */
export const REPEAT_AFTER_MS = 2_000;

/**
 * Reports each code once per appearance: the same text again is ignored while it stays in view (seen
 * again within `repeatAfterMs` of its last sighting, so a few missed frames do not split a sighting),
 * and a different text is reported at once.
 */
export class RepeatFilter {
  private last: { text: string; seenAt: number } | null = null;

  constructor(private readonly repeatAfterMs = REPEAT_AFTER_MS) {}

  /** Records a sighting of `text` at `now` (ms) and says whether it is a new scan. */
  accept(text: string, now: number): boolean {
    const last = this.last;
    const repeat = last !== null && last.text === text && now - last.seenAt < this.repeatAfterMs;
    this.last = { text, seenAt: now };
    return !repeat;
  }

  /** Forgets the last code: the next sighting of any code is a new scan. */
  reset(): void {
    this.last = null;
  }
}
