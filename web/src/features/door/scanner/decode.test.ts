import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeSize, loadFrameDecoder, RepeatFilter, type Frame } from './decode.js';

const TICKET = 'TC1.k1.3f1c2a9e-5b7d-4c1e-9a2f-0d6b8e4c7a11.8d2e6f40-1a3b-4c5d-9e8f-7a6b5c4d3e2f.c2lnbmF0dXJlLW9mLXRoZS10aWNrZXQtZm9yLXRoZS10ZXN0';

/** A white frame of `size` pixels a side. */
function blankFrame(width: number, height = width): Frame {
  return { data: new Uint8ClampedArray(width * height * 4).fill(255), width, height };
}

/** The QR code of `text` drawn black on white, `scale` pixels a module, with a four-module quiet zone. */
function qrFrame(text: string, scale = 4): Frame {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const side = (modules.size + quiet * 2) * scale;
  const frame = blankFrame(side);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        for (let x = 0; x < scale; x++) {
          const at = (((row + quiet) * scale + y) * side + (col + quiet) * scale + x) * 4;
          frame.data.fill(0, at, at + 3); // black, alpha stays 255
        }
      }
    }
  }
  return frame;
}

describe('frame decoding', () => {
  it('reads the text of a ticket QR code', async () => {
    const decode = await loadFrameDecoder();
    expect(decode(qrFrame(TICKET))).toBe(TICKET);
  });

  it('reads nothing in a blank frame', async () => {
    const decode = await loadFrameDecoder();
    expect(decode(blankFrame(320, 240))).toBeNull();
  });

  it('reads nothing in a frame whose pixels are missing', async () => {
    const decode = await loadFrameDecoder();
    expect(decode({ data: new Uint8ClampedArray(16), width: 100, height: 100 })).toBeNull();
  });

  it('scales large frames down to at most 640 pixels a side, keeping the shape, and leaves small ones', () => {
    expect(decodeSize(1920, 1080)).toEqual({ width: 640, height: 360 });
    expect(decodeSize(720, 1280)).toEqual({ width: 360, height: 640 });
    expect(decodeSize(640, 480)).toEqual({ width: 640, height: 480 });
  });
});

describe('repeat filter', () => {
  it('reports a code held in view once, and again after it was out of view for 2 s', () => {
    const filter = new RepeatFilter();
    expect(filter.accept('A', 0)).toBe(true);
    // Held in view for 6 s, seen every 1.5 s (frames in between missed): one scan.
    for (let at = 1_500; at <= 6_000; at += 1_500) expect(filter.accept('A', at)).toBe(false);
    // Out of view from 6 s, back at 8.1 s: a new scan.
    expect(filter.accept('A', 8_100)).toBe(true);
  });

  it('reports a different code at once, and the first again when it comes back', () => {
    const filter = new RepeatFilter();
    expect(filter.accept('A', 0)).toBe(true);
    expect(filter.accept('B', 50)).toBe(true);
    expect(filter.accept('A', 100)).toBe(true);
  });
});
