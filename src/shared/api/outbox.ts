import { z } from 'zod';

/** API contract of the e-mail outbox under Admin (decision 0053). */
export const OUTBOX_MESSAGES = {
  notFound: 'That e-mail is not in the outbox.',
  notRevealable: 'This e-mail carries no password that can be shown.',
  alreadyRevealed: 'This password was already shown once and cannot be shown again. Use Resend Invite for a new one.',
  noLongerValid: 'This password no longer works (the person signed in, changed it, or was sent a newer one), so it is not shown.',
  revealConfirm: (recipient: string) =>
    `Show the temporary password sent to ${recipient}? It is shown once, only to you, and the reveal is written to the activity log. Give it to the person yourself.`,
} as const;

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
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const outboxPageSchema = z.object({ items: z.array(outboxEmailSchema), nextCursor: z.string().nullable(), queued: z.number() });
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const outboxIdParams = z.object({ id: z.uuid(OUTBOX_MESSAGES.notFound) });
export const revealResponse = z.object({ password: z.string() });
export type RevealResponse = z.infer<typeof revealResponse>;
