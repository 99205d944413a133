import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/** What the rule knows of the Sunday a template is applied to: whether it is locked. */
export interface SundayFacts {
  isLocked: boolean;
}

/**
 * Sunday templates (guide/sunday-planning.md#sunday-templates): coordinators and above make, edit and
 * delete them, as they plan the Sundays; applying one is a change to a Sunday's plan, so after the
 * Sunday is locked only an admin applies one (the lock rule, decision 0014).
 */
export const sundayTemplatesPolicy = {
  manage: allow<unknown>('SundayTemplate', 'manage', (actor) => hasRank(actor.role, 'coordinator')),
  apply: allow<SundayFacts>(
    'SundayTemplate',
    'apply',
    (actor, sunday) => hasRank(actor.role, 'coordinator') && (!sunday.isLocked || actor.role === 'admin'),
  ),
};
