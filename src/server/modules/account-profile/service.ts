import { eq } from 'drizzle-orm';
import { inTransaction, type AppContext } from '../../platform/context';
import { sessionsChanged, type SessionUser } from '../../platform/auth/sessions';
import { users } from '../../platform/db/schema';

/**
 * The person's own name, changed from the account page. The session carries the name, so every
 * instance drops its cached copy (decision 0028); the admins' user list refetches.
 */
export async function renameAccount(ctx: AppContext, user: SessionUser, fullName: string): Promise<void> {
  await inTransaction(ctx, async (tx, events) => {
    await tx.update(users).set({ fullName }).where(eq(users.id, user.id));
    events.push(sessionsChanged(user.id), { topic: 'users', audience: { minRole: 'admin' } });
  });
}
