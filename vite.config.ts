import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('./src/web'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@shared': r('./src/shared'), '@web': r('./src/web') },
  },
  // The manifest maps source modules to chunks: src/bench/bundle-sizes.ts measures the first page
  // and every route's chunk from it (npm run check:bundle).
  build: {
    outDir: r('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Every browser of Vite's default target supports <link rel="modulepreload">; the polyfill
    // would only add to the first page (decision 0030).
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
