/** Where the door pages find their service worker and web manifest (set by web/vite.config.ts). */
declare const __DOOR_PWA__: { readonly scope: string; readonly worker: string; readonly manifest: string };
/** Where the attendee's pages (token, ticket, arena) find their service worker (set by web/vite.config.ts). */
declare const __EVENT_PWA__: { readonly scope: string; readonly worker: string };
