import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator } from 'playwright-core';

/** jsQR's browser build (a UMD script that defines window.jsQR), read once. */
let jsQrSource: string | null = null;
function jsQrScript(): string {
  jsQrSource ??= readFileSync(createRequire(import.meta.url).resolve('jsqr'), 'utf8');
  return jsQrSource;
}

/** How long a read is tried again before it says nothing readable is there. */
const READ_FOR_MS = 10_000;

/**
 * Reads the QR code an <svg> (or <canvas> / <img>) element shows, inside the page: it is drawn on a
 * canvas at 3x with a white margin and decoded with jsQR. A read that finds nothing is tried again for
 * a while, so an element the page draws anew meanwhile (a server-rendered page's QR, replaced when
 * the page's live code takes it over) is read where it is now. Null when nothing readable is there.
 */
export async function readQrCode(element: Locator): Promise<string | null> {
  const until = Date.now() + READ_FOR_MS;
  for (;;) {
    const value = await readOnce(element);
    if (value !== null || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function readOnce(element: Locator): Promise<string | null> {
  const page = element.page();
  // Evaluated rather than added as a <script>: the product's CSP rightly refuses inline scripts.
  if (!(await page.evaluate(() => 'jsQR' in window))) await page.evaluate(jsQrScript());
  return element.evaluate(async (node: Element) => {
    type Decoder = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
    const decode = (window as unknown as { jsQR: Decoder }).jsQR;
    const scale = 3;
    const margin = 24;
    const box = node.getBoundingClientRect();
    const width = Math.ceil(box.width * scale) + margin * 2;
    const height = Math.ceil(box.height * scale) + margin * 2;
    let source: CanvasImageSource;
    if (node instanceof SVGSVGElement) {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(node))}`;
      await image.decode();
      source = image;
    } else {
      source = node as HTMLCanvasElement | HTMLImageElement;
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(source, margin, margin, width - margin * 2, height - margin * 2);
    return decode(ctx.getImageData(0, 0, width, height).data, width, height)?.data ?? null;
  });
}
