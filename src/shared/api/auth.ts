import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../domain/constants';
import { ROLES } from '../domain/roles';
import { AUTH_MESSAGES } from './auth-messages';

/** API contract of sign-in, session and passwords (guide/accounts-and-security.md#passwords, #sessions). */
// The messages live apart from the schemas so the first page can show them without loading zod.
export { AUTH_MESSAGES };

export const userSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  ministryId: z.string().nullable(),
  passwordResetRequired: z.boolean(),
  /**
   * The second step this session still owes (decision 0037): a code (`verify`) or setting up a
   * second factor the admin setting requires (`enroll`); absent or null when none.
   */
  secondStep: z.enum(['verify', 'enroll']).nullable().optional(),
});
export type CurrentUser = z.infer<typeof userSchema>;

export const sessionResponse = z.object({
  user: userSchema.nullable(),
  csrfToken: z.string().nullable(),
  /** Why a session just ended (a deactivated profile), shown on the sign-in screen. */
  notice: z.string().optional(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const signInBody = z.object({
  email: z.string({ error: AUTH_MESSAGES.missingCredentials }).trim().min(1, AUTH_MESSAGES.missingCredentials).max(320),
  password: z.string({ error: AUTH_MESSAGES.missingCredentials }).min(1, AUTH_MESSAGES.missingCredentials).max(1000),
});
export type SignInBody = z.infer<typeof signInBody>;

export const signOutBody = z.object({ scope: z.enum(['local', 'global', 'others']).default('local') });

export const forgotPasswordBody = z.object({
  email: z.string({ error: AUTH_MESSAGES.resetEmailRequired }).trim().min(1, AUTH_MESSAGES.resetEmailRequired).max(320),
});

export const newPassword = z
  .string({ error: AUTH_MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(1000);

/**
 * A password change proves the person first (decision 0051): the current password (the temporary
 * one after an invite or reset), or a fresh code from the authenticator app when two-step
 * verification is on. Without either, only a session opened by single sign-on in the last minutes
 * is enough.
 */
export const changePasswordBody = z.object({
  password: newPassword,
  currentPassword: z.string().max(1000).optional(),
  code: z
    .string()
    .trim()
    .regex(/^\d{3} ?\d{3}$/, 'Enter the 6-digit code from your authenticator app.')
    .optional(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordBody>;
export const resetPasswordBody = z.object({ token: z.string().min(10).max(200), password: newPassword });

export const messageResponse = z.object({ message: z.string() });

/** What the sign-in page offers (decision 0036): the password form, and single sign-on with its label. */
export const signInOptionsResponse = z.object({
  password: z.boolean(),
  sso: z.object({ label: z.string() }).nullable(),
});
export type SignInOptions = z.infer<typeof signInOptionsResponse>;

/** Admin settings: whether password sign-in is allowed (only turned off while single sign-on is configured). */
export const passwordSignInSettingSchema = z.object({
  enabled: z.boolean(),
  /** The single sign-on's label, or null when none is configured (then the switch cannot be turned off). */
  ssoLabel: z.string().nullable(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type PasswordSignInSetting = z.infer<typeof passwordSignInSettingSchema>;
export const passwordSignInSettingBody = z.object({ enabled: z.boolean() });

export const PASSWORD_SIGN_IN_MESSAGES = {
  heading: 'Sign-in',
  label: 'Allow password sign-in',
  explanation:
    'With single sign-on configured, a church that signs in only through its provider can turn the password form off. Access is still granted by an admin only.',
  notConfigured: 'Single sign-on is not configured (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET), so password sign-in stays on.',
  confirmTitle: 'Turn off password sign-in?',
  confirmBody:
    'Everyone, admins included, will have to sign in with single sign-on. Make sure your own e-mail signs in that way first. Whoever runs the server can bring passwords back by removing the OIDC settings.',
  confirmAction: 'Turn Off',
  saved: 'Changes saved successfully!',
  saveFailed: 'Error saving changes',
  fetchFailed: 'Could not fetch settings data: ',
  needsSso: 'Password sign-in can be turned off only when single sign-on is configured.',
} as const;
