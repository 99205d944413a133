import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/**
 * Runway set-up (decision 0055): coordinators and above read it and edit the recurring tasks
 * (coordinators run Sunday preparation); only admins create, rename, recolour, reorder, archive
 * and restore runways, and add the standard runways.
 */
export const runwaySetupPolicy = {
  read: allow<unknown>('RunwaySetup', 'read', (actor) => hasRank(actor.role, 'coordinator')),
  editTasks: allow<unknown>('RunwayTask', 'edit', (actor) => hasRank(actor.role, 'coordinator')),
  manageRunways: allow<unknown>('Runway', 'manage', (actor) => actor.role === 'admin'),
};
