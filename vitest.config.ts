import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@shared': r('./src/shared'), '@server': r('./src/server'), '@web': r('./src/web') },
  },
  test: {
    globals: true,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['./src/test-setup.ts'],
    globalSetup: ['./src/test-global-setup.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    // Every run in a random order (the seed is printed; repeat one with --sequence.seed=<n>), so a
    // test that leans on another's rows or module state shows up instead of passing by luck.
    sequence: { shuffle: true },
    pool: 'forks',
    maxWorkers: 2,
  },
});
