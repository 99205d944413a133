import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/**
 * The CMS queue (spec 000 section 2 /cms-queue coordinator, DESIGN 5.7): coordinators and above
 * read it and mark items published.
 */
export const cmsQueuePolicy = {
  publish: allow<unknown>('Item', 'publish', (actor) => hasRank(actor.role, 'coordinator')),
};
