import { sessionResponse } from '../../../shared/api/auth';
import { accountNameBody } from '../../../shared/api/account-profile';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { presentCurrentUser } from '../../platform/auth/current-user';
import { renameAccount } from './service';

/** The person's own name, changed from the account page. */
export async function accountProfileRoutes(app: ZApp, ctx: AppContext) {
  app.put(
    '/api/account/name',
    { config: { policy: { minRole: 'viewer' } }, schema: { body: accountNameBody, response: { 200: sessionResponse } } },
    async (request) => {
      const user = request.user!;
      const { fullName } = request.body;
      await renameAccount(ctx, user, fullName);
      return {
        user: presentCurrentUser({ ...user, fullName }, request.sessionInfo!.secondStep),
        csrfToken: request.sessionInfo!.csrfToken,
      };
    },
  );
}
