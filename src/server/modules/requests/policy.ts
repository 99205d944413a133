import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/**
 * Request lists (guide/roles-and-access.md#who-may-do-what, guide/roles-and-access.md#what-a-viewer-sees). My Requests: coordinators and above
 * what they requested, coordinate or are shared on; viewers what is shared with them; the others
 * their own. The archive: coordinators and above every archived request, the others their own.
 * Event promotions is the church-wide calendar: every live event. The SQL forms live in
 * queries.ts (myRequestsScope); whether a row opens is requestRead.where (src/server/queries/request-scope.ts).
 */
export const requestListPolicy = {
  seeEveryArchived: allow<unknown>('Request', 'see every archived', (actor) => hasRank(actor.role, 'coordinator')),
  seeCoordinated: allow<unknown>('Request', 'list coordinated', (actor) => hasRank(actor.role, 'coordinator')),
  listOwn: allow<{ requesterId: string }>('Request', 'list own', (actor, request) => request.requesterId === actor.id),
};
