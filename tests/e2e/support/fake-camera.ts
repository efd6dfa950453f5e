import { chromium, type Browser as Chromium, type BrowserContext } from 'playwright-core';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import QRCode from 'qrcode';
import { afterAll } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

/**
 * A fake camera for the door scanner: a YUV4MPEG2 video (the format Chromium's fake capture device
 * plays from a file, looping it) whose frames show given QR codes, and a Chromium that films it.
 */

export const CAMERA_WIDTH = 640;
export const CAMERA_HEIGHT = 480;
export const CAMERA_FPS = 10;

/** One stretch of the video: a QR code of `text` (null: a blank frame) held for `frames` frames. */
export interface Shot {
  text: string | null;
  frames: number;
}

/** A grey frame's luma, and the QR code's dark and light luma (the code is drawn on white). */
const BLANK = 200;
const DARK = 16;
const LIGHT = 235;
/** The light border a reader needs around a QR code, in modules. */
const QUIET_ZONE = 4;

/** The luma plane of one frame: the code as large as the frame allows, centred, or blank. */
function lumaFrame(text: string | null): Uint8Array {
  const luma = new Uint8Array(CAMERA_WIDTH * CAMERA_HEIGHT).fill(BLANK);
  if (text === null) return luma;
  const modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const span = modules.size + QUIET_ZONE * 2;
  const scale = Math.floor((Math.min(CAMERA_WIDTH, CAMERA_HEIGHT) - 16) / span);
  if (scale < 3) throw new Error(`a QR code of ${text.length} characters does not fit a ${CAMERA_WIDTH}x${CAMERA_HEIGHT} frame`);
  const left = Math.floor((CAMERA_WIDTH - span * scale) / 2);
  const top = Math.floor((CAMERA_HEIGHT - span * scale) / 2);
  for (let y = 0; y < span * scale; y++) {
    const row = Math.floor(y / scale) - QUIET_ZONE;
    for (let x = 0; x < span * scale; x++) {
      const col = Math.floor(x / scale) - QUIET_ZONE;
      const inside = row >= 0 && col >= 0 && row < modules.size && col < modules.size;
      luma[(top + y) * CAMERA_WIDTH + left + x] = inside && modules.get(row, col) ? DARK : LIGHT;
    }
  }
  return luma;
}

/**
 * Writes the video of `shots`, in order, to a new folder and answers the file's path. Chromium plays
 * it in a loop, from its first frame when a page opens the camera.
 */
export function writeQrVideo(shots: readonly Shot[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'tapcard-camera-'));
  const file = join(dir, 'camera.y4m');
  // Colourless: both chroma planes at their middle value.
  const chroma = new Uint8Array((CAMERA_WIDTH / 2) * (CAMERA_HEIGHT / 2) * 2).fill(128);
  const frameMark = Buffer.from('FRAME\n');
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, `YUV4MPEG2 W${CAMERA_WIDTH} H${CAMERA_HEIGHT} F${CAMERA_FPS}:1 Ip A1:1 C420jpeg\n`);
    for (const shot of shots) {
      const luma = lumaFrame(shot.text);
      for (let i = 0; i < shot.frames; i++) {
        writeSync(fd, frameMark);
        writeSync(fd, luma);
        writeSync(fd, chroma);
      }
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

/** Chromium's flags for a camera that films `videoFile`, allowed without asking. */
export function fakeCameraArgs(videoFile: string): string[] {
  return [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${videoFile}`];
}

export interface CameraBrowserOptions {
  baseURL: string;
  width?: number;
  height?: number;
}

/**
 * Opens phones (contexts, camera allowed) of one Chromium whose camera films the video `videoFile`
 * answers (asked once, at the first phone: the tickets it shows may be made in a beforeAll); the
 * browser closes and the video is removed after the test file. Call at the top of a test file: a
 * Chromium has one fake camera, so a file has one video.
 */
export function cameraPhones(videoFile: () => string, defaults: CameraBrowserOptions): (options?: Partial<CameraBrowserOptions>) => Promise<BrowserContext> {
  let started: Promise<Chromium> | null = null;
  let video: string | null = null;
  const opened: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((c) => c.close()));
    if (started) await (await started).close();
    if (video) rmSync(dirname(video), { recursive: true, force: true });
  });
  return async (options = {}) => {
    started ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: fakeCameraArgs((video = videoFile())) });
    const { baseURL, width, height } = { ...defaults, ...options };
    const context = await (await started).newContext({
      baseURL,
      viewport: { width: width ?? 390, height: height ?? 844 },
      permissions: ['camera'],
      reducedMotion: 'reduce',
    });
    context.setDefaultTimeout(30_000);
    opened.push(context);
    return context;
  };
}
