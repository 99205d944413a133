import '../platform/require-node';
import { loadConfig } from '../platform/config';
import { openContext } from '../platform/bootstrap';
import { isEmpty, seedDemo } from '../platform/db/seed-demo';

/** `npm run seed:demo`: seeds the demo church into an empty database (embedded or PostgreSQL). */
const config = loadConfig();
const { ctx, close } = await openContext(config);
try {
  if (!(await isEmpty(ctx.db))) {
    console.error('The database already has users; the demo church is seeded only into an empty database.');
    process.exitCode = 1;
  } else {
    await seedDemo(ctx.db, config.churchTimeZone, ctx.files);
    console.log('Seeded the demo church. Sign in as admin@example.org with password Lampstand-demo-1.');
  }
} finally {
  await close();
}
