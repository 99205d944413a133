import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/**
 * New requests (guide/roles-and-access.md#who-may-do-what): requester and above submit; on-behalf-of needs approver;
 * duplicating starts from one's own request, or any for coordinators and above.
 */
export const submissionPolicy = {
  submitOnBehalf: allow<unknown>('Request', 'submit on behalf', (actor) => hasRank(actor.role, 'approver')),
  duplicate: allow<{ requesterId: string }>(
    'Request',
    'duplicate',
    (actor, request) => request.requesterId === actor.id || hasRank(actor.role, 'coordinator'),
  ),
};
