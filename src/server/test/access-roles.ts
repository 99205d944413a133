import { ROLES, type Role } from '../../shared/domain/roles';

/** Role sets the access tables are written with (a file of its own: the per-area tables import it too). */
export const from = (min: Role): readonly Role[] => ROLES.slice(ROLES.indexOf(min));
export const ALL = from('viewer');
export const STAFF = ['creative', 'approver', 'coordinator', 'admin'] as const;
export const allowedFor = (roles: readonly Role[]) => Object.fromEntries(roles.map((r) => [r, 'allowed' as const]));
