import { z } from 'zod';

/** API contract of the e-mail outbox under Admin (decision 0053). */
export const OUTBOX_MESSAGES = {
  notFound: 'That e-mail is not in the outbox.',
  notRevealable: 'This e-mail carries no password that can be shown.',
  alreadyRevealed: 'This password was already shown once and cannot be shown again. Use Resend Invite for a new one.',
  noLongerValid: 'This password no longer works (the person signed in, changed it, or was sent a newer one), so it is not shown.',
  revealConfirm: (recipient: string) =>
    `Show the temporary password sent to ${recipient}? It is shown once, only to you, and the reveal is written to the activity log. Give it to the person yourself.`,
  resendConfirm: (recipient: string) => `Send this e-mail to ${recipient} again? The relay is tried again at once.`,
  notFailed: 'Only an e-mail whose sending failed can be resent.',
  alreadySent: 'This e-mail was already sent.',
  noRelay: 'No mail relay is set (SMTP_URL), so no e-mail can be sent.',
  relayRefused: (error: string) => `The mail relay did not take the test e-mail: ${error}`,
  testSent: (email: string) => `Test e-mail sent to ${email}. Check that inbox (and its spam folder).`,
} as const;

/** What Admin and System Health say about delivery (decision 0053). */
export const MAIL_DELIVERY_MESSAGES = {
  notDelivering: 'E-mails are not being delivered',
  noRelay: 'No mail relay is set, so invitations, password resets and notifications wait in the outbox for good.',
  fix: 'To deliver them, set SMTP_URL (for example smtp://user:password@smtp.example.org:587) and restart Lampstand. Until then, give each invited person their temporary password yourself: under Admin, open the invitation in the E-mail Outbox and choose Show password once.',
  waiting: (n: number) => (n === 0 ? 'Nothing is waiting yet.' : n === 1 ? '1 e-mail is waiting.' : `${n} e-mails are waiting.`),
  failing: (n: number) => (n === 1 ? '1 e-mail failed to send.' : `${n} e-mails failed to send.`),
} as const;

export const mailDeliverySchema = z.object({
  /** A mail relay (SMTP_URL) is set: the outbox worker sends. */
  relayConfigured: z.boolean(),
  /** Unsent e-mails. */
  queued: z.number(),
  /** Unsent e-mails whose last try failed (retrying or given up). */
  failed: z.number(),
});
export type MailDelivery = z.infer<typeof mailDeliverySchema>;

export const testEmailResponse = z.object({ message: z.string() });

export const outboxEmailSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  /** The body with every secret (temporary password, reset token) masked. */
  body: z.string(),
  actionUrl: z.string().nullable(),
  actionText: z.string().nullable(),
  sent: z.boolean(),
  sentAt: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** An invitation whose temporary password an admin may still reveal, once. */
  canReveal: z.boolean(),
  revealedAt: z.string().nullable(),
  /** Sending failed (it is retried, or given up): an admin may send it again now. */
  canResend: z.boolean(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const outboxPageSchema = z.object({ items: z.array(outboxEmailSchema), nextCursor: z.string().nullable(), queued: z.number() });
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const outboxIdParams = z.object({ id: z.uuid(OUTBOX_MESSAGES.notFound) });
export const revealResponse = z.object({ password: z.string() });
export type RevealResponse = z.infer<typeof revealResponse>;
