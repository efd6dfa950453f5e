import { decodeSize, loadFrameDecoder } from './decode.js';

/** Reads the QR code in a video's current frame, if any. */
export type VideoReader = (video: HTMLVideoElement) => Promise<string | null>;

/** The browser's own detector (Chrome on Android and macOS, Safari 17+); absent on desktop Linux and Firefox. */
interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats?: () => Promise<string[]>;
}

async function nativeDetector(): Promise<NativeDetector | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? [];
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** jsQR on a canvas copy of the frame, scaled down so a large camera picture decodes quickly. */
async function canvasReader(): Promise<VideoReader> {
  const decode = await loadFrameDecoder();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas to read camera frames from');
  return async (video) => {
    const { width, height } = decodeSize(video.videoWidth, video.videoHeight);
    if (width < 1 || height < 1) return null;
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    return decode(context.getImageData(0, 0, width, height));
  };
}

/**
 * The best reader this browser has: its native QR detector, else jsQR (loaded only then). A native
 * detector that fails at run time (some phones list it but lack the service) hands over to jsQR for good.
 */
export async function createVideoReader(): Promise<VideoReader> {
  const native = await nativeDetector();
  if (!native) return canvasReader();
  let fallback: Promise<VideoReader> | null = null;
  return async (video) => {
    if (fallback) return (await fallback)(video);
    try {
      const found = await native.detect(video);
      return found.find((code) => code.rawValue.length > 0)?.rawValue ?? null;
    } catch {
      fallback = canvasReader();
      return (await fallback)(video);
    }
  };
}
