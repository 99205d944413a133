import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/** What the rule knows of a piece of Sunday work: whom it is assigned to, and whether its Sunday is locked. */
export interface SundayWorkFacts {
  assigneeId: string | null;
  isLocked: boolean;
}

/**
 * Sunday work (decision 0058): a creative or an approver lists their own and completes what is
 * assigned to them; coordinators and admins complete anyone's, as they may edit the whole plan.
 * After the Sunday is locked only admins change it (decision 0014).
 */
export const sundayWorkPolicy = {
  list: allow<unknown>('SundayWork', 'list', (actor) => hasRank(actor.role, 'creative')),
  /** The work is theirs to touch (others' is 403), the lock aside. */
  own: allow<SundayWorkFacts>(
    'SundayWork',
    'complete',
    (actor, w) => hasRank(actor.role, 'coordinator') || (hasRank(actor.role, 'creative') && w.assigneeId === actor.id),
  ),
  complete: allow<SundayWorkFacts>(
    'SundayWork',
    'complete',
    (actor, w) =>
      (hasRank(actor.role, 'coordinator') || (hasRank(actor.role, 'creative') && w.assigneeId === actor.id)) &&
      (!w.isLocked || actor.role === 'admin'),
  ),
};
