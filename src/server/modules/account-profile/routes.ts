import { eq } from 'drizzle-orm';
import { sessionResponse } from '../../../shared/api/auth';
import { accountNameBody } from '../../../shared/api/account-profile';
import type { ZApp } from '../../platform/http';
import { inTransaction, type AppContext } from '../../platform/context';
import { sessionsChanged } from '../../platform/auth/sessions';
import { users } from '../../platform/db/schema';
import { presentCurrentUser } from '../../platform/auth/current-user';

/**
 * The person's own name, changed from the account page (issue 13). The session carries the name,
 * so every instance drops its cached copy (decision 0028); the admins' user list refetches.
 */
export async function accountProfileRoutes(app: ZApp, ctx: AppContext) {
  app.put(
    '/api/account/name',
    { config: { policy: { minRole: 'viewer' } }, schema: { body: accountNameBody, response: { 200: sessionResponse } } },
    async (request) => {
      const user = request.user!;
      const { fullName } = request.body;
      await inTransaction(ctx, async (tx, events) => {
        await tx.update(users).set({ fullName }).where(eq(users.id, user.id));
        events.push(sessionsChanged(user.id), { topic: 'users', audience: { minRole: 'admin' } });
      });
      return {
        user: presentCurrentUser({ ...user, fullName }, request.sessionInfo!.secondStep),
        csrfToken: request.sessionInfo!.csrfToken,
      };
    },
  );
}
