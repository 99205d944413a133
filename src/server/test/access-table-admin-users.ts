import type { Access } from './access-table';
import { from } from './access-roles';

const ADMIN_ONLY = '000 §2 /admin/settings admin; 002 §6 admin has full control including users and settings';

/** Expected access of Admin settings' Users and Ministries operations (decision 0020); merged into ACCESS_TABLE. */
export const ADMIN_USERS_ACCESS: Record<string, Access> = {
  'GET /api/admin/users': { spec: `${ADMIN_ONLY}; 002 §7 read users`, roles: from('admin') },
  'POST /api/admin/users': { spec: `${ADMIN_ONLY}; 002 §5 new user`, roles: from('admin') },
  'PUT /api/admin/users/:id': { spec: `${ADMIN_ONLY}; 002 §5 edit user`, roles: from('admin') },
  'PUT /api/admin/users/:id/active': { spec: `${ADMIN_ONLY}; 002 §4 user active toggle`, roles: from('admin') },
  'POST /api/admin/users/:id/resend-invite': { spec: `${ADMIN_ONLY}; 002 §8 'Invite Resent!'`, roles: from('admin') },
  'POST /api/admin/users/:id/reset-password': { spec: `${ADMIN_ONLY}; 002 §7 auth admin update password`, roles: from('admin') },
  'DELETE /api/admin/users/:id': { spec: `${ADMIN_ONLY}; 002 §5 delete user`, roles: from('admin') },
  'GET /api/admin/ministries': { spec: `${ADMIN_ONLY}; 002 §7 ministries read`, roles: from('admin') },
  'POST /api/admin/ministries': { spec: `${ADMIN_ONLY}; 002 §7 ministries insert`, roles: from('admin') },
  'PUT /api/admin/ministries/:id': { spec: `${ADMIN_ONLY}; 002 §7 ministries update`, roles: from('admin') },
  'PUT /api/admin/ministries/:id/active': { spec: `${ADMIN_ONLY}; 002 §4 ministry active toggle`, roles: from('admin') },
};
