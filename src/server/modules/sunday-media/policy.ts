import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/**
 * The media runway's editors (guide/roles-and-access.md#who-may-do-what, decisions 0014 and 0016): coordinators and
 * admins read and save Sunday Videos, the Slide Deck and the Social Media Plan; after Lock Sunday
 * only admins change that Sunday, its recurring slides included: a locked Sunday keeps the recurring
 * slides it had when it was locked (decision 0053). Lock Sunday is offered while the Sunday is open.
 */
export interface SundayFacts {
  isLocked: boolean;
}

const plans = (role: string) => hasRank(role, 'coordinator');

export const mediaPolicy = {
  /** Read by creatives and approvers too, who do the Sunday work assigned to them (decision 0058). */
  read: allow<unknown>('SundayMedia', 'read', (actor) => hasRank(actor.role, 'creative')),
  edit: allow<SundayFacts>('SundayMedia', 'edit', (actor, s) => plans(actor.role) && (!s.isLocked || actor.role === 'admin')),
  /** Recurring slides as this Sunday shows them: shared while it is open, its own copy once locked (decision 0053). */
  editRecurring: allow<SundayFacts>('RecurringSlide', 'edit', (actor, s) => plans(actor.role) && (!s.isLocked || actor.role === 'admin')),
  lock: allow<SundayFacts>('Sunday', 'lock', (actor, s) => plans(actor.role) && !s.isLocked),
  upload: allow<SundayFacts>('PlanningFile', 'upload', (actor, s) => plans(actor.role) && (!s.isLocked || actor.role === 'admin')),
};
