import type { Access } from './access-table';
import { from } from './access-roles';

/** Expected access of the notes operations (guide/roles-and-access.md#the-route-table, decision 0014); merged into ACCESS_TABLE. */
export const NOTES_ACCESS: Record<string, Access> = {
  'GET /api/notes': {
    spec: 'guide/roles-and-access.md#the-route-table /runways/planning creative; decision 0014 notes: creative+ read',
    roles: from('creative'),
  },
  'GET /api/notes/owners': {
    spec: 'guide/roles-and-access.md#the-route-table /runways/planning creative: the note dialog names an owner',
    roles: from('creative'),
  },
  'POST /api/notes': {
    spec: 'guide/roles-and-access.md#the-route-table future notes upsert; decision 0014 notes: creative+ write',
    roles: from('creative'),
  },
  'PUT /api/notes/:id': {
    spec: 'guide/roles-and-access.md#the-route-table future notes upsert; decision 0014 notes: creative+ write',
    roles: from('creative'),
  },
  'DELETE /api/notes/:id': {
    spec: 'guide/roles-and-access.md#the-route-table future notes delete; decision 0014 notes: creative+ write',
    roles: from('creative'),
  },
  'POST /api/notes/:id/move-to-runway': {
    spec: 'guide/sunday-planning.md#future-notes Move to Runway Now writes a Sunday plan; decision 0014: coordinator+',
    roles: from('coordinator'),
  },
  // ------------------------------------------------------------ admin settings (guide/roles-and-access.md#the-route-table /admin/settings admin)
  'GET /api/admin/settings/sunday-auto-lock': {
    spec: 'guide/roles-and-access.md#the-route-table /admin/settings admin; auto-lock setting',
    roles: from('admin'),
  },
  'PUT /api/admin/settings/sunday-auto-lock': {
    spec: 'guide/roles-and-access.md#the-route-table /admin/settings admin; auto-lock setting',
    roles: from('admin'),
  },
};
