import type { Access } from './access-table';
import { from } from './access-roles';

/** Expected access of the backups section of Admin Settings (admin only); merged into ACCESS_TABLE. */
export const BACKUPS_ACCESS: Record<string, Access> = {
  'GET /api/admin/backups': {
    spec: 'guide/roles-and-access.md#the-route-table /admin/settings admin; backups listed for admins',
    roles: from('admin'),
  },
  'POST /api/admin/backups': {
    spec: 'guide/roles-and-access.md#the-route-table /admin/settings admin; a backup taken now by an admin',
    roles: from('admin'),
  },
  'PUT /api/admin/backups/settings': {
    spec: 'guide/roles-and-access.md#the-route-table /admin/settings admin; scheduled backups set by an admin',
    roles: from('admin'),
  },
  'GET /api/admin/backups/:name/download': {
    spec: 'guide/roles-and-access.md#the-route-table /admin/settings admin; a backup holds every row',
    roles: from('admin'),
  },
};
