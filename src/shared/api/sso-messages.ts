import { AUTH_MESSAGES } from './auth-messages';

/**
 * The messages of single sign-on (decision 0036). Apart from AUTH_MESSAGES so that they load with
 * the sign-in page's chunk, not with the first page every visitor downloads.
 */
export const SSO_MESSAGES = {
  /** A verified e-mail that matches no profile: the spec's words on the sign-in screen. */
  unknown: 'Need access? Contact an administrator to be added',
  failed: 'Sign-in failed. Please try again.',
  unverified: 'Your sign-in provider has not verified your e-mail address, so it cannot sign you in here.',
  unavailable: 'Single sign-on is not available right now. Please try again later.',
  passwordSignInOff: 'Password sign-in is turned off for this church. Use the single sign-on button instead.',
} as const;

/**
 * Why a single sign-on came back to /login (`/login?sso=<code>`): the code the callback puts in
 * the address and the message the sign-in page shows for it.
 */
export const SSO_ERRORS = {
  unknown: SSO_MESSAGES.unknown,
  deactivated: AUTH_MESSAGES.deactivated,
  unverified: SSO_MESSAGES.unverified,
  unavailable: SSO_MESSAGES.unavailable,
  failed: SSO_MESSAGES.failed,
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;

/** The message of a `sso` code from the address, or null for none or an unknown code. */
export function ssoErrorMessage(code: string | null): string | null {
  return code && Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code as SsoErrorCode] : null;
}

/** Where the sign-in button sends the browser: the server redirects it on to the provider. */
export const SSO_START_PATH = '/api/auth/oidc/start';
