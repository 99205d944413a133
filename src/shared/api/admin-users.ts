import { z } from 'zod';
import { ROLES } from '../domain/roles';

/**
 * API contract of Admin settings' Users and Ministries sections (guide/administration.md#users to 9, ARCHITECTURE.md#conventions,
 * decision 0020): the user table, invite, edit, active toggle, delete, reset password, resend
 * invite; the ministry table, create, edit and archive toggle.
 */
export const ADMIN_USERS_MESSAGES = {
  usersTitle: 'User Management',
  ministriesTitle: 'Ministry Management',
  inviteUser: 'Invite User',
  editUser: 'Edit User',
  searchPlaceholder: 'Search users...',
  allRoles: 'All roles',
  allStatuses: 'All statuses',
  invited: 'User invited!',
  updated: 'User updated successfully!',
  deleted: 'User Deleted',
  inviteResent: 'Invite Resent!',
  passwordReset: 'Success!',
  emailInUse: 'Email already in use.',
  lastAdmin: 'Cannot remove the last administrator.',
  confirmRoleChangeTitle: 'Confirm Role Change',
  confirmRoleChange: 'You are about to remove admin privileges from this user. Are you sure you want to continue?',
  statusFailed: 'Failed to update user status.',
  deleteFailed: 'Failed to delete user profile: ',
  resetFailed: 'Failed to reset password: ',
  ministrySaveFailed: 'Failed to save ministry.',
  ministryStatusFailed: 'Failed to update ministry status.',
  fetchFailed: 'Could not fetch settings data: ',
  deleteConfirm: 'Delete this user? This cannot be undone.',
  fullNameRequired: 'Full name is required.',
  emailInvalid: 'Enter a valid email address.',
  roleRequired: 'Role is required.',
  ministryNameRequired: 'Ministry name is required.',
  ministryNameTaken: 'A ministry with this name already exists.',
  unknownTier: "Choose one of the church's tiers.",
  unknownMinistry: 'Choose a ministry from the list.',
  userNotFound: 'That user no longer exists.',
  ministryNotFound: 'That ministry no longer exists.',
  roleAboveOwn: 'You cannot grant a role above your own.',
  notYourself: 'You cannot deactivate or delete your own account.',
  hasHistory: 'This person has requests, messages or activity on record, which must keep their name. Deactivate them instead.',
  inviteOnlyBeforeSignIn: 'This person has already signed in. Use Reset Password instead.',
  inviteSubject: 'Your Lampstand account',
  resetSubject: 'Your Lampstand password was reset',
  signInAction: 'Sign in',
  noUsers: 'No users yet.',
  noUsersMatch: 'No users match your search.',
  noMinistries: 'No ministries yet.',
  inviting:
    'Invite a person with their full name, e-mail, role and ministry. They receive an e-mail with a temporary password and a sign-in link, and must choose their own password when they first sign in. If the e-mail is lost, use Resend Invite; to let someone back in later, use Reset Password.',
} as const;

/** The user list is read a screen at a time, by name (keyset on (full_name, id), decision 0061); 'Load more' reads on. */
export const ADMIN_USERS_PAGE_SIZE = 50;

/** The user list's status filter: signed in at least once or not, switched off. */
export const USER_STATUSES = ['active', 'deactivated', 'invited'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  invited: 'Invite pending',
};

const roleSchema = z.enum(ROLES, { error: ADMIN_USERS_MESSAGES.roleRequired });
/** A tier code of the church's configuration (decision 0056), checked against it by the server. */
const tierSchema = z.string().trim().min(1, 'Choose a default tier.').max(20);
const idParam = z.object({ id: z.uuid() });
/** An empty ministry choice is "no ministry". */
const ministryIdSchema = z.preprocess((v) => (v === '' ? null : v), z.uuid().nullable().default(null));
const fullNameSchema = z
  .string({ error: ADMIN_USERS_MESSAGES.fullNameRequired })
  .trim()
  .min(1, ADMIN_USERS_MESSAGES.fullNameRequired)
  .max(200);

export const adminUserIdParams = idParam;
export const adminMinistryIdParams = idParam;

export const adminUsersQuery = z.object({
  /** Part of a name or e-mail, any case. */
  search: z.string().trim().max(200).optional(),
  role: roleSchema.optional(),
  status: z.enum(USER_STATUSES).optional(),
  /** The next page after the one shown (its `nextCursor`). */
  cursor: z.string().max(1000).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUserSchema = z.object({
  // Any uuid PostgreSQL stores (z.guid): a row made outside the app (an import) must not fail the whole list.
  id: z.guid(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  ministryId: z.guid().nullable(),
  ministryName: z.string().nullable(),
  active: z.boolean(),
  lastLoginAt: z.string().nullable(),
  passwordResetRequired: z.boolean(),
  /** The caller's own row: removing their own admin role needs no 'Confirm Role Change'. */
  isYou: z.boolean(),
  /** Actions the server allows on this row for the caller (the browser mirrors, never decides). */
  canDeactivate: z.boolean(),
  canDelete: z.boolean(),
  canResendInvite: z.boolean(),
  /** Two-step verification is on: the admin may reset it. */
  secondFactor: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponse = z.object({
  users: z.array(adminUserSchema),
  /** The cursor of the next page ('Load more'), null on the last one. */
  nextCursor: z.string().nullable(),
});
export type AdminUsersPage = z.infer<typeof adminUsersResponse>;

export const inviteUserBody = z.object({
  fullName: fullNameSchema,
  // The browser's own rule for an e-mail field, so the person can type the same address at sign-in.
  email: z
    .string({ error: ADMIN_USERS_MESSAGES.emailInvalid })
    .trim()
    .max(320)
    .pipe(z.email({ pattern: z.regexes.html5Email, error: ADMIN_USERS_MESSAGES.emailInvalid })),
  role: roleSchema,
  ministryId: ministryIdSchema,
});
export type InviteUserInput = z.input<typeof inviteUserBody>;
export type InviteUserBody = z.output<typeof inviteUserBody>;

export const updateUserBody = z.object({ fullName: fullNameSchema, role: roleSchema, ministryId: ministryIdSchema });
export type UpdateUserInput = z.input<typeof updateUserBody>;
export type UpdateUserBody = z.output<typeof updateUserBody>;

export const setActiveBody = z.object({ active: z.boolean() });

export const adminUserResponse = z.object({ user: adminUserSchema });
export const okResponse = z.object({ ok: z.literal(true) });

export const adminMinistrySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  defaultTier: tierSchema,
  active: z.boolean(),
  requestCount: z.number().int(),
});
export type AdminMinistry = z.infer<typeof adminMinistrySchema>;
export const adminMinistriesResponse = z.object({ ministries: z.array(adminMinistrySchema) });
export const adminMinistryResponse = z.object({ ministry: adminMinistrySchema });

export const saveMinistryBody = z.object({
  name: z.string({ error: ADMIN_USERS_MESSAGES.ministryNameRequired }).trim().min(1, ADMIN_USERS_MESSAGES.ministryNameRequired).max(200),
  defaultTier: tierSchema.default('C'),
});
export type SaveMinistryInput = z.input<typeof saveMinistryBody>;
export type SaveMinistryBody = z.output<typeof saveMinistryBody>;
