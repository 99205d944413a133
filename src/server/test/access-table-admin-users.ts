import type { Access } from './access-table';
import { from } from './access-roles';

const ADMIN_ONLY =
  'guide/roles-and-access.md#the-route-table /admin/settings admin; guide/roles-and-access.md#the-route-table admin has full control including users and settings';

/** Expected access of Admin settings' Users and Ministries operations (decision 0020); merged into ACCESS_TABLE. */
export const ADMIN_USERS_ACCESS: Record<string, Access> = {
  'GET /api/admin/users': { spec: `${ADMIN_ONLY}; guide/roles-and-access.md#the-route-table read users`, roles: from('admin') },
  'POST /api/admin/users': { spec: `${ADMIN_ONLY}; guide/roles-and-access.md#the-route-table new user`, roles: from('admin') },
  'PUT /api/admin/users/:id': { spec: `${ADMIN_ONLY}; guide/roles-and-access.md#the-route-table edit user`, roles: from('admin') },
  'PUT /api/admin/users/:id/active': {
    spec: `${ADMIN_ONLY}; guide/roles-and-access.md#the-route-table user active toggle`,
    roles: from('admin'),
  },
  'POST /api/admin/users/:id/resend-invite': {
    spec: `${ADMIN_ONLY}; guide/roles-and-access.md#the-route-table 'Invite Resent!'`,
    roles: from('admin'),
  },
  'POST /api/admin/users/:id/reset-password': {
    spec: `${ADMIN_ONLY}; guide/roles-and-access.md#the-route-table auth admin update password`,
    roles: from('admin'),
  },
  'DELETE /api/admin/users/:id': { spec: `${ADMIN_ONLY}; guide/roles-and-access.md#the-route-table delete user`, roles: from('admin') },
  'GET /api/admin/ministries': { spec: `${ADMIN_ONLY}; guide/roles-and-access.md#the-route-table ministries read`, roles: from('admin') },
  'POST /api/admin/ministries': {
    spec: `${ADMIN_ONLY}; guide/roles-and-access.md#the-route-table ministries insert`,
    roles: from('admin'),
  },
  'PUT /api/admin/ministries/:id': {
    spec: `${ADMIN_ONLY}; guide/roles-and-access.md#the-route-table ministries update`,
    roles: from('admin'),
  },
  'PUT /api/admin/ministries/:id/active': {
    spec: `${ADMIN_ONLY}; guide/roles-and-access.md#the-route-table ministry active toggle`,
    roles: from('admin'),
  },
};
