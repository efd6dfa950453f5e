/**
 * The app's Content-Security-Policy forbids eval (`script-src 'self'`, gateway/src/plugins/security.ts).
 * Zod compiles object parsers with `new Function` where it may, and finds out by trying it once, when
 * the first object schema is built: under this policy that try is refused, and the browser raises a
 * CSP violation on every page. Zod's interpreted parsers are all a page's few answers and forms need.
 *
 * Zod reads its settings from `globalThis.__zod_globalConfig` as its schemas are built, and the
 * contract's schemas are built as their chunk loads, before any code of the app's entry would run.
 * So this module imports nothing, is the entry's first import, and is bundled into the `shell` chunk
 * (vite.config.ts), which the entry loads before the contract's.
 */
const zodSettings = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true };
