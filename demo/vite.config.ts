/**
 * Vite config of the RecallKit playground: `vite demo` serves it, `vite build demo` writes a
 * static site to `demo/dist`. The playground imports the package entries (`recallkit`,
 * `recallkit/strategies`, …), which the root tsconfig's "paths" map to `../src` here.
 * @module
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  // Relative asset URLs: the built site works from any sub-path (GitHub Pages, a file server).
  base: './',
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The tiktoken ranks and WebLLM are large lazy chunks, loaded only when used; don't warn about them.
    chunkSizeWarningLimit: 8192,
    // Quiet: the slow step is Vite bundling the worker, reported on every build otherwise.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  // Module workers, so the engine's worker can lazy-load tiktoken's WASM and ranks as chunks.
  worker: { format: 'es' },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
