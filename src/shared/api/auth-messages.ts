/** The messages of sign-in, session and passwords (spec 000 sections 5 and 8). */
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
  /** Single sign-on (decision 0036): a verified e-mail that matches no profile. */
  ssoUnknown: 'Need access? Contact an administrator to be added',
  ssoFailed: 'Sign-in failed. Please try again.',
  ssoUnverified: 'Your sign-in provider has not verified your e-mail address, so it cannot sign you in here.',
  ssoUnavailable: 'Single sign-on is not available right now. Please try again later.',
  passwordSignInOff: 'Password sign-in is turned off for this church. Use the single sign-on button instead.',
} as const;

/**
 * Why a single sign-on came back to /login (`/login?sso=<code>`): the code the callback puts in
 * the address and the message the sign-in page shows for it.
 */
export const SSO_ERRORS = {
  unknown: AUTH_MESSAGES.ssoUnknown,
  deactivated: AUTH_MESSAGES.deactivated,
  unverified: AUTH_MESSAGES.ssoUnverified,
  unavailable: AUTH_MESSAGES.ssoUnavailable,
  failed: AUTH_MESSAGES.ssoFailed,
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;

/** The message of a `sso` code from the address, or null for none or an unknown code. */
export function ssoErrorMessage(code: string | null): string | null {
  return code && Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code as SsoErrorCode] : null;
}

/** Where the sign-in button sends the browser: the server redirects it on to the provider. */
export const SSO_START_PATH = '/api/auth/oidc/start';
