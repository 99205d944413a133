import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/** What a rule knows of a Sunday: whether any of its plans is locked (decision 0014). */
export interface SundayFacts {
  isLocked: boolean;
}

/**
 * Sunday planning (decision 0014): the dashboard, runway views and Sunday plans are read by
 * coordinators and above (the route table's /runways); saving is theirs too until the Sunday is
 * locked, then admins' only; Lock Sunday is 'admin or coordinator' (guide/roles-and-access.md#who-may-do-what) while the
 * Sunday is not locked. The Sunday's canEdit and canLock are these rules' answers, and the
 * writes' guard (`openSundayForEdit`) enforces the same lock.
 */
export const sundaysPolicy = {
  /** The runways dashboard and runway views: the planners'. */
  read: allow<unknown>('Sunday', 'read', (actor) => hasRank(actor.role, 'coordinator')),
  /**
   * One Sunday's plan, read only: creatives and approvers too, who open the Sunday to do the work
   * assigned to them and read the rest of it (decision 0058).
   */
  readSunday: allow<unknown>('Sunday', 'readOne', (actor) => hasRank(actor.role, 'creative')),
  edit: allow<SundayFacts>(
    'Sunday',
    'edit',
    (actor, sunday) => hasRank(actor.role, 'coordinator') && (!sunday.isLocked || actor.role === 'admin'),
  ),
  lock: allow<SundayFacts>('Sunday', 'lock', (actor, sunday) => hasRank(actor.role, 'coordinator') && !sunday.isLocked),
  /** Unlock Sunday: an admin, and only a locked Sunday (decision 0055). */
  unlock: allow<SundayFacts>('Sunday', 'unlock', (actor, sunday) => actor.role === 'admin' && sunday.isLocked),
  /** The System Health score on the dashboard: admins only (guide/roles-and-access.md#who-may-do-what). */
  health: allow<unknown>('SystemHealth', 'read', (actor) => actor.role === 'admin'),
};
