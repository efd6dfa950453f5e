import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';

/** What the camera is doing, each with its own message and (for problems) a way out. */
export type CameraStatus = 'starting' | 'scanning' | 'paused' | 'denied' | 'none' | 'busy' | 'failed' | 'unsupported';

export interface CameraDevice {
  deviceId: string;
  label: string;
}

/** The camera picked on this phone, if any (else the rear camera is asked for). */
const CAMERA_KEY = 'tapcard:doorCamera';

export function readCameraChoice(): string {
  try {
    return globalThis.localStorage?.getItem(CAMERA_KEY) ?? '';
  } catch {
    return '';
  }
}

export function writeCameraChoice(deviceId: string): void {
  try {
    if (deviceId) localStorage.setItem(CAMERA_KEY, deviceId);
    else localStorage.removeItem(CAMERA_KEY);
  } catch {
    /* storage disabled: the choice lasts while the page is open */
  }
}

/** The browser's refusal, by its DOMException name. */
export function statusOfError(error: unknown): CameraStatus {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'none';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}

const REAR_CAMERA: MediaTrackConstraints = { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } };

/**
 * Opens the chosen camera, or the rear one. A chosen camera that is gone (unplugged, or ids reset
 * after the site's data was cleared) is forgotten and the rear camera used instead.
 */
async function openStream(media: MediaDevices, deviceId: string, forget: () => void): Promise<MediaStream> {
  if (!deviceId) return media.getUserMedia({ video: REAR_CAMERA, audio: false });
  try {
    return await media.getUserMedia({ video: { deviceId: { exact: deviceId } }, audio: false });
  } catch (error) {
    if (statusOfError(error) !== 'none') throw error;
    forget();
    return media.getUserMedia({ video: REAR_CAMERA, audio: false });
  }
}

export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

async function videoInputs(media: MediaDevices): Promise<CameraDevice[]> {
  try {
    const all = await media.enumerateDevices();
    return all.filter((d) => d.kind === 'videoinput' && d.deviceId).map((d) => ({ deviceId: d.deviceId, label: d.label }));
  } catch {
    return [];
  }
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the page is on screen (a phone's screen off, or another tab in front, hides it). */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

interface CameraOptions {
  /** The camera runs only while true; off, its tracks are stopped (the phone's camera light goes out). */
  active: boolean;
  /** '' for the rear camera. */
  deviceId: string;
  /** Bump to try again after a problem. */
  attempt: number;
  /** The chosen camera was gone and the rear one is used. */
  onChoiceGone: () => void;
}

/** Runs the camera into `video` while active, reporting its status and the cameras there are (known once allowed). */
export function useCamera(videoRef: RefObject<HTMLVideoElement | null>, { active, deviceId, attempt, onChoiceGone }: CameraOptions) {
  const [status, setStatus] = useState<CameraStatus>('starting');
  const [devices, setDevices] = useState<CameraDevice[]>([]);
  const choiceGone = useRef(onChoiceGone);
  useEffect(() => {
    choiceGone.current = onChoiceGone;
  }, [onChoiceGone]);

  useEffect(() => {
    const video = videoRef.current;
    const media = globalThis.navigator?.mediaDevices;
    let cancelled = false;
    let stream: MediaStream | null = null;
    const settle = (next: CameraStatus) => {
      if (!cancelled) setStatus(next);
    };
    if (!active) settle('paused');
    else if (!media?.getUserMedia) settle('unsupported');
    else {
      settle('starting');
      void (async () => {
        try {
          const opened = await openStream(media, deviceId, () => choiceGone.current());
          if (cancelled) return stopStream(opened);
          stream = opened;
          for (const track of opened.getVideoTracks()) track.addEventListener('ended', () => settle('failed'));
          if (video) {
            video.srcObject = opened;
            // Muted inline video may play without a tap; if the browser still refuses, autoPlay starts it.
            await Promise.resolve(video.play()).catch(() => undefined);
          }
          if (cancelled) return;
          settle('scanning');
          const found = await videoInputs(media);
          if (!cancelled) setDevices(found);
        } catch (error) {
          settle(statusOfError(error));
        }
      })();
    }
    return () => {
      cancelled = true;
      stopStream(stream);
      if (video && stream && video.srcObject === stream) video.srcObject = null;
    };
  }, [active, deviceId, attempt, videoRef]);

  return { status, devices };
}
