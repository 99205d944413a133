import { presentedAnswer } from '../../platform/presented-serializer';
import {
  adminMinistriesResponse,
  adminMinistryIdParams,
  adminMinistryResponse,
  adminUserIdParams,
  adminUserResponse,
  adminUsersQuery,
  adminUsersResponse,
  inviteUserBody,
  okResponse,
  saveMinistryBody,
  setActiveBody,
  updateUserBody,
} from '../../../shared/api/admin-users';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { listMinistries, listUsers } from './queries';
import {
  createMinistry,
  deleteUser,
  inviteUser,
  resendInvite,
  resetPassword,
  setMinistryActive,
  setUserActive,
  updateMinistry,
  updateUser,
} from './service';

const ADMIN = { policy: { minRole: 'admin' as const } };

/** Admin settings' Users and Ministries sections (guide/roles-and-access.md#the-route-table; decision 0020): admins only. */
export async function adminUsersRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/admin/users',
    // presentUser builds each row with exactly the schema's fields.
    { config: ADMIN, schema: { querystring: adminUsersQuery, response: { 200: adminUsersResponse } }, ...presentedAnswer },
    async (request) => listUsers(ctx.db, request.user!, { ...request.query, search: request.query.search || undefined }),
  );
  app.post(
    '/api/admin/users',
    { config: ADMIN, schema: { body: inviteUserBody, response: { 200: adminUserResponse } } },
    async (request) => ({ user: await inviteUser(ctx, request.user!, request.body) }),
  );
  app.put(
    '/api/admin/users/:id',
    { config: ADMIN, schema: { params: adminUserIdParams, body: updateUserBody, response: { 200: adminUserResponse } } },
    async (request) => ({ user: await updateUser(ctx, request.user!, request.params.id, request.body) }),
  );
  app.put(
    '/api/admin/users/:id/active',
    { config: ADMIN, schema: { params: adminUserIdParams, body: setActiveBody, response: { 200: adminUserResponse } } },
    async (request) => ({ user: await setUserActive(ctx, request.user!, request.params.id, request.body.active) }),
  );
  app.post(
    '/api/admin/users/:id/resend-invite',
    { config: ADMIN, schema: { params: adminUserIdParams, response: { 200: adminUserResponse } } },
    async (request) => ({ user: await resendInvite(ctx, request.user!, request.params.id) }),
  );
  app.post(
    '/api/admin/users/:id/reset-password',
    { config: ADMIN, schema: { params: adminUserIdParams, response: { 200: adminUserResponse } } },
    async (request) => ({ user: await resetPassword(ctx, request.user!, request.params.id) }),
  );
  app.delete(
    '/api/admin/users/:id',
    { config: ADMIN, schema: { params: adminUserIdParams, response: { 200: okResponse } } },
    async (request) => {
      await deleteUser(ctx, request.user!, request.params.id);
      return { ok: true as const };
    },
  );

  app.get('/api/admin/ministries', { config: ADMIN, schema: { response: { 200: adminMinistriesResponse } } }, async () => ({
    ministries: await listMinistries(ctx.db),
  }));
  app.post(
    '/api/admin/ministries',
    { config: ADMIN, schema: { body: saveMinistryBody, response: { 200: adminMinistryResponse } } },
    async (request) => ({ ministry: await createMinistry(ctx, request.body) }),
  );
  app.put(
    '/api/admin/ministries/:id',
    { config: ADMIN, schema: { params: adminMinistryIdParams, body: saveMinistryBody, response: { 200: adminMinistryResponse } } },
    async (request) => ({ ministry: await updateMinistry(ctx, request.params.id, request.body) }),
  );
  app.put(
    '/api/admin/ministries/:id/active',
    { config: ADMIN, schema: { params: adminMinistryIdParams, body: setActiveBody, response: { 200: adminMinistryResponse } } },
    async (request) => ({ ministry: await setMinistryActive(ctx, request.params.id, request.body.active) }),
  );
}
