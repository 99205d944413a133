import path from 'node:path';

/**
 * Where a run of the browser flows keeps its databases (E2E_DATA_DIR): the seeded template the
 * global set-up makes once, and each flow server's copy of it.
 */
export const DATA_ROOT = path.resolve(process.env.E2E_DATA_DIR || 'test-results/e2e-data');
export const TEMPLATE_DIR = path.join(DATA_ROOT, 'template');
