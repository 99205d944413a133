import { z } from 'zod';

/** API contract of the second factor and the sessions list (guide/accounts-and-security.md#two-step-verification; decision 0037). */

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'That code is not right. Check the time on your phone and try again.',
  wrongRecoveryCode: 'That recovery code is not right or was used already.',
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  recoveryCodeRequired: 'Enter one of your recovery codes.',
  tooManyAttempts: 'Too many wrong codes. Please wait 15 minutes and try again.',
  alreadyEnrolled: 'Two-step verification is already on. Turn it off first to set it up again.',
  notEnrolled: 'Two-step verification is not on for this account.',
  noEnrollment: 'Start the setup again: no code was expected.',
  enabled: 'Two-step verification is on.',
  disabled: 'Two-step verification is off.',
  verified: 'Verified.',
  sessionNotFound: 'That session has already ended.',
  reset: 'Two-step verification was reset. They will set it up again at their next sign-in.',
  userNotFound: 'User not found',
} as const;

/** A six-digit code from the authenticator app, '123456' or '123 456'. */
export const oneTimeCode = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .regex(/^\d{3} ?\d{3}$/, TWO_FACTOR_MESSAGES.codeRequired);
const recoveryCode = z
  .string({ error: TWO_FACTOR_MESSAGES.recoveryCodeRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.recoveryCodeRequired)
  .max(40);

export const codeBody = z.object({ code: oneTimeCode });
/** The sign-in's second step: a code from the app, or one recovery code. */
export const verifyBody = z.union([z.object({ code: oneTimeCode }), z.object({ recoveryCode })]);
export type VerifyInput = z.infer<typeof verifyBody>;

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The admin setting requires a second factor of this person's role. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const enrollmentResponse = z.object({
  /** The base32 secret, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The QR code of the otpauth URI as an SVG data URL. */
  qrCode: z.string(),
});
export type Enrollment = z.infer<typeof enrollmentResponse>;

export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });

export const accountSession = z.object({
  /** Not the session's key: a name for it that cannot be used as one. */
  id: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;
export const accountSessionsResponse = z.object({ sessions: z.array(accountSession) });
export const sessionIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });
export const endedResponse = z.object({ ended: z.number().int() });

export const secondFactorRequirement = z.object({
  enabled: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type SecondFactorRequirement = z.infer<typeof secondFactorRequirement>;
export const secondFactorRequirementBody = z.object({ enabled: z.boolean() });
