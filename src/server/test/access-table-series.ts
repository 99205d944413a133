import type { Access } from './access-table';
import { from } from './access-roles';

/** Expected access of the series operations (guide/roles-and-access.md#the-route-table, decision 0014); merged into ACCESS_TABLE. */
const COORDINATOR = { roles: from('coordinator') };

export const SERIES_ACCESS: Record<string, Access> = {
  'GET /api/series': { spec: 'guide/roles-and-access.md#the-route-table /series coordinator (decision 0014)', ...COORDINATOR },
  'GET /api/series/owners': {
    spec: 'guide/roles-and-access.md#the-route-table /series/new coordinator: the form’s owner picker (guide/roles-and-access.md#the-route-table owner candidates)',
    ...COORDINATOR,
  },
  'GET /api/series/:id': { spec: 'guide/roles-and-access.md#the-route-table /series/{id} coordinator', ...COORDINATOR },
  'POST /api/series': {
    spec: 'guide/roles-and-access.md#the-route-table /series/new coordinator (decision 0014: series writes coordinator and above)',
    ...COORDINATOR,
  },
  'PUT /api/series/:id': {
    spec: "guide/roles-and-access.md#the-route-table /series/{id} coordinator (decision 0014); a locked Sunday's week only by an admin (decision 0053)",
    ...COORDINATOR,
    lockedSunday: { roles: ['admin'] },
  },
  'DELETE /api/series/:id': {
    spec: "guide/roles-and-access.md#the-route-table /series/{id} coordinator (decision 0014); a series with a locked Sunday's week only by an admin (decision 0053)",
    ...COORDINATOR,
    lockedSunday: { roles: ['admin'] },
  },
};
