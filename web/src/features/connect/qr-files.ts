import { slugify } from '@tapcard/shared/domain';

/** The downloaded PNG's least side, in pixels (print size at 300 dpi: about 8.7 cm). */
export const QR_PNG_MIN_SIZE = 1024;

/** `<the owner's name>-qr.png`: the name in lowercase ASCII with hyphens ('card' when none is left). */
export function qrFileName(ownerName: string, extension: 'png' | 'svg'): string {
  return `${slugify(ownerName) || 'card'}-qr.${extension}`;
}

/** The QR code's side in modules, quiet zone included (the rendered SVG's viewBox). */
function moduleCount(svg: SVGSVGElement): number {
  const side = Number(svg.getAttribute('viewBox')?.split(/\s+/)[2]);
  if (!Number.isInteger(side) || side <= 0) throw new Error('the QR code has no viewBox');
  return side;
}

/** The rendered QR code (qrcode.react's SVG) as a standalone SVG file, `QR_PNG_MIN_SIZE` pixels a side. */
export function qrSvgFile(svg: SVGSVGElement): Blob {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.removeAttribute('class');
  copy.removeAttribute('style');
  copy.setAttribute('width', String(QR_PNG_MIN_SIZE));
  copy.setAttribute('height', String(QR_PNG_MIN_SIZE));
  // The serializer declares the SVG namespace on the root, as a standalone file needs.
  const markup = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
  return new Blob([markup], { type: 'image/svg+xml' });
}

/**
 * The rendered QR code drawn as a PNG at least `QR_PNG_MIN_SIZE` pixels a side, a whole number of
 * pixels a module so every edge stays sharp. The SVG's paths (background square, then the dark
 * modules) are drawn as they are, quiet zone included.
 */
export function qrPngFile(svg: SVGSVGElement): Promise<Blob> {
  const modules = moduleCount(svg);
  const scale = Math.ceil(QR_PNG_MIN_SIZE / modules);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = modules * scale;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('this browser cannot draw images'));
  context.imageSmoothingEnabled = false;
  context.scale(scale, scale);
  for (const path of svg.querySelectorAll('path')) {
    context.fillStyle = path.getAttribute('fill') ?? '#000000';
    context.fill(new Path2D(path.getAttribute('d') ?? ''));
  }
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png'));
}
