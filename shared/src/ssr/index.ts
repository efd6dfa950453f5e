/**
 * The server render's interface between the web build (dist-ssr/entry-server.js exports
 * `createRenderer`) and the gateway, which loads that file at start.
 */
export interface RendererOptions {
  /** The client build folder (index.html and .vite/manifest.json). */
  webDist: string;
  /** The upstream's address: what the browser reaches at '/api' through the gateway. */
  apiBase: string;
}

/** Renders a URL's page into the built index.html, or answers null when the URL is left to the browser. */
export type Render = (url: URL, signal: AbortSignal) => Promise<string | null>;

export type CreateRenderer = (options: RendererOptions) => Render;
