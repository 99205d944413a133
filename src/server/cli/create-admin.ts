import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../platform/config';
import { openContext } from '../platform/bootstrap';
import { hashPassword, temporaryPassword } from '../platform/auth/passwords';
import { users } from '../platform/db/schema';

/** `npm run create-admin -- --email X --name Y`: the first admin, with a temporary password to change at first sign-in. */
const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
const input = z
  .object({ email: z.email('--email must be an e-mail address'), name: z.string().trim().min(1, '--name is required') })
  .safeParse(values);
if (!input.success) {
  console.error(input.error.issues.map((i) => i.message).join('\n'));
  console.error('Usage: npm run create-admin -- --email admin@yourchurch.org --name "Your Name"');
  process.exit(2);
}
const config = loadConfig();
const { ctx, close } = await openContext(config);
try {
  const existing = await ctx.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.data.email.toLowerCase()}`);
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
