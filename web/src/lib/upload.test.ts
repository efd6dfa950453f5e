import { afterEach, describe, expect, it, vi } from 'vitest';
import { centredSquare, cropToArea } from './upload.js';

/** A decoded image of the given size, and a canvas whose drawing and encoding are recorded (jsdom has neither). */
function stubCanvas(width: number, height: number) {
  const drawn: number[][] = [];
  vi.stubGlobal('createImageBitmap', async () => ({ width, height, close: () => undefined }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ drawImage: (...args: unknown[]) => drawn.push(args.slice(1) as number[]), imageSmoothingQuality: 'low' }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, callback: BlobCallback, type?: string) {
    callback(new Blob([`${this.width}x${this.height}`], { type }));
  });
  return drawn;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the square crop', () => {
  const photo = new File(['raw'], 'me.jpg', { type: 'image/jpeg' });

  it('draws the square the owner chose, scaled down to the largest side', async () => {
    const drawn = stubCanvas(2000, 1000);
    const square = await cropToArea(photo, { x: 900, y: 100, width: 800, height: 800 }, 640);
    expect(drawn).toEqual([[900, 100, 800, 800, 0, 0, 640, 640]]);
    expect(square.name).toBe('me.jpg');
    expect(square.type).toBe('image/jpeg');
    expect(await square.text()).toBe('640x640');
  });

  it('keeps a chosen area square and inside the image', async () => {
    const drawn = stubCanvas(1000, 600);
    await cropToArea(photo, { x: 700.4, y: -3, width: 600, height: 601 }, 640);
    expect(drawn).toEqual([[400, 0, 600, 600, 0, 0, 600, 600]]);
  });

  it('takes the centred square without an area, and leaves a GIF as it is', async () => {
    const drawn = stubCanvas(1000, 600);
    await cropToArea(photo, null, 640);
    expect(drawn).toEqual([[200, 0, 600, 600, 0, 0, 600, 600]]);
    const gif = new File(['gif'], 'a.gif', { type: 'image/gif' });
    expect(await cropToArea(gif, { x: 0, y: 0, width: 10, height: 10 }, 640)).toBe(gif);
    expect(centredSquare(600, 1000)).toEqual({ side: 600, x: 0, y: 200 });
  });
});
