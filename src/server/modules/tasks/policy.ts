import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/**
 * Task lists and reminders (guide/roles-and-access.md#who-may-do-what): creatives see only the tasks assigned to them,
 * approvers and above every task; all users' lists, the Church Media Squad's and reassignment are
 * for coordinators and above; reminders for admins.
 */
export const taskPolicy = {
  seeEveryTask: allow<unknown>('Task', 'see every task', (actor) => hasRank(actor.role, 'approver')),
  listEveryone: allow<unknown>('Task', "list everyone's", (actor) => hasRank(actor.role, 'coordinator')),
  /** Filtering by someone else's tasks shows assignees, which only coordinators and above see. */
  filterByAssignee: allow<unknown>('Task', 'filter by assignee', (actor) => hasRank(actor.role, 'coordinator')),
  assign: allow<unknown>('Task', 'assign', (actor) => hasRank(actor.role, 'coordinator')),
  remind: allow<unknown>('Task', 'remind', (actor) => actor.role === 'admin'),
};
