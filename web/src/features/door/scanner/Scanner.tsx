import { useCallback, useId, useRef, useState } from 'react';
import { Button } from '../../../components/Button.js';
import styles from './Scanner.module.css';
import { ScannerFrame } from './ScannerFrame.js';
import { SCANNER_TEXTS as TEXTS } from './texts.js';
import { readCameraChoice, useCamera, useDocumentVisible, writeCameraChoice, type CameraDevice, type CameraStatus } from './useCamera.js';
import { useDecodeLoop } from './useDecodeLoop.js';

export interface ScannerProps {
  /** Called with a code's text once per appearance in the camera (held still, it is not reported again). */
  onCode: (text: string) => void;
  /** Stops the camera (its light goes out) until false again. */
  paused?: boolean;
}

type Problem = Exclude<CameraStatus, 'starting' | 'scanning' | 'paused'>;

const PROBLEMS: Record<Problem, { title: string; text: string; retry: boolean }> = {
  denied: { title: TEXTS.deniedTitle, text: TEXTS.denied, retry: true },
  none: { title: TEXTS.noneTitle, text: TEXTS.none, retry: true },
  busy: { title: TEXTS.busyTitle, text: TEXTS.busy, retry: true },
  failed: { title: TEXTS.failedTitle, text: TEXTS.failed, retry: true },
  unsupported: { title: TEXTS.unsupportedTitle, text: TEXTS.unsupported, retry: false },
};

const STATUS_LINES: Record<Exclude<CameraStatus, Problem>, string> = {
  starting: TEXTS.starting,
  scanning: TEXTS.scanning,
  paused: TEXTS.paused,
};

const isProblem = (status: CameraStatus): status is Problem => status in PROBLEMS;

function CameraPicker({ devices, value, onChange }: { devices: CameraDevice[]; value: string; onChange: (deviceId: string) => void }) {
  const id = useId();
  return (
    <div className={styles.picker}>
      <label htmlFor={id}>{TEXTS.camera}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{TEXTS.defaultCamera}</option>
        {devices.map((device, i) => (
          <option key={device.deviceId} value={device.deviceId}>
            {device.label || TEXTS.cameraN(i + 1)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The door's camera scanner, for a phone held in one hand: the rear camera by default (another can be
 * picked, and is remembered on the phone), a viewfinder, and continuous scanning that reports each code
 * once per appearance and never stops on a bad one. The camera is off while paused or while the page
 * is hidden. Each camera problem says what to do, with a Try again button.
 */
export function Scanner({ onCode, paused = false }: ScannerProps) {
  const visible = useDocumentVisible();
  const [deviceId, setDeviceId] = useState(readCameraChoice);
  const [attempt, setAttempt] = useState(0);
  const videoRef = useRef<HTMLVideoElement>(null);
  const choose = useCallback((next: string) => {
    writeCameraChoice(next);
    setDeviceId(next);
  }, []);
  const forgetChoice = useCallback(() => choose(''), [choose]);
  const { status, devices } = useCamera(videoRef, { active: !paused && visible, deviceId, attempt, onChoiceGone: forgetChoice });
  useDecodeLoop(videoRef, status === 'scanning', onCode);
  const problem = isProblem(status) ? PROBLEMS[status] : null;

  return (
    <ScannerFrame videoRef={videoRef} problem={problem} line={STATUS_LINES[status as keyof typeof STATUS_LINES]}>
      {problem?.retry && (
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          {TEXTS.retry}
        </Button>
      )}
      {devices.length > 1 && <CameraPicker devices={devices} value={deviceId} onChange={choose} />}
    </ScannerFrame>
  );
}
