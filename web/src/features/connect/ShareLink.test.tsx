import { screen, waitFor, within } from '@testing-library/react';
import jsQR from 'jsqr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../test/browser.js';
import { renderRoutes } from '../../test/render.js';
import { QR_PNG_MIN_SIZE } from './qr-files.js';
import { ShareLink } from './ShareLink.js';

const LINK = 'ada-lovelace-1a2b';
const CLEAN_URL = `${window.location.origin}/card/connect?link=${LINK}`;
const QR_URL = `${CLEAN_URL}&src=qr`;
const SVG_NS = 'http://www.w3.org/2000/svg';

const renderShareLink = () => renderRoutes([{ path: '/connect', element: <ShareLink link={LINK} name="Ada Lovelace" /> }], '/connect');

/** Reads a QR code drawn as qrcode.react's SVG (one path of dark modules, one unit a module) with jsQR. */
function readQr(svg: Element): { text: string | null; modules: number; dark: boolean[][] } {
  const modules = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const dark = Array.from({ length: modules }, () => Array<boolean>(modules).fill(false));
  const path = [...svg.querySelectorAll('path')].find((p) => p.getAttribute('fill') === '#000000');
  for (const [, x, y, width] of (path?.getAttribute('d') ?? '').matchAll(/M(\d+)[ ,](\d+) ?h(\d+)v1H\d+z/g)) {
    for (let i = 0; i < Number(width); i++) dark[Number(y)]![Number(x) + i] = true;
  }
  const scale = 4;
  const side = modules * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let py = 0; py < side; py++) {
    for (let px = 0; px < side; px++) {
      if (dark[Math.floor(py / scale)]![Math.floor(px / scale)]) pixels.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3);
    }
  }
  return { text: jsQR(pixels, side, side)?.data ?? null, modules, dark };
}

/**
 * jsdom draws nothing: a 2D context that records what is drawn, and a PNG blob per canvas (its first
 * bytes the PNG signature), stubbed at the browser's own API.
 */
function stubCanvas() {
  const drawn: { size: number; scale: number; paths: string[] } = { size: 0, scale: 0, paths: [] };
  vi.stubGlobal('Path2D', class { constructor(readonly d: string) {} });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    drawn.size = this.width;
    return {
      scale: (x: number) => void (drawn.scale = x),
      fill: (path: { d: string }) => void drawn.paths.push(path.d),
      fillStyle: '',
      imageSmoothingEnabled: true,
    } as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) => {
    callback(new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], { type: type ?? 'image/png' }));
  });
  return drawn;
}

function stubShare(canShareFiles: boolean, share = vi.fn(async (_data: ShareData) => undefined)) {
  Object.defineProperty(navigator, 'share', { configurable: true, value: share });
  Object.defineProperty(navigator, 'canShare', { configurable: true, value: (data: ShareData) => !data.files || canShareFiles });
  return share;
}

beforeEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'canShare');
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'canShare');
  vi.restoreAllMocks();
});

async function openQr(user: ReturnType<typeof renderShareLink>['user']) {
  await user.click(screen.getByRole('button', { name: 'QR code' }));
  return screen.findByRole('dialog', { name: "Your card's QR code" });
}

describe("the owner's QR code", () => {
  it('opens the card with the view counted as a QR scan, inside a quiet zone', async () => {
    stubCanvas();
    const { user } = renderShareLink();
    // The link shown and copied stays the plain one.
    expect(screen.getByRole('link', { name: CLEAN_URL })).toHaveAttribute('href', CLEAN_URL);
    const dialog = await openQr(user);
    const qr = readQr(within(dialog).getByRole('img', { name: `QR code of ${QR_URL}` }));
    expect(qr.text).toBe(QR_URL);
    // Four light modules on every side.
    for (const row of [...qr.dark.slice(0, 4), ...qr.dark.slice(-4)]) expect(row.every((dark) => !dark)).toBe(true);
    for (const row of qr.dark) expect([...row.slice(0, 4), ...row.slice(-4)].every((dark) => !dark)).toBe(true);
  });

  it('downloads a standalone SVG file named after the owner, holding the same code', async () => {
    stubCanvas();
    const saved = captureDownloads();
    const { user } = renderShareLink();
    const dialog = await openQr(user);
    await user.click(within(dialog).getByRole('button', { name: 'Download SVG' }));
    expect(saved.map(({ name, type }) => ({ name, type }))).toEqual([{ name: 'ada-lovelace-qr.svg', type: 'image/svg+xml' }]);
    const text = await saved[0]!.text();
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const file = new DOMParser().parseFromString(text, 'image/svg+xml');
    expect(file.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(file.documentElement.namespaceURI).toBe(SVG_NS);
    expect(file.documentElement.getAttribute('width')).toBe(String(QR_PNG_MIN_SIZE));
    expect(readQr(file.documentElement).text).toBe(QR_URL);
  });

  it('downloads a PNG named after the owner, at least 1024 pixels a side with whole pixels per module', async () => {
    const drawn = stubCanvas();
    const saved = captureDownloads();
    const { user } = renderShareLink();
    const dialog = await openQr(user);
    const svg = within(dialog).getByRole('img', { name: `QR code of ${QR_URL}` });
    await user.click(within(dialog).getByRole('button', { name: 'Download PNG' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: 'ada-lovelace-qr.png', type: 'image/png' });
    expect([...(await saved[0]!.bytes()).slice(0, 4)]).toEqual([137, 80, 78, 71]);
    const modules = readQr(svg).modules;
    expect(drawn.size).toBeGreaterThanOrEqual(QR_PNG_MIN_SIZE);
    expect(drawn.size).toBe(modules * drawn.scale);
    // The light square (quiet zone included), then the dark modules of the code shown.
    expect(drawn.paths).toEqual([...svg.querySelectorAll('path')].map((path) => path.getAttribute('d')));
  });

  it("shares the PNG and the link through the share sheet where the device shares files", async () => {
    stubCanvas();
    const share = stubShare(true);
    const { user } = renderShareLink();
    const dialog = await openQr(user);
    // The image is ready once the code shows.
    await waitFor(async () => {
      await user.click(within(dialog).getByRole('button', { name: 'Share' }));
      expect(share.mock.calls.at(-1)?.[0].files).toHaveLength(1);
    });
    const data = share.mock.calls.at(-1)![0];
    expect(data).toMatchObject({ title: 'Ada Lovelace', text: QR_URL });
    expect(data.files![0]).toMatchObject({ name: 'ada-lovelace-qr.png', type: 'image/png' });
  });

  it('shares the link alone where the device cannot share files', async () => {
    stubCanvas();
    const share = stubShare(false);
    const { user } = renderShareLink();
    const dialog = await openQr(user);
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Ada Lovelace', url: QR_URL });
  });

  it('offers no Share where the device has no share sheet', async () => {
    stubCanvas();
    const { user } = renderShareLink();
    const dialog = await openQr(user);
    expect(within(dialog).getByRole('button', { name: 'Download PNG' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('says nothing when the share sheet is closed, and says so when sharing fails', async () => {
    stubCanvas();
    const share = stubShare(false, vi.fn(async () => Promise.reject(new DOMException('Share canceled', 'AbortError'))));
    const { user } = renderShareLink();
    const dialog = await openQr(user);
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledTimes(1);
    share.mockImplementation(async () => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Unable to share')).toBeInTheDocument();
    // One toast only: the closed sheet before it showed none.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});

describe("the owner's card link", () => {
  it('copies the plain link', async () => {
    const { user } = renderShareLink();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(CLEAN_URL);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('shares the plain link, and says nothing when the share sheet is closed', async () => {
    const share = stubShare(true, vi.fn(async () => Promise.reject(new DOMException('Share canceled', 'AbortError'))));
    const { user } = renderShareLink();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Ada Lovelace', url: CLEAN_URL });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
