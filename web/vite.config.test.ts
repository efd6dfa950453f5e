import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { Plugin, UserConfigFnObject } from 'vite';
import { describe, expect, it } from 'vitest';
import { BRAND_COLOUR } from './src/lib/owner-app-manifest.js';
import { routes } from './src/lib/paths.js';
import config from './vite.config.js';

/** The files a plugin writes into the browser's build (its generateBundle's emitFile calls). */
function builtFiles(pluginName: string): Map<string, string | Uint8Array> {
  const plugins = ((config as UserConfigFnObject)({ command: 'build', mode: 'production', isSsrBuild: false }).plugins ?? []).flat() as Plugin[];
  const plugin = plugins.find((candidate) => candidate?.name === pluginName);
  if (!plugin) throw new Error(`the build has no ${pluginName}`);
  const files = new Map<string, string | Uint8Array>();
  const emitFile = (file: { fileName: string; source: string | Uint8Array }) => void files.set(file.fileName, file.source);
  (plugin.generateBundle as unknown as (this: { emitFile: typeof emitFile }) => void).call({ emitFile });
  return files;
}

/** A PNG's size and RGBA pixels (8-bit RGBA, one IDAT, rows behind filter byte 0, as the icons in public/ are written). */
function readPng(bytes: Uint8Array): { width: number; height: number; pixel: (x: number, y: number) => number[] } {
  const data = Buffer.from(bytes);
  expect([...data.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  expect(data.toString('ascii', 12, 16)).toBe('IHDR');
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  const idat = data.indexOf('IDAT', 0, 'ascii');
  const rows = inflateSync(data.subarray(idat + 4, idat + 4 + data.readUInt32BE(idat - 4)));
  const pixel = (x: number, y: number) => [...rows.subarray(y * (width * 4 + 1) + 1 + x * 4, y * (width * 4 + 1) + 1 + x * 4 + 4)];
  return { width, height, pixel };
}

/** A file the build copies from public/ as it is, by its path on the site. */
const publicFile = (src: string) => readFileSync(join(import.meta.dirname, 'public', src.slice(1)));

const BRAND = [1, 3, 5].map((i) => Number.parseInt(BRAND_COLOUR.slice(i, i + 2), 16));

/**
 * An icon drawn from the brand mark (public/favicon.svg): the brand square, the white T's bar across
 * the middle, and the corners: cut round on a plain icon, filled to the edge on a maskable one (the
 * launcher cuts its own shape).
 */
function expectBrandIcon(icon: { src: string; sizes: string; type: string; purpose?: string }): void {
  const png = readPng(publicFile(icon.src));
  const side = Number.parseInt(icon.sizes, 10);
  expect([png.width, png.height, icon.type]).toEqual([side, side, 'image/png']);
  expect(png.pixel(side / 8, side / 2)).toEqual([...BRAND, 255]);
  expect(png.pixel(side / 2, Math.round((side * 25) / 64))).toEqual([255, 255, 255, 255]);
  expect(png.pixel(0, 0)).toEqual(icon.purpose === 'maskable' ? [...BRAND, 255] : [...BRAND, 0]);
}

interface Manifest {
  id: string;
  start_url: string;
  scope: string;
  name: string;
  short_name: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe("the owner's installable app in the build", () => {
  const files = builtFiles('tapcard:owner-app-manifest');
  const manifest = JSON.parse(String(files.get('app.webmanifest'))) as Manifest;

  it("starts on the dashboard, and its scope holds the owner's pages", () => {
    expect(manifest).toMatchObject({ id: routes.dashboard, start_url: routes.dashboard, display: 'standalone', name: 'TapCard', short_name: 'TapCard' });
    for (const page of [routes.dashboard, routes.connect, routes.contacts, routes.settings, routes.sessions, routes.events]) {
      expect(new URL(page, 'https://tapcard.example').pathname.startsWith(manifest.scope)).toBe(true);
    }
  });

  it("has the pages' theme colour", () => {
    const html = readFileSync(join(import.meta.dirname, 'index.html'), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
  });

  it('has PNG icons of 192 and 512 pixels, plain and maskable, drawn from the brand mark', () => {
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);
    for (const icon of manifest.icons) expectBrandIcon(icon);
  });
});

describe("the door's installable app in the build", () => {
  const files = builtFiles('tapcard:door-manifest');
  const manifest = JSON.parse(String(files.get('door.webmanifest'))) as Manifest;

  it('opens on the door pages, with PNG icons of 192 and 512 pixels drawn from the brand mark', () => {
    expect(manifest).toMatchObject({ id: routes.door, start_url: routes.door, scope: routes.door, display: 'standalone', theme_color: BRAND_COLOUR });
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map(({ sizes }) => sizes)).toEqual(['192x192', '512x512']);
    for (const icon of pngs) expectBrandIcon(icon);
    expect(manifest.icons).toContainEqual({ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' });
  });
});
