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
  build: { outDir: r('./dist/web'), emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
