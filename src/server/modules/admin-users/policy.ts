import { rankOf } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/**
 * Who may do what to a user account (guide/roles-and-access.md#who-may-do-what, ARCHITECTURE.md#conventions after documenso's role
 * hierarchy). The routes are admin-only; within them nobody grants a role above their own, and an
 * admin never deactivates or deletes their own account (they would lock themselves out). The last
 * administrator is guarded in the service, under row locks, because it depends on other rows.
 */
export const adminUsersPolicy = {
  grant: allow<{ role: string }>('User', 'grant', (actor, target) => rankOf(target.role) <= rankOf(actor.role)),
  removeAccount: allow<{ id: string }>('User', 'remove', (actor, target) => target.id !== actor.id),
};
