import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // Brotli (quality 11) and gzip copies of every text asset, written once at build time: the gateway
  // serves them as they are (@fastify/static preCompressed) instead of compressing on every request.
  plugins: [react(), compression({ threshold: 1024, exclude: [/\.vite\//], logLevel: 'silent' })],
  // `source` resolves @tapcard/shared to its TypeScript sources: no build of shared is needed.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/socket.io': { target: gateway, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The budget check (issue 8) reads the manifest to find each route group's chunks.
    manifest: true,
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    // jsdom renders are slow on a loaded 2-core machine; some tests wait up to 10 s for a lazy page.
    testTimeout: 15_000,
    setupFiles: ['./src/test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
