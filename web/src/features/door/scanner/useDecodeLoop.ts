import { useEffect, useRef, type RefObject } from 'react';
import { RepeatFilter } from './decode.js';
import { createVideoReader, type VideoReader } from './video-reader.js';

/** About ten frames a second: quick enough to feel instant, light enough for a phone's battery. */
export const FRAME_INTERVAL_MS = 100;

/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame to read exists. */
const HAVE_CURRENT_DATA = 2;

/**
 * Reads the video's frames while `running`, one at a time (a slow frame delays the next instead of
 * piling up), and hands each code to `onCode` once per appearance. A frame that fails to read is
 * skipped: scanning never stops on a bad frame or a bad code.
 */
export function useDecodeLoop(videoRef: RefObject<HTMLVideoElement | null>, running: boolean, onCode: (text: string) => void): void {
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  }, [onCode]);
  const filter = useRef(new RepeatFilter());
  const reader = useRef<Promise<VideoReader> | null>(null);

  useEffect(() => {
    if (!running) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const readFrame = async () => {
      const video = videoRef.current;
      // No reader is made before a frame exists: it may load jsQR, which only a decoding phone needs.
      if (!video || video.readyState < HAVE_CURRENT_DATA || video.videoWidth < 1) return;
      reader.current ??= createVideoReader();
      const read = await reader.current.catch((error: unknown) => {
        reader.current = null; // e.g. the decoder's file failed to load: try again on the next frame
        throw error;
      });
      const text = await read(video);
      if (!stopped && text && filter.current.accept(text, Date.now())) latest.current(text);
    };
    const tick = async () => {
      const began = performance.now();
      try {
        await readFrame();
      } catch {
        /* skipped frame */
      }
      if (!stopped) timer = setTimeout(() => void tick(), Math.max(0, FRAME_INTERVAL_MS - (performance.now() - began)));
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [running, videoRef]);
}
