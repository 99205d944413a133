import type { Access } from './access-table';
import { from } from './access-roles';

/**
 * Expected access of the first-run setup checklist; merged into ACCESS_TABLE. It is a page under
 * Admin: only admins read it and mark its steps (decision 0059).
 */
export const SETUP_ACCESS: Record<string, Access> = {
  'GET /api/admin/setup': { spec: 'the setup checklist is an Admin page: admins only', roles: from('admin') },
  'PUT /api/admin/setup/steps/:key': { spec: 'the setup checklist is an Admin page: admins only', roles: from('admin') },
};
