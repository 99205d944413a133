import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/**
 * The CMS queue (guide/roles-and-access.md#who-may-do-what /cms-queue coordinator, guide/reports.md#the-cms-queue): coordinators and above
 * read it and mark items published.
 */
export const cmsQueuePolicy = {
  publish: allow<unknown>('Item', 'publish', (actor) => hasRank(actor.role, 'coordinator')),
};
