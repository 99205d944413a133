import type { Access } from './access-table';
import { ALL, from } from './access-roles';

const OWN = "/account is every signed-in person's own page (guide/roles-and-access.md#the-route-table /account viewer)";
const ADMIN_ONLY =
  'guide/roles-and-access.md#the-route-table /admin/settings admin; guide/roles-and-access.md#the-route-table admin has full control including users and settings';

/**
 * Expected access of the second factor and the sessions list (decision 0037); merged
 * into ACCESS_TABLE. `secondFactorPending`: reachable by a session that still owes a code;
 * `enrollment`: reachable by a person the admin setting confines to enrollment.
 */
export const TWO_FACTOR_ACCESS: Record<string, Access> = {
  'GET /api/account/two-factor': { spec: `${OWN}; guide/roles-and-access.md#the-route-table factors`, roles: ALL, enrollment: true },
  'POST /api/account/two-factor/enroll': {
    spec: `${OWN}; guide/roles-and-access.md#the-route-table factors (enroll)`,
    roles: ALL,
    enrollment: true,
  },
  'POST /api/account/two-factor/confirm': {
    spec: `${OWN}; guide/roles-and-access.md#the-route-table factors challenge and verify`,
    roles: ALL,
    enrollment: true,
  },
  'POST /api/account/two-factor/disable': { spec: `${OWN}; guide/roles-and-access.md#the-route-table delete factor`, roles: ALL },
  'POST /api/account/two-factor/recovery-codes': {
    spec: `${OWN}: new recovery codes after a fresh code from the app (decision 0051)`,
    roles: ALL,
  },
  'POST /api/auth/second-factor': {
    spec: 'guide/roles-and-access.md#the-route-table assurance aal1 to aal2 when a verified second factor exists: the one thing such a session may do',
    roles: ALL,
    passwordReset: true,
    secondFactorPending: true,
  },
  'POST /api/admin/users/:id/reset-second-factor': { spec: `${ADMIN_ONLY}; admin reset`, roles: from('admin') },
  'GET /api/admin/settings/second-factor-requirement': { spec: `${ADMIN_ONLY}; requirement setting`, roles: from('admin') },
  'PUT /api/admin/settings/second-factor-requirement': { spec: `${ADMIN_ONLY}; requirement setting`, roles: from('admin') },
  'PUT /api/account/name': { spec: `${OWN}; "/account: name"`, roles: ALL },
  'GET /api/account/sessions': { spec: `${OWN}; guide/roles-and-access.md#the-route-table session`, roles: ALL, enrollment: true },
  'DELETE /api/account/sessions/:id': {
    spec: `${OWN}; guide/roles-and-access.md#the-route-table sign out scope local`,
    roles: ALL,
    enrollment: true,
  },
  'POST /api/account/sessions/end-others': {
    spec: `${OWN}; guide/roles-and-access.md#the-route-table sign out scope others`,
    roles: ALL,
    enrollment: true,
  },
};
