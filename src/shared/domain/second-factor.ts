import type { Role } from './roles';

/**
 * The second step a session still owes (decision 0037): `verify` when the person has a
 * verified second factor and the session is still at aal1 (a code raises it to aal2); `enroll` when
 * the admin setting requires a factor of their role and they have none. Either confines the
 * session, like the password-change confinement, until done.
 */
export type SecondStep = 'verify' | 'enroll';

/** The roles the admin setting "Require a second factor for admins and coordinators" applies to. */
export const SECOND_FACTOR_REQUIRED_ROLES: readonly Role[] = ['admin', 'coordinator'];

export function secondStepOf(input: { aal: string; enrolled: boolean; role: string; requiredForStaff: boolean }): SecondStep | null {
  if (input.enrolled) return input.aal === 'aal2' ? null : 'verify';
  if (input.requiredForStaff && (SECOND_FACTOR_REQUIRED_ROLES as readonly string[]).includes(input.role)) return 'enroll';
  return null;
}
