import fs from 'node:fs';
import { EMPTY_CHURCH_ADMIN_FILE, EMPTY_CHURCH_DIR } from './data-dirs';
import { runNodeScript } from './node-script';

const FIRST_ADMIN_EMAIL = 'first-admin@church.example';

export interface FirstAdmin {
  email: string;
  password: string;
}

/**
 * A church as a real one starts (guide/administration.md): an empty data directory where
 * `npm run create-admin` makes the embedded database and the first admin, whatever database the
 * run's other servers use. global-setup.ts makes it once, beside the demo church; each flow on a
 * church without the demo starts its server on a copy (fixtures.ts), so every such flow still begins
 * with nothing but that admin and its temporary password.
 */
export async function makeEmptyChurch(): Promise<void> {
  fs.rmSync(EMPTY_CHURCH_DIR, { recursive: true, force: true });
  fs.rmSync(EMPTY_CHURCH_ADMIN_FILE, { force: true });
  fs.mkdirSync(EMPTY_CHURCH_DIR, { recursive: true });
  const output = await runNodeScript(['src/server/cli/create-admin.ts', '--email', FIRST_ADMIN_EMAIL, '--name', 'First Admin'], {
    DATA_DIR: EMPTY_CHURCH_DIR,
    DATABASE_URL: '',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
  });
  const password = /Temporary password: (\S+)/.exec(output)?.[1];
  if (!password) throw new Error(`create-admin printed no password:\n${output}`);
  fs.writeFileSync(EMPTY_CHURCH_ADMIN_FILE, JSON.stringify({ email: FIRST_ADMIN_EMAIL, password } satisfies FirstAdmin));
}

/** The first admin of the empty church global-setup.ts made. */
export const emptyChurchAdmin = (): FirstAdmin => JSON.parse(fs.readFileSync(EMPTY_CHURCH_ADMIN_FILE, 'utf8')) as FirstAdmin;
