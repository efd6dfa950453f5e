import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  // Brotli (quality 11) and gzip copies of every text asset, written once at build time: the gateway
  // serves them as they are (@fastify/static preCompressed) instead of compressing on every request.
  // The server render's build (`vite build --ssr`, into dist-ssr) is never sent to a browser.
  plugins: [react(), ...(isSsrBuild ? [] : [compression({ threshold: 1024, exclude: [/\.vite\//], logLevel: 'silent' })])],
  // `source` resolves @tapcard/shared to its TypeScript sources: no build of shared is needed.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  // The server build bundles shared from its sources too; other packages stay in node_modules.
  ssr: { noExternal: ['@tapcard/shared'], resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/socket.io': { target: gateway, ws: true },
    },
  },
  build: {
    target: 'es2022',
    // Hidden maps: written for the speed-budget check (tests/budget), with no sourceMappingURL comment in
    // the scripts; the gateway never serves them.
    sourcemap: 'hidden',
    // The budget check (tests/budget) and the server render read the manifest to find a route's chunks.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    // jsdom renders are slow on a loaded 2-core machine; some tests wait up to 10 s for a lazy page.
    testTimeout: 15_000,
    setupFiles: ['./src/test/setup.ts'],
    // After-each hooks run in the order they were registered, so the setup file's unmount comes before a
    // test file's own clean-up (which removes its fetch stub): a page still open cannot reach the real
    // fetch in between and leave a network-error toast for the next test.
    sequence: { hooks: 'list' },
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
}));
