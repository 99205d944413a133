import type { Access } from './access-table';
import { ALL, from } from './access-roles';

const OWN = "issue 13: /account is every signed-in person's own page (000 §2 /account viewer)";
const ADMIN_ONLY = '000 §2 /admin/settings admin; 002 §6 admin has full control including users and settings';

/**
 * Expected access of the second factor and the sessions list (issue 13, decision 0037); merged
 * into ACCESS_TABLE. `secondFactorPending`: reachable by a session that still owes a code;
 * `enrollment`: reachable by a person the admin setting confines to enrollment.
 */
export const TWO_FACTOR_ACCESS: Record<string, Access> = {
  'GET /api/account/two-factor': { spec: `${OWN}; 000 §3 factors`, roles: ALL, enrollment: true },
  'POST /api/account/two-factor/enroll': { spec: `${OWN}; 000 §7 factors (enroll)`, roles: ALL, enrollment: true },
  'POST /api/account/two-factor/confirm': { spec: `${OWN}; 000 §7 factors challenge and verify`, roles: ALL, enrollment: true },
  'POST /api/account/two-factor/disable': { spec: `${OWN}; 000 §7 delete factor`, roles: ALL },
  'POST /api/account/two-factor/recovery-codes': {
    spec: `${OWN}: new recovery codes after a fresh code from the app (decision 0051)`,
    roles: ALL,
  },
  'POST /api/auth/second-factor': {
    spec: '000 §4 assurance aal1 to aal2 when a verified second factor exists: the one thing such a session may do',
    roles: ALL,
    passwordReset: true,
    secondFactorPending: true,
  },
  'POST /api/admin/users/:id/reset-second-factor': { spec: `${ADMIN_ONLY}; issue 13 admin reset`, roles: from('admin') },
  'GET /api/admin/settings/second-factor-requirement': { spec: `${ADMIN_ONLY}; issue 13 requirement setting`, roles: from('admin') },
  'PUT /api/admin/settings/second-factor-requirement': { spec: `${ADMIN_ONLY}; issue 13 requirement setting`, roles: from('admin') },
  'PUT /api/account/name': { spec: `${OWN}; issue 13 "/account: name"`, roles: ALL },
  'GET /api/account/sessions': { spec: `${OWN}; 000 §3 session`, roles: ALL, enrollment: true },
  'DELETE /api/account/sessions/:id': { spec: `${OWN}; 000 §7 sign out scope local`, roles: ALL, enrollment: true },
  'POST /api/account/sessions/end-others': { spec: `${OWN}; 000 §7 sign out scope others`, roles: ALL, enrollment: true },
};
