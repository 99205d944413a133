import type { Access } from './access-table';
import { from } from './access-roles';

/** Expected access of the sundays operations (spec 002 section 6, decision 0014); merged into ACCESS_TABLE. */
export const SUNDAYS_ACCESS: Record<string, Access> = {
  'GET /api/runways': { spec: '000 §2 /runways/planning creative: its tab bar names every runway', roles: from('creative') },
  'GET /api/runways/dashboard': { spec: '002 §2 /runways coordinator; decision 0014', roles: from('coordinator') },
  'GET /api/runways/:code/sundays': { spec: '002 §2 /runways/{runwayCode} coordinator; decision 0014', roles: from('coordinator') },
  'GET /api/sundays/:date': { spec: '002 §2 Sunday plan dialogs under /runways: coordinator; decision 0014', roles: from('coordinator') },
  'PUT /api/sundays/:date/runways/:code/items': {
    spec: '002 §6 coordinator manages Sunday preparation; decision 0014',
    roles: from('coordinator'),
  },
  'PUT /api/sundays/:date/sermon': { spec: '002 §6 coordinator manages Sunday preparation; decision 0014', roles: from('coordinator') },
  'POST /api/sundays/:date/lock': { spec: "002 §6 'Lock Sunday: admin or coordinator'", roles: from('coordinator') },
};
