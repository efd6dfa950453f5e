/**
 * The owner's installable app ("Add to home screen"): the signed-in pages (dashboard, connect,
 * contacts, settings, the organiser's events) as one app that opens on the dashboard. web/vite.config.ts
 * writes this manifest into the build; its icons are web/public/app-icon-*.png (the brand mark at each
 * size, filled to the edge when maskable); lib/useOwnerAppManifest.ts links it while a signed-in page
 * is open. This module imports nothing: the build config reads it before the workspace is built.
 *
 * The owner's pages share no path prefix, so the scope is the whole site. The door keeps its own app:
 * its manifest (scope /door) is linked only on the door pages, and a page links one manifest at a time.
 */

/** The app's brand colour (index.html's theme-color, public/favicon.svg) and page background (styles/global.css). */
export const BRAND_COLOUR = '#0b6e5a';
export const PAGE_BACKGROUND = '#f6f8f7';

export const OWNER_APP_MANIFEST_PATH = '/app.webmanifest';

export const OWNER_APP_MANIFEST = {
  name: 'TapCard',
  short_name: 'TapCard',
  description: 'Your card, contacts and events.',
  // The dashboard's path (routes.dashboard in paths.ts, checked by this module's test).
  id: '/dashboard',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  theme_color: BRAND_COLOUR,
  background_color: PAGE_BACKGROUND,
  icons: [
    { src: '/app-icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/app-icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/app-icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/app-icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} as const;
