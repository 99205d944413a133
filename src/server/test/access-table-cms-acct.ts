import type { Access } from './access-table';
import { from } from './access-roles';

/** Expected access of the CMS queue and Accountability & Gaps; merged into ACCESS_TABLE. */
export const CMS_ACCT_ACCESS: Record<string, Access> = {
  'GET /api/cms-queue': { spec: '000 §2 /cms-queue coordinator; 002 §2 /cms-queue coordinator; DESIGN 5.7', roles: from('coordinator') },
  'POST /api/cms-queue/:id/publish': { spec: '000 §2 /cms-queue coordinator; DESIGN 5.7 Mark Published', roles: from('coordinator') },
  'GET /api/accountability': { spec: '002 §2 /accountability coordinator (Accountability & Gaps)', roles: from('coordinator') },
  'GET /api/accountability/list': {
    spec: "002 §2 /accountability coordinator: a flagged list's further pages, as GET /api/accountability",
    roles: from('coordinator'),
  },
};
