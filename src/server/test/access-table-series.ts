import type { Access } from './access-table';
import { from } from './access-roles';

/** Expected access of the series operations (spec 002 section 6, decision 0014); merged into ACCESS_TABLE. */
const COORDINATOR = { roles: from('coordinator') };

export const SERIES_ACCESS: Record<string, Access> = {
  'GET /api/series': { spec: '002 §2 /series coordinator (decision 0014)', ...COORDINATOR },
  'GET /api/series/owners': { spec: '002 §2 /series/new coordinator: the form’s owner picker (002 §6 owner candidates)', ...COORDINATOR },
  'GET /api/series/:id': { spec: '002 §2 /series/{id} coordinator', ...COORDINATOR },
  'POST /api/series': { spec: '002 §2 /series/new coordinator (decision 0014: series writes coordinator and above)', ...COORDINATOR },
  'PUT /api/series/:id': {
    spec: "002 §2 /series/{id} coordinator (decision 0014); a locked Sunday's week only by an admin (decision 0053)",
    ...COORDINATOR,
    lockedSunday: { roles: ['admin'] },
  },
  'DELETE /api/series/:id': {
    spec: "002 §2 /series/{id} coordinator (decision 0014); a series with a locked Sunday's week only by an admin (decision 0053)",
    ...COORDINATOR,
    lockedSunday: { roles: ['admin'] },
  },
};
