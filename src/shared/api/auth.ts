import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../domain/constants';
import { ROLES } from '../domain/roles';
import { AUTH_MESSAGES } from './auth-messages';

/** API contract of sign-in, session and passwords (spec 000 sections 5, 7). */
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

export const signOutBody = z.object({ scope: z.enum(['local', 'global', 'others']).default('local') });

export const forgotPasswordBody = z.object({
  email: z.string({ error: AUTH_MESSAGES.resetEmailRequired }).trim().min(1, AUTH_MESSAGES.resetEmailRequired).max(320),
});

export const newPassword = z
  .string({ error: AUTH_MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(1000);

export const changePasswordBody = z.object({ password: newPassword });
export const resetPasswordBody = z.object({ token: z.string().min(10).max(200), password: newPassword });

export const messageResponse = z.object({ message: z.string() });
