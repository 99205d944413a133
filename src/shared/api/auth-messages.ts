/** The messages of sign-in, session and passwords (guide/accounts-and-security.md#passwords). */
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
  currentPasswordRequired: 'Enter your current password.',
  wrongCurrentPassword: 'Your current password is not right.',
  ssoSignInAgain: 'You signed in with single sign-on: sign in that way again, then set a password within 10 minutes.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Ask for a new one.',
} as const;
