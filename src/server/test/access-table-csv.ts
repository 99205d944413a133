import type { Access } from './access-table';
import { ALL, from } from './access-roles';

/**
 * Expected access of the CSV exports; merged into ACCESS_TABLE. Each export has its
 * list's access exactly: the same roles and the same rows (a row of other people is in the file
 * when it would be on the list, found by its /request/{id} link).
 */
export const CSV_ACCESS: Record<string, Access> = {
  'GET /api/requests/mine/export.csv': {
    spec: 'CSV export of My Requests: as GET /api/requests/mine (guide/roles-and-access.md#the-route-table /my-requests; guide/roles-and-access.md#what-a-viewer-sees)',
    roles: ALL,
    list: {
      row: 'request',
      others: { viewer: 'hidden', requester: 'hidden', creative: 'hidden', approver: 'hidden', coordinator: 'hidden', admin: 'hidden' },
    },
  },
  'GET /api/intake/export.csv': {
    spec: 'CSV export of the intake queue: as GET /api/intake (guide/roles-and-access.md#the-route-table Intake: coordinator)',
    roles: from('coordinator'),
    list: { row: 'request', others: { coordinator: 'listed', admin: 'listed' } },
  },
  'GET /api/archive/export.csv': {
    spec: 'CSV export of the archive: as GET /api/archive (guide/roles-and-access.md#the-route-table archive: requester; coordinators every archived request)',
    roles: from('requester'),
    list: {
      row: 'request',
      others: { requester: 'hidden', creative: 'hidden', approver: 'hidden', coordinator: 'listed', admin: 'listed' },
    },
  },
  'GET /api/tasks/export.csv': {
    spec: 'CSV export of the task lists: as GET /api/tasks (guide/roles-and-access.md#the-route-table: creatives their tasks, approvers and above all)',
    roles: from('creative'),
    list: { row: 'request', others: { creative: 'hidden', approver: 'listed', coordinator: 'listed', admin: 'listed' } },
  },
  'GET /api/accountability/export.csv': {
    spec: 'CSV export of the Accountability & Gaps tables: as GET /api/accountability (guide/roles-and-access.md#the-route-table coordinator)',
    roles: from('coordinator'),
  },
};
