import type { Access } from './access-table';
import { from } from './access-roles';

/** Expected access of the CMS queue and Accountability & Gaps; merged into ACCESS_TABLE. */
export const CMS_ACCT_ACCESS: Record<string, Access> = {
  'GET /api/cms-queue': {
    spec: 'guide/roles-and-access.md#the-route-table /cms-queue coordinator; guide/roles-and-access.md#the-route-table /cms-queue coordinator; guide/reports.md#the-cms-queue',
    roles: from('coordinator'),
  },
  'POST /api/cms-queue/:id/publish': {
    spec: 'guide/roles-and-access.md#the-route-table /cms-queue coordinator; guide/reports.md#the-cms-queue Mark Published',
    roles: from('coordinator'),
  },
  'GET /api/accountability': {
    spec: 'guide/roles-and-access.md#the-route-table /accountability coordinator (Accountability & Gaps)',
    roles: from('coordinator'),
  },
  'GET /api/accountability/list': {
    spec: "guide/roles-and-access.md#the-route-table /accountability coordinator: a flagged list's further pages, as GET /api/accountability",
    roles: from('coordinator'),
  },
};
