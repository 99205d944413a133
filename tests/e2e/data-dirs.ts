import path from 'node:path';

/**
 * Where a run of the browser flows keeps its databases (E2E_DATA_DIR): the seeded template and the
 * empty church the global set-up makes once, and each flow server's copy of one of them.
 */
export const DATA_ROOT = path.resolve(process.env.E2E_DATA_DIR || 'test-results/e2e-data');
export const TEMPLATE_DIR = path.join(DATA_ROOT, 'template');
/** A church started without the demo: the data directory `npm run create-admin` made from nothing. */
export const EMPTY_CHURCH_DIR = path.join(DATA_ROOT, 'empty-church');
/** The first admin create-admin made there, with the temporary password it printed. */
export const EMPTY_CHURCH_ADMIN_FILE = path.join(DATA_ROOT, 'empty-church-admin.json');
