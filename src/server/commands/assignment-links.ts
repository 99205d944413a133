import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ANSWERABLE_KINDS, RESPONSE_LINK_DAYS, type AnswerableKind } from '../../shared/domain/people-on-sundays';
import type { Executor } from '../platform/db/client';
import { serverSecrets } from '../platform/db/schema';

/**
 * The signed links of assignment e-mails (guide/sunday-planning.md#answering-an-assignment): each
 * names one assignment and one person and expires; an HMAC under the app's own secret (kept in
 * server_secrets like the e-mail links' key, decision 0034, under its own name) makes it
 * unforgeable. The link opens a page that asks; only the POST from that page answers.
 */

const SECRET_NAME = 'assignment_links';

export async function assignmentLinkSecret(tx: Executor): Promise<Buffer> {
  await tx
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await tx.select({ secret: serverSecrets.secret }).from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  return Buffer.from(row.secret, 'base64url');
}

export interface LinkClaim {
  kind: AnswerableKind;
  id: string;
  userId: string;
  /** Seconds since the epoch after which the link answers nothing. */
  expires: number;
}

const mac = (secret: Buffer, c: LinkClaim) =>
  createHmac('sha256', secret).update(`assignment-answer:${c.kind}:${c.id}:${c.userId}:${c.expires}`).digest('base64url');

export function signAssignmentLink(secret: Buffer, c: Omit<LinkClaim, 'expires'>, now = new Date()): string {
  const claim = { ...c, expires: Math.floor(now.getTime() / 1000) + RESPONSE_LINK_DAYS * 86_400 };
  return `${claim.kind}.${claim.id}.${claim.userId}.${claim.expires}.${mac(secret, claim)}`;
}

export type LinkCheck = { ok: true; claim: LinkClaim } | { ok: false; reason: 'invalid' | 'expired' };

/** A genuine, unexpired link's claim; 'expired' only for a genuine link past its time. */
export function verifyAssignmentLink(secret: Buffer, token: string, now = new Date()): LinkCheck {
  const parts = token.split('.');
  if (parts.length !== 5) return { ok: false, reason: 'invalid' };
  const [kind, id, userId, expiresText, sig] = parts;
  if (!(ANSWERABLE_KINDS as readonly string[]).includes(kind) || !/^\d{1,12}$/.test(expiresText)) return { ok: false, reason: 'invalid' };
  const claim: LinkClaim = { kind: kind as AnswerableKind, id, userId, expires: Number(expiresText) };
  const expected = Buffer.from(mac(secret, claim));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (claim.expires * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claim };
}

/** The page the link opens: it shows the work and asks; nothing is answered until its form is sent. */
export const RESPOND_PATH = '/respond';
export const respondUrl = (origin: string, token: string) => `${origin}${RESPOND_PATH}?token=${encodeURIComponent(token)}`;
