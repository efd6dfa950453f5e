import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scanner } from './Scanner.js';

/** A stand-in for the phone's cameras (the browser's media devices are an outside system). */
class FakeCameras {
  readonly tracks: { deviceId: string; stop: ReturnType<typeof vi.fn> }[] = [];
  readonly requests: MediaStreamConstraints[] = [];
  failWith: string | null = null;
  devices = [
    { kind: 'videoinput', deviceId: 'front-id', label: 'Front camera', groupId: 'g1' },
    { kind: 'audioinput', deviceId: 'mic-id', label: 'Microphone', groupId: 'g1' },
    { kind: 'videoinput', deviceId: 'back-id', label: 'Back camera', groupId: 'g2' },
  ];

  readonly mediaDevices = {
    getUserMedia: (constraints: MediaStreamConstraints) => {
      this.requests.push(constraints);
      if (this.failWith) return Promise.reject(new DOMException('refused', this.failWith));
      const video = constraints.video as MediaTrackConstraints;
      const exact = (video.deviceId as ConstrainDOMStringParameters | undefined)?.exact;
      const track = { deviceId: typeof exact === 'string' ? exact : 'back-id', kind: 'video', stop: vi.fn(), addEventListener: () => undefined };
      this.tracks.push(track);
      return Promise.resolve({ getTracks: () => [track], getVideoTracks: () => [track] });
    },
    enumerateDevices: () => Promise.resolve(this.devices),
  };

  /** The tracks not stopped: the camera light is on while any is. */
  live() {
    return this.tracks.filter((t) => t.stop.mock.calls.length === 0);
  }
}

let cameras: FakeCameras;

beforeEach(() => {
  cameras = new FakeCameras();
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: cameras.mediaDevices });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.restoreAllMocks();
});

const SCANNING = 'Scanning: hold a ticket’s QR code inside the frame.';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

describe('camera scanner', () => {
  it('asks for the rear camera and shows it in a named video with a viewfinder', async () => {
    render(<Scanner onCode={() => undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('Starting the camera');
    expect(await screen.findByText(SCANNING)).toBeInTheDocument();
    expect(cameras.requests[0]!.video).toMatchObject({ facingMode: { ideal: 'environment' } });
    const video = screen.getByLabelText('Camera view: hold a ticket’s QR code inside the frame');
    expect(video).toHaveProperty('muted', true);
    expect(video).toHaveAttribute('playsinline');
    expect(cameras.live()).toHaveLength(1);
  });

  it('says how to allow a blocked camera, and starts it on Try again once allowed', async () => {
    cameras.failWith = 'NotAllowedError';
    const user = userEvent.setup();
    render(<Scanner onCode={() => undefined} />);
    expect(await screen.findByText('The camera is blocked')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Allow it in the browser');

    cameras.failWith = null;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(SCANNING)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it.each([
    ['NotFoundError', 'No camera found'],
    ['NotReadableError', 'The camera is in use'],
    ['TypeError', 'The camera could not start'],
  ])('names the problem when the camera fails with %s', async (error, title) => {
    cameras.failWith = error;
    render(<Scanner onCode={() => undefined} />);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says so when the browser has no camera access at all', async () => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
    render(<Scanner onCode={() => undefined} />);
    expect(await screen.findByText('The camera is not available here')).toBeInTheDocument();
  });

  it('lists the cameras once allowed, switches to the one picked and remembers it', async () => {
    const user = userEvent.setup();
    const first = render(<Scanner onCode={() => undefined} />);
    const picker = await screen.findByRole('combobox', { name: 'Camera' });
    expect([...(picker as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Rear camera (default)', 'Front camera', 'Back camera']);

    await user.selectOptions(picker, 'Front camera');
    await waitFor(() => expect(cameras.live().map((t) => t.deviceId)).toEqual(['front-id']));
    expect(cameras.requests.at(-1)!.video).toEqual({ deviceId: { exact: 'front-id' } });

    first.unmount();
    render(<Scanner onCode={() => undefined} />);
    expect(await screen.findByRole('combobox', { name: 'Camera' })).toHaveValue('front-id');
    expect(cameras.requests.at(-1)!.video).toEqual({ deviceId: { exact: 'front-id' } });
  });

  it('falls back to the rear camera when the remembered one is gone', async () => {
    localStorage.setItem('tapcard:doorCamera', 'unplugged-id');
    const real = cameras.mediaDevices.getUserMedia;
    cameras.mediaDevices.getUserMedia = (constraints) => {
      const video = constraints.video as MediaTrackConstraints;
      if ((video.deviceId as ConstrainDOMStringParameters | undefined)?.exact === 'unplugged-id') return Promise.reject(new DOMException('gone', 'OverconstrainedError'));
      return real(constraints);
    };
    render(<Scanner onCode={() => undefined} />);
    expect(await screen.findByText(SCANNING)).toBeInTheDocument();
    expect(cameras.live()).toHaveLength(1);
    expect(localStorage.getItem('tapcard:doorCamera')).toBeNull();
  });

  it('stops the camera when it goes away', async () => {
    const view = render(<Scanner onCode={() => undefined} />);
    await screen.findByText(SCANNING);
    view.unmount();
    expect(cameras.tracks).toHaveLength(1);
    expect(cameras.live()).toEqual([]);
  });

  it('stops the camera while paused and starts it again after', async () => {
    const view = render(<Scanner onCode={() => undefined} />);
    await screen.findByText(SCANNING);
    view.rerender(<Scanner onCode={() => undefined} paused />);
    expect(await screen.findByText('Scanner paused.')).toBeInTheDocument();
    expect(cameras.live()).toEqual([]);
    view.rerender(<Scanner onCode={() => undefined} />);
    expect(await screen.findByText(SCANNING)).toBeInTheDocument();
    expect(cameras.live()).toHaveLength(1);
  });

  it('stops the camera while the page is hidden and starts it again when shown', async () => {
    render(<Scanner onCode={() => undefined} />);
    await screen.findByText(SCANNING);
    try {
      setVisibility('hidden');
      await waitFor(() => expect(cameras.live()).toEqual([]));
      setVisibility('visible');
      expect(await screen.findByText(SCANNING)).toBeInTheDocument();
      expect(cameras.live()).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('stops a camera that opens only after the scanner has gone', async () => {
    let open: () => void = () => undefined;
    const real = cameras.mediaDevices.getUserMedia;
    cameras.mediaDevices.getUserMedia = (constraints) => new Promise((resolve) => (open = () => resolve(real(constraints))));
    const view = render(<Scanner onCode={() => undefined} />);
    view.unmount();
    await act(async () => open());
    await waitFor(() => {
      expect(cameras.tracks).toHaveLength(1);
      expect(cameras.live()).toEqual([]);
    });
  });
});

/** A stand-in for the browser's native QR detector, seeing whatever code is `inView`. */
class FakeDetector {
  static inView: string | null = null;
  static reads = 0;
  static getSupportedFormats = () => Promise.resolve(['qr_code', 'ean_13']);
  detect() {
    FakeDetector.reads++;
    return Promise.resolve(FakeDetector.inView ? [{ rawValue: FakeDetector.inView }] : []);
  }
}

describe('continuous scanning', () => {
  beforeEach(() => {
    FakeDetector.inView = null;
    FakeDetector.reads = 0;
    vi.stubGlobal('BarcodeDetector', FakeDetector);
    // jsdom plays no video: the camera's frames are there as far as the scanner can tell.
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
  });
  afterEach(() => vi.unstubAllGlobals());

  /** Waits until the scanner has read `frames` more frames. */
  const framesLater = (frames: number) => {
    const until = FakeDetector.reads + frames;
    return waitFor(() => expect(FakeDetector.reads).toBeGreaterThanOrEqual(until));
  };

  it('reports a code held in view once, a different code at once, and keeps reading frames', async () => {
    const onCode = vi.fn();
    render(<Scanner onCode={onCode} />);
    await screen.findByText(SCANNING);

    FakeDetector.inView = 'TC1.bad';
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('TC1.bad'));
    await framesLater(5);
    expect(onCode).toHaveBeenCalledTimes(1);

    FakeDetector.inView = 'TC1.k1.e.a.sig';
    await waitFor(() => expect(onCode).toHaveBeenLastCalledWith('TC1.k1.e.a.sig'));
    await framesLater(5);
    expect(onCode.mock.calls).toEqual([['TC1.bad'], ['TC1.k1.e.a.sig']]);
  });
});
