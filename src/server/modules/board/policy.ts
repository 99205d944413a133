import { worksItem, type ItemFacts } from '../../../shared/domain/request-permissions';
import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/**
 * The production board (guide/roles-and-access.md#who-may-do-what /production, guide/roles-and-access.md#who-may-do-what, decision 0006): a
 * card moves by the hand of whoever works its item (its assignee, or a coordinator), the same
 * rule as the drawer's item steps; reassignment is for coordinators and above. The board's canMove
 * flag and the move handler both ask boardPolicy.move.
 */
export const boardPolicy = {
  move: allow<Pick<ItemFacts, 'assigneeId'>>('Item', 'move', worksItem),
  assign: allow<unknown>('Item', 'assign', (actor) => hasRank(actor.role, 'coordinator')),
};
