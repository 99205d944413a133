import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/**
 * People on Sundays (guide/sunday-planning.md#answering-an-assignment, #blockout-dates, #the-schedule):
 * whoever can be given work answers their own and keeps their own blockouts; coordinators and
 * above read anyone's blockouts, a picker's availability and the schedule, and assign from it.
 * That an answer is the person's own is checked on the row, in the answer's transaction.
 */
export const peoplePolicy = {
  answer: allow<unknown>('Assignment', 'answer', (actor) => hasRank(actor.role, 'creative')),
  ownBlockouts: allow<unknown>('Blockout', 'manageOwn', (actor) => hasRank(actor.role, 'creative')),
  readBlockouts: allow<unknown>('Blockout', 'readAnyone', (actor) => hasRank(actor.role, 'coordinator')),
  schedule: allow<unknown>('Schedule', 'plan', (actor) => hasRank(actor.role, 'coordinator')),
};
