import type { Access } from './access-table';
import { from } from './access-roles';

/**
 * Expected access of the church's configuration (decision 0056); merged into ACCESS_TABLE. Anyone
 * reads it (the public landing page shows the tiers and the contact address); only admins change it.
 */
const admin = (what: string): Access => ({ spec: `decision 0056: admins configure ${what} under Admin`, roles: from('admin') });

export const CHURCH_CONFIG_ACCESS: Record<string, Access> = {
  'GET /api/church-config': {
    spec: 'decision 0056: the landing page, the new-request form and tier filters read it',
    public: true,
    roles: [],
  },
  'PUT /api/admin/church': admin('the church settings'),
  'POST /api/admin/tiers': admin('the tiers'),
  'PUT /api/admin/tiers/:code': admin('the tiers'),
  'PUT /api/admin/tier-order': admin('the tiers'),
  'POST /api/admin/channels': admin('the channels'),
  'PUT /api/admin/channels/:code': admin('the channels'),
  'PUT /api/admin/channel-order': admin('the channels'),
};
