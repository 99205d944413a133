import type { CurrentUser } from '../../../shared/api/auth';
import type { Role } from '../../../shared/domain/roles';
import type { SecondStep } from '../../../shared/domain/second-factor';
import type { SessionUser } from './sessions';

/**
 * The signed-in person as the browser sees them, with the second step their session still owes
 * (decision 0037). Sign-in, the account profile and two-step verification all answer with it.
 */
export function presentCurrentUser(u: SessionUser, secondStep: SecondStep | null = null): CurrentUser {
  return {
    id: u.id,
    fullName: u.fullName,
    email: u.email,
    role: u.role as Role,
    ministryId: u.ministryId,
    passwordResetRequired: u.passwordResetRequired,
    secondStep,
  };
}
