import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../domain/constants';
import { ROLES } from '../domain/roles';

/** API contract of sign-in, session and passwords (spec 000 sections 5, 7). */
export const AUTH_MESSAGES = {
  missingCredentials: 'You must provide either an email or phone number and a password',
  invalidCredentials: 'Invalid login credentials',
  deactivated: 'Your account has been deactivated.',
  profileFetchFailed: 'Could not fetch user profile. Please contact an administrator.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  resetEmailRequired: 'Please enter your email address to reset your password.',
  resetLinkSent: 'Password reset link sent to your email.',
  passwordTooShortTitle: 'Password too short',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordsDoNotMatch: 'Passwords do not match',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Ask for a new one.',
} as const;

export const userSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  ministryId: z.string().nullable(),
  passwordResetRequired: z.boolean(),
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
