import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { ShuffledWithinProjects } from './src/test-sequencer.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The tests that replace a module with `vi.mock`: a mock applies only to a module graph of the
 * file's own, so these keep theirs (found by reading the files, so a new one never has to be listed).
 */
function testsThatMock(): string[] {
  return readdirSync(r('./src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `src/${file}`)
    .filter((file) => /\bvi\.(?:mock|doMock)\(/.test(readFileSync(r(`./${file}`), 'utf8')));
}

const mocking = testsThatMock();

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@shared': r('./src/shared'), '@server': r('./src/server'), '@web': r('./src/web') },
  },
  test: {
    globals: true,
    environment: 'node',
    setupFiles: ['./src/test-setup.ts'],
    globalSetup: ['./src/test-global-setup.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    // Every run in a random order (the seed is printed; repeat one with --sequence.seed=<n>), so a
    // test that leans on another's rows or module state shows up instead of passing by luck: the
    // tests within each file, and the files within each project (src/test-sequencer.ts).
    sequence: { shuffle: true, sequencer: ShuffledWithinProjects },
    pool: 'forks',
    maxWorkers: 2,
    // Files share their worker's modules instead of importing the app again for each one, which
    // was a third of the run. Each file still opens its own database and app
    // (src/server/test/harness.ts) and renders into a document of its own (src/test-setup.ts).
    projects: [
      { extends: true, test: { name: 'node', include: ['src/**/*.test.ts'], exclude: mocking, isolate: false } },
      { extends: true, test: { name: 'components', include: ['src/**/*.test.tsx'], exclude: mocking, isolate: false } },
      { extends: true, test: { name: 'mocking', include: mocking } },
    ],
  },
});
