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
  'POST /api/sundays/:date/unlock': { spec: 'decision 0055: an admin unlocks a locked Sunday, logged with it', roles: from('admin') },
  'POST /api/sundays/:date/runways/:code/tasks': {
    spec: 'decision 0055: coordinators add a one-off task to one Sunday',
    roles: from('coordinator'),
  },
  // Runway set-up (decision 0055): coordinators read it and edit recurring tasks; admins manage runways.
  'GET /api/runway-setup': { spec: 'decision 0055: runway set-up, coordinator and above', roles: from('coordinator') },
  'POST /api/runway-setup/runways': { spec: 'decision 0055: admins create runways', roles: from('admin') },
  'PATCH /api/runway-setup/runways/:id': { spec: 'decision 0055: admins rename and recolour runways', roles: from('admin') },
  'POST /api/runway-setup/runways/:id/archive': { spec: 'decision 0055: admins archive runways', roles: from('admin') },
  'POST /api/runway-setup/runways/:id/restore': { spec: 'decision 0055: admins restore runways', roles: from('admin') },
  'PUT /api/runway-setup/order': { spec: 'decision 0055: admins reorder runways', roles: from('admin') },
  'POST /api/runway-setup/standard': { spec: 'decision 0055: admins add the standard runways', roles: from('admin') },
  'POST /api/runway-setup/runways/:id/tasks': { spec: 'decision 0055: coordinators edit recurring tasks', roles: from('coordinator') },
  'PATCH /api/runway-setup/tasks/:id': { spec: 'decision 0055: coordinators edit recurring tasks', roles: from('coordinator') },
  'POST /api/runway-setup/tasks/:id/archive': { spec: 'decision 0055: coordinators archive recurring tasks', roles: from('coordinator') },
  'POST /api/runway-setup/tasks/:id/restore': { spec: 'decision 0055: coordinators restore recurring tasks', roles: from('coordinator') },
};
