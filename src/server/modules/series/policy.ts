import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/**
 * Sermon series (guide/roles-and-access.md#who-may-do-what route table /series coordinator; decision 0014): reading,
 * creating, editing and deleting are all for coordinators and above, so the screens need no
 * per-series action flags.
 */
export const seriesPolicy = {
  manage: allow<unknown>('Series', 'manage', (actor) => hasRank(actor.role, 'coordinator')),
};

/** Roles that may own a series (guide/roles-and-access.md#who-may-do-what: owner pickers list admin, coordinator, creative and approver). */
export const OWNER_ROLES = ['admin', 'coordinator', 'creative', 'approver'] as const;
