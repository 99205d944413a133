import type { Access } from './access-table';
import { from } from './access-roles';

/** Expected access of the notes operations (spec 002 section 6, decision 0014); merged into ACCESS_TABLE. */
export const NOTES_ACCESS: Record<string, Access> = {
  'GET /api/notes': { spec: '000 §2 /runways/planning creative; decision 0014 notes: creative+ read', roles: from('creative') },
  'GET /api/notes/owners': { spec: '000 §2 /runways/planning creative: the note dialog names an owner', roles: from('creative') },
  'POST /api/notes': { spec: '002 §7 future notes upsert; decision 0014 notes: creative+ write', roles: from('creative') },
  'PUT /api/notes/:id': { spec: '002 §7 future notes upsert; decision 0014 notes: creative+ write', roles: from('creative') },
  'DELETE /api/notes/:id': { spec: '002 §7 future notes delete; decision 0014 notes: creative+ write', roles: from('creative') },
  'POST /api/notes/:id/move-to-runway': {
    spec: 'DESIGN 5.6 Move to Runway Now writes a Sunday plan; decision 0014: coordinator+',
    roles: from('coordinator'),
  },
  // ------------------------------------------------------------ admin settings (000 §2 /admin/settings admin)
  'GET /api/admin/settings/sunday-auto-lock': { spec: '000 §2 /admin/settings admin; issue 9 auto-lock setting', roles: from('admin') },
  'PUT /api/admin/settings/sunday-auto-lock': { spec: '000 §2 /admin/settings admin; issue 9 auto-lock setting', roles: from('admin') },
};
