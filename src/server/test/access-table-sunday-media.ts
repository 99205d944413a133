import type { Access } from './access-table';
import { from } from './access-roles';

const EDITORS =
  'guide/roles-and-access.md#the-route-table /runways coordinator (the media runway opens Sunday Videos, Slide Deck, Social Media Plan: guide/sunday-planning.md#a-runway-view); decision 0014';

const READS = `${EDITORS}; decision 0058: creatives and approvers read the Sunday of their assigned work`;

/** Expected access of the sunday-media operations (guide/roles-and-access.md#the-route-table, decision 0014); merged into ACCESS_TABLE. */
export const SUNDAY_MEDIA_ACCESS: Record<string, Access> = {
  'GET /api/sundays/:date/videos': { spec: READS, roles: from('creative') },
  'PUT /api/sundays/:date/videos': { spec: `${EDITORS}: saving is coordinator and above`, roles: from('coordinator') },
  'GET /api/sundays/:date/slides': { spec: READS, roles: from('creative') },
  'PUT /api/sundays/:date/slides': {
    spec: `${EDITORS}; recurring slides too (decision 0016); after the lock only admins change that Sunday's deck, its recurring slides included (decision 0053)`,
    roles: from('coordinator'),
    lockedSunday: { roles: ['admin'] },
  },
  'GET /api/sundays/:date/social': { spec: READS, roles: from('creative') },
  'PUT /api/sundays/:date/social': { spec: `${EDITORS}: saving is coordinator and above`, roles: from('coordinator') },
  'POST /api/sundays/:date/files': {
    spec: `${EDITORS}; guide/roles-and-access.md#the-route-table social asset upload, guide/sunday-planning.md#the-sunday-plan-dialog file tasks upload for real`,
    roles: from('coordinator'),
  },
  'GET /api/planning-files/:id': {
    spec: 'guide/requests.md#files-on-a-request files through an authorized route: those who may open the Sunday editors (creatives read them, decision 0058)',
    roles: from('creative'),
  },
};
