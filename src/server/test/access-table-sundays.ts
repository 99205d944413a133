import type { Access } from './access-table';
import { from } from './access-roles';

const SUNDAY_WORK =
  'decision 0058: the assignee completes their own Sunday work; coordinators manage Sunday preparation (guide/roles-and-access.md#the-route-table)';
const OWN_WORK = {
  others: { creative: 403, approver: 403, coordinator: 'allowed', admin: 'allowed' },
  own: { creative: 'assigned', approver: 'assigned' },
} as const;

/** Expected access of the sundays operations (guide/roles-and-access.md#the-route-table, decision 0014); merged into ACCESS_TABLE. */
export const SUNDAYS_ACCESS: Record<string, Access> = {
  'GET /api/runways': {
    spec: 'guide/roles-and-access.md#the-route-table /runways/planning creative: its tab bar names every runway',
    roles: from('creative'),
  },
  'GET /api/runways/dashboard': {
    spec: 'guide/roles-and-access.md#the-route-table /runways coordinator; decision 0014',
    roles: from('coordinator'),
  },
  'GET /api/runways/:code/sundays': {
    spec: 'guide/roles-and-access.md#the-route-table /runways/{runwayCode} coordinator; decision 0014',
    roles: from('coordinator'),
  },
  'GET /api/sundays/:date': {
    spec: 'guide/roles-and-access.md#the-route-table Sunday plan dialogs under /runways; decision 0058: creatives and approvers read the Sunday of their assigned work',
    roles: from('creative'),
  },
  'PUT /api/sundays/:date/runways/:code/items': {
    spec: 'guide/roles-and-access.md#the-route-table coordinator manages Sunday preparation; decision 0014',
    roles: from('coordinator'),
  },
  'PUT /api/sundays/:date/sermon': {
    spec: 'guide/roles-and-access.md#the-route-table coordinator manages Sunday preparation; decision 0014',
    roles: from('coordinator'),
  },
  'POST /api/sundays/:date/lock': {
    spec: "guide/roles-and-access.md#the-route-table 'Lock Sunday: admin or coordinator'",
    roles: from('coordinator'),
  },
  // Sunday work (decision 0058): a creative or approver completes what is assigned to them and is
  // refused (403) on someone else's; coordinators and admins complete anyone's. After the lock only
  // admins change it (422 'sunday_locked', checked in sunday-work.test.ts).
  'GET /api/sunday-work': {
    spec: "decision 0058: a person's own open Sunday work (My Tasks)",
    roles: from('creative'),
    list: { row: 'sundayTask', others: { creative: 'hidden', approver: 'hidden', coordinator: 'hidden', admin: 'hidden' } },
  },
  'PATCH /api/sunday-work/tasks/:id': { spec: SUNDAY_WORK, roles: from('creative'), rows: { row: 'sundayTask', ...OWN_WORK } },
  'PATCH /api/sunday-work/videos/:id': { spec: SUNDAY_WORK, roles: from('creative'), rows: { row: 'sundayVideo', ...OWN_WORK } },
  'PATCH /api/sunday-work/slides/:id': { spec: SUNDAY_WORK, roles: from('creative'), rows: { row: 'sundaySlide', ...OWN_WORK } },
  'PATCH /api/sunday-work/posts/:id': { spec: SUNDAY_WORK, roles: from('creative'), rows: { row: 'sundayPost', ...OWN_WORK } },
  'POST /api/sundays/:date/unlock': { spec: 'decision 0055: an admin unlocks a locked Sunday, logged with it', roles: from('admin') },
  'POST /api/sundays/:date/runways/:code/tasks': {
    spec: 'decision 0055: coordinators add a one-off task to one Sunday',
    roles: from('coordinator'),
  },
  // Sunday templates (guide/sunday-planning.md#sunday-templates): the planners make and apply them;
  // applying changes the Sunday's plan, so after the lock only admins may.
  'GET /api/sunday-templates': { spec: 'guide/sunday-planning.md#sunday-templates: coordinator and above', roles: from('coordinator') },
  'POST /api/sunday-templates': {
    spec: 'guide/sunday-planning.md#sunday-templates: coordinators make templates',
    roles: from('coordinator'),
  },
  'PUT /api/sunday-templates/:id': {
    spec: 'guide/sunday-planning.md#sunday-templates: coordinators edit templates',
    roles: from('coordinator'),
  },
  'DELETE /api/sunday-templates/:id': {
    spec: 'guide/sunday-planning.md#sunday-templates: coordinators delete templates',
    roles: from('coordinator'),
  },
  'POST /api/sundays/:date/templates/:id/apply': {
    spec: 'guide/sunday-planning.md#sunday-templates: coordinators apply a template to a Sunday; the lock rule applies (decision 0014)',
    roles: from('coordinator'),
    lockedSunday: { roles: ['admin'] },
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
