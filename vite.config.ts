import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './src/build/precompress';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('./src/web'),
  // precompress: brotli and gzip copies of every text file, which the server sends as they are.
  plugins: [react(), tailwindcss(), precompress()],
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
    // Fewer, larger shared chunks (decision 0043): left to itself the build split libraries into
    // dozens of 1-2 kB files (a single icon, a piece of date-fns or TanStack Query), and a screen
    // waited for 35-47 of them over HTTP/1.1's six connections. React with React Router is the
    // first page's own chunk; TanStack Query, the icons and date-fns come as one chunk each.
    rolldownOptions: {
      // A feature's modules declare components, hooks and queries, and the shared modules rules,
      // messages and schemas: none does anything when loaded, so a screen that imports one thing
      // from a feature's public entry (its index.ts) or a shared module takes that thing and what it
      // uses, not every schema or module the file names.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]src[\\/](web[\\/]features|shared)[\\/].*\.tsx?$/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 1 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            { name: 'dates', test: /node_modules[\\/](date-fns|@date-fns)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
