import { randomBytes } from 'node:crypto';
import type { Role } from '../../shared/domain/roles';
import { hashPassword } from '../platform/auth/passwords';
import type { Executor } from '../platform/db/client';
import { sql } from 'drizzle-orm';
import { activityLog, ministries, notifications, pendingEmails, requests, users } from '../platform/db/schema';

/** Test factories (outline's server/test/factories.ts idea): rows with sensible defaults. */
export const TEST_PASSWORD = 'Correct-horse-1';
let cachedHash: Promise<string> | null = null;
const passwordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

export async function buildUser(
  db: Executor,
  overrides: Partial<typeof users.$inferInsert> & { role?: Role } = {},
): Promise<typeof users.$inferSelect> {
  const tag = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(users)
    .values({
      email: `user-${tag}@example.test`,
      fullName: `Test User ${tag}`,
      role: 'requester',
      passwordHash: await passwordHash(),
      ...overrides,
    })
    .returning();
  return row;
}

export async function buildMinistry(
  db: Executor,
  overrides: Partial<typeof ministries.$inferInsert> = {},
): Promise<typeof ministries.$inferSelect> {
  const [row] = await db
    .insert(ministries)
    .values({ name: `Ministry ${randomBytes(4).toString('hex')}`, defaultTier: 'C', ...overrides })
    .returning();
  return row;
}

/**
 * Empties the requests (their items, assets, viewers and the rest that cascades), the activity log,
 * notifications and queued e-mails, keeping users and ministries: for suites whose tests each build
 * their own requests but read lists that span the whole database.
 */
export async function clearRequests(db: Executor): Promise<void> {
  await db.execute(sql`truncate table ${requests}, ${activityLog}, ${notifications}, ${pendingEmails} cascade`);
}
