import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import QrCode from './QrCode.js';
import type { QrDrawing } from './QrDrawn.js';

const VIEW_BOX = / viewBox="0 0 (\d+) \d+"/;
const DARK_PATH = /<path fill="#000000" d="([^"]+)"/;

/**
 * The drawing of the QR code of `value`, for the server render only (it renders QrCode.tsx to read
 * the SVG it draws, so the phone shows the same code without computing it).
 */
export function drawQr(value: string): QrDrawing {
  const svg = renderToStaticMarkup(createElement(QrCode, { value, label: '' }));
  const modules = VIEW_BOX.exec(svg)?.[1];
  const path = DARK_PATH.exec(svg)?.[1];
  if (!modules || !path) throw new Error('the QR component drew an SVG this reader does not know');
  return { value, modules: Number(modules), path };
}
