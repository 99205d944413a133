/** Roles and ranks (guide/roles-and-access.md#the-six-roles, guide/roles-and-access.md#the-six-roles): viewer 1 .. admin 6; an unknown role ranks 0. */
export const ROLES = ['viewer', 'requester', 'creative', 'approver', 'coordinator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_RANK: Record<Role, number> = {
  viewer: 1,
  requester: 2,
  creative: 3,
  approver: 4,
  coordinator: 5,
  admin: 6,
};

export function rankOf(role: string | null | undefined): number {
  return role && Object.hasOwn(ROLE_RANK, role) ? ROLE_RANK[role as Role] : 0;
}

/** A check passes if the user's rank is at least the required rank. */
export function hasRank(role: string | null | undefined, required: Role): boolean {
  return rankOf(role) >= ROLE_RANK[required];
}

/**
 * Opening a request marks one's notifications about it read for everyone below coordinator
 * (guide/roles-and-access.md#the-six-roles: "set when a non-elevated user opens an item"); coordinators and admins,
 * who triage many requests, keep theirs until they read them.
 */
export function marksNotificationsReadOnOpen(role: string | null | undefined): boolean {
  return rankOf(role) > 0 && !hasRank(role, 'coordinator');
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  requester: "Submits and tracks their ministry's promotion requests.",
  creative: 'Creates assets and completes assigned tasks.',
  approver: 'Reviews and approves proofs.',
  coordinator: 'Plans schedules, assigns tasks, manages Sunday preparation.',
  viewer: 'Read-only across dashboards and calendars.',
  admin: 'Full control including users and settings.',
};

export const ROLE_LABELS: Record<Role, string> = {
  viewer: 'Viewer',
  requester: 'Requester',
  creative: 'Creative',
  approver: 'Approver',
  coordinator: 'Coordinator',
  admin: 'Admin',
};
