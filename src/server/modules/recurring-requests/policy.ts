import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/**
 * Recurring requests (guide/requests.md#recurring-requests): requesters and above make them from
 * their own templates or the church's and pause, resume and end their own; someone else's series
 * is not found (checked in the service).
 */
export const recurringPolicy = {
  own: allow<unknown>('RecurringRequest', 'manage', (actor) => hasRank(actor.role, 'requester')),
};
