import '../platform/require-node';
import { parseArgs } from 'node:util';
import { z } from 'zod';

/** `npm run create-admin -- --email X --name Y`: the first admin, with a temporary password to change at first sign-in. */
const USAGE = 'Usage: npm run create-admin -- --email admin@yourchurch.org --name "Your Name"';

function readArgs() {
  try {
    return parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } }).values;
  } catch (err) {
    // Unknown options or a missing value: a usage error, not a crash with a stack trace.
    console.error((err as Error).message);
    console.error(USAGE);
    process.exit(2);
  }
}
const values = readArgs();
const input = z
  .object({
    // The browser's own rule for an e-mail field, so the admin can type the same address at sign-in.
    email: z.email({ pattern: z.regexes.html5Email, error: '--email must be an e-mail address' }),
    name: z.string({ error: '--name is required' }).trim().min(1, '--name is required'),
  })
  .safeParse(values);
if (!input.success) {
  console.error(input.error.issues.map((i) => i.message).join('\n'));
  console.error(USAGE);
  process.exit(2);
}
// The database code is loaded only for arguments that will use it: a mistyped command answers at once.
const [{ sql }, { loadConfig }, { openContext }, { DataDirLockedError }, { hashPassword, temporaryPassword }, { users }] =
  await Promise.all([
    import('drizzle-orm'),
    import('../platform/config'),
    import('../platform/bootstrap'),
    import('../platform/db/lock'),
    import('../platform/auth/passwords'),
    import('../platform/db/schema'),
  ]);
const config = loadConfig();
const { ctx, close } = await openContext(config).catch((err: unknown) => {
  // Most often the server is running on the same data directory: say so plainly.
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
try {
  const existing = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.data.email.toLowerCase()}`);
  if (existing.length) {
    console.error(`A user with the e-mail ${input.data.email} already exists.`);
    process.exitCode = 1;
  } else {
    const password = temporaryPassword();
    await ctx.db.insert(users).values({
      email: input.data.email,
      fullName: input.data.name,
      role: 'admin',
      passwordHash: await hashPassword(password),
      passwordResetRequired: true,
    });
    console.log(`Created admin ${input.data.email}. Temporary password: ${password}`);
    console.log('It must be changed at first sign-in.');
  }
} finally {
  await close();
}
