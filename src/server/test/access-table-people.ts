import type { Access } from './access-table';
import { from } from './access-roles';

const ANSWERING = 'guide/sunday-planning.md#answering-an-assignment';
const BLOCKOUTS = 'guide/sunday-planning.md#blockout-dates';
const SCHEDULE = 'guide/sunday-planning.md#the-schedule';

/**
 * Expected access of people on Sundays; merged into ACCESS_TABLE. Whoever can be given work
 * (creative and up) answers their own and keeps their own blockouts: that an answer is the
 * caller's own is a rule on the row (only its assignee, whatever their role), tested in
 * people.test.ts. The e-mail's signed link is public: its token is its whole authority, and the
 * GET only reads. Coordinators and above plan: anyone's blockouts, availability, the schedule.
 */
export const PEOPLE_ACCESS: Record<string, Access> = {
  'POST /api/assignments/:kind/:id/response': { spec: `${ANSWERING}: the assignee accepts or declines`, roles: from('creative') },
  'GET /api/assignment-links': { spec: `${ANSWERING}: the e-mail link's page reads what it is about`, public: true, roles: [] },
  'POST /api/assignment-links': { spec: `${ANSWERING}: the e-mail link's page answers`, public: true, roles: [] },
  'GET /api/account/blockouts': { spec: `${BLOCKOUTS}: each person keeps their own on /account`, roles: from('creative') },
  'POST /api/account/blockouts': { spec: `${BLOCKOUTS}: each person keeps their own on /account`, roles: from('creative') },
  'DELETE /api/account/blockouts/:id': { spec: `${BLOCKOUTS}: each person keeps their own on /account`, roles: from('creative') },
  'GET /api/people/:id/blockouts': { spec: `${BLOCKOUTS}: coordinators read anyone's`, roles: from('coordinator') },
  'GET /api/availability': { spec: `${BLOCKOUTS}: the coordinators' assignee pickers`, roles: from('coordinator') },
  'GET /api/schedule': { spec: `${SCHEDULE}: coordinators and above`, roles: from('coordinator') },
  'PUT /api/schedule/assignments': { spec: `${SCHEDULE}: coordinators and above fill a slot`, roles: from('coordinator') },
  'GET /api/admin/settings/assign-without-asking': { spec: `${ANSWERING}: an Admin Settings setting`, roles: from('admin') },
  'PUT /api/admin/settings/assign-without-asking': { spec: `${ANSWERING}: an Admin Settings setting`, roles: from('admin') },
};
