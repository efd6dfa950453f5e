import type { Locator } from 'playwright-core';

/**
 * The size of an image's original, its src: the browser may show a smaller copy from its srcset
 * (an upload's WebP copies).
 */
export function originalSize(img: Locator): Promise<number[]> {
  return img.evaluate(async (node: HTMLImageElement) => {
    const original = new Image();
    original.src = node.src;
    await original.decode();
    return [original.naturalWidth, original.naturalHeight];
  });
}
