import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  EMAIL_KIND_LABELS,
  EMAIL_KINDS,
  effectiveModes,
  isEmailKind,
  type EmailKind,
  type EmailMode,
} from '../../shared/domain/email-preferences';
import type { Executor } from '../platform/db/client';
import { digestEntries, emailPreferences, serverSecrets } from '../platform/db/schema';
import { queueEmail, queueEmails, type OutgoingEmail } from '../platform/mail/outbox';
import { renderHtml, renderTextBody, type EmailContent, type EmailSection } from '../platform/mail/template';

/**
 * E-mails a person's preferences govern (decision 0034): the five kinds go out at once,
 * wait for the daily digest, or not at all, as the person chose; the row is written in the
 * caller's transaction either way. Notifications are not touched here.
 */

/** Every kind's mode for a person: their rows, else the defaults. */
export async function emailModesOf(tx: Executor, userId: string): Promise<Record<EmailKind, EmailMode>> {
  const rows = await tx
    .select({ kind: emailPreferences.kind, mode: emailPreferences.mode })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId));
  return effectiveModes(rows);
}

export async function emailModeOf(tx: Executor, userId: string, kind: EmailKind): Promise<EmailMode> {
  const rows = await tx
    .select({ kind: emailPreferences.kind, mode: emailPreferences.mode })
    .from(emailPreferences)
    .where(and(eq(emailPreferences.userId, userId), eq(emailPreferences.kind, kind)));
  return effectiveModes(rows)[kind];
}

export async function setEmailMode(tx: Executor, userId: string, kind: EmailKind, mode: EmailMode): Promise<void> {
  await tx
    .insert(emailPreferences)
    .values({ userId, kind, mode })
    .onConflictDoUpdate({ target: [emailPreferences.userId, emailPreferences.kind], set: { mode, updatedAt: sql`now()` } });
}

// ---------------------------------------------------------------- signed links

const LINK_SECRET = 'email_links';

/**
 * The HMAC key of the links that turn e-mails off. The app has no server secret in its
 * configuration, so one is made at first use and kept in the database, where every instance reads
 * the same one and a restart keeps it (decision 0034).
 */
export async function emailLinkSecret(tx: Executor): Promise<Buffer> {
  await tx
    .insert(serverSecrets)
    .values({ name: LINK_SECRET, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await tx.select({ secret: serverSecrets.secret }).from(serverSecrets).where(eq(serverSecrets.name, LINK_SECRET));
  return Buffer.from(row.secret, 'base64url');
}

/** What a signed link turns off: one kind, or every kind the person gets in the digest. */
export type OffTarget = EmailKind | 'digest';

const mac = (secret: Buffer, userId: string, target: OffTarget) =>
  createHmac('sha256', secret).update(`email-off:${userId}:${target}`).digest('base64url');

export function signOffToken(secret: Buffer, userId: string, target: OffTarget): string {
  return `${userId}.${target}.${mac(secret, userId, target)}`;
}

/** The person and kind of a genuine token, else null. */
export function verifyOffToken(secret: Buffer, token: string): { userId: string; target: OffTarget } | null {
  const [userId, target, sig, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !sig || !(isEmailKind(target) || target === 'digest')) return null;
  const expected = Buffer.from(mac(secret, userId, target));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, target } : null;
}

/** The one-click URL (List-Unsubscribe with List-Unsubscribe-Post, RFC 8058). */
export const offUrl = (origin: string, token: string) => `${origin}/email/off?token=${encodeURIComponent(token)}`;

/** Where a person changes their choices: the e-mail section of the account page. */
export const preferencesUrl = (origin: string) => `${origin}/account#email-preferences`;

export const PREFERENCES_LINK_TEXT = 'Change e-mail preferences';

// ---------------------------------------------------------------- sending

export interface PreferenceEmail {
  to: { id: string; fullName: string; email: string };
  kind: EmailKind;
  subject: string;
  /** The e-mail's paragraphs (plain text; escaped in the HTML part). */
  paragraphs: string[];
  /** Grouped lists after the paragraphs (a summary's requests, each with its link). */
  sections?: EmailSection[];
  requestId: string | null;
  requestTitle: string;
  /** The line the digest lists for it. */
  summary: string;
  /** Absolute link to what it is about. */
  link: string;
  /** The digest's link when it differs (an assignment's answer page is for the e-mail sent at once; the digest links the work). */
  digestLink?: string;
  actionText: string;
  origin: string;
}

/** Queues the e-mail, keeps it for the digest, or drops it, as the person chose for its kind. */
export async function sendPreferenceEmail(tx: Executor, email: PreferenceEmail): Promise<EmailMode> {
  const mode = await emailModeOf(tx, email.to.id, email.kind);
  if (mode === 'digest') {
    await tx.insert(digestEntries).values({
      userId: email.to.id,
      kind: email.kind,
      requestId: email.requestId,
      requestTitle: email.requestTitle,
      summary: email.summary,
      link: email.digestLink ?? email.link,
    });
  } else if (mode === 'immediate') {
    await queueEmail(tx, immediateEmail(email, await emailLinkSecret(tx)));
  }
  return mode;
}

/**
 * The outbox e-mail of a kind the person gets immediately: both parts, the preference link in the
 * footer and the one-click List-Unsubscribe for that kind.
 */
function immediateEmail(email: PreferenceEmail, secret: Buffer): OutgoingEmail {
  const token = signOffToken(secret, email.to.id, email.kind);
  const content: EmailContent = {
    paragraphs: email.paragraphs,
    sections: email.sections,
    action: { url: email.link, text: email.actionText },
    footer: {
      text: `You get e-mails about ${EMAIL_KIND_LABELS[email.kind].toLowerCase()} as they happen.`,
      link: { url: preferencesUrl(email.origin), text: PREFERENCES_LINK_TEXT },
    },
  };
  return {
    recipient: email.to.email,
    subject: email.subject,
    body: renderTextBody(content),
    actionUrl: email.link,
    actionText: email.actionText,
    html: renderHtml(content),
    listUnsubscribe: offUrl(email.origin, token),
  };
}

/**
 * Queues e-mails of kinds their people get immediately, all in one insert. `secret` is
 * emailLinkSecret's, read once by a caller that queues many (a batch of reminders).
 */
export async function queuePreferenceEmails(tx: Executor, emails: PreferenceEmail[], secret: Buffer): Promise<void> {
  await queueEmails(
    tx,
    emails.map((email) => immediateEmail(email, secret)),
  );
}

/** Turns off what a verified link names; the kinds changed. */
export async function turnOff(tx: Executor, userId: string, target: OffTarget): Promise<EmailKind[]> {
  const modes = await emailModesOf(tx, userId);
  const kinds = target === 'digest' ? EMAIL_KINDS.filter((k) => modes[k] === 'digest') : [target];
  for (const kind of kinds) await setEmailMode(tx, userId, kind, 'off');
  return kinds;
}
