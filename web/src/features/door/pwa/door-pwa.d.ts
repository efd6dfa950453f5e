/** Where the door pages find their service worker and web manifest (set by web/vite.config.ts). */
declare const __DOOR_PWA__: { readonly scope: string; readonly worker: string; readonly manifest: string };
