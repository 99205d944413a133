import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';

/**
 * E-mail preferences and the daily digest: each person chooses, per kind of e-mail,
 * to get it at once, in the daily digest, or not at all. In-app notifications are unaffected.
 * E-mails of no kind here (password reset, invites, a new request to the admins) always go at once.
 */
export const EMAIL_KINDS = ['assignment', 'proof_ready', 'proof_decision', 'mention', 'reminder'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_MODES = ['immediate', 'digest', 'off'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  assignment: 'Assignments',
  proof_ready: 'Proof ready for review',
  proof_decision: 'Proof approved or changes requested',
  mention: 'Mentions',
  reminder: 'Task reminders',
};

export const EMAIL_MODE_LABELS: Record<EmailMode, string> = {
  immediate: 'Immediately',
  digest: 'Daily digest',
  off: 'Off',
};

/** Immediately for proofs and mentions, the digest for the rest (the defaults). */
export const DEFAULT_EMAIL_MODES: Record<EmailKind, EmailMode> = {
  assignment: 'digest',
  proof_ready: 'immediate',
  proof_decision: 'immediate',
  mention: 'immediate',
  reminder: 'digest',
};

export function isEmailKind(value: unknown): value is EmailKind {
  return typeof value === 'string' && (EMAIL_KINDS as readonly string[]).includes(value);
}

/** The person's mode of every kind: their stored choice, else the default. */
export function effectiveModes(stored: ReadonlyArray<{ kind: string; mode: string }>): Record<EmailKind, EmailMode> {
  const modes = { ...DEFAULT_EMAIL_MODES };
  for (const row of stored) {
    if (isEmailKind(row.kind) && (EMAIL_MODES as readonly string[]).includes(row.mode)) modes[row.kind] = row.mode as EmailMode;
  }
  return modes;
}

// ---------------------------------------------------------------- when the digest is due

/** The admin's digest time, 'HH:MM' on a 24-hour clock in the church's time zone. */
export const DIGEST_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DEFAULT_DIGEST_TIME = '07:00';

export interface DigestDue {
  /** The church's calendar date at `now`: the digest of that day, once per person. */
  churchDate: string;
  /** Whether that day's digest time has come (church wall-clock time at or past it). */
  due: boolean;
}

/**
 * Whether today's digest is due, and which church day "today" is. Both are read off the church's
 * wall clock at `now`, never by adding hours to midnight, so a day of 23 or 25 hours (a daylight
 * saving change) moves nothing: on the day clocks spring forward past a time that never happens
 * (02:30 in New York), the digest is due from 03:00; on the day they fall back, the first time the
 * clock shows the digest time makes it due, and the once-per-person-per-day row stops the repeat.
 */
export function digestDue(now: Date, timeZone: string, time: string = DEFAULT_DIGEST_TIME): DigestDue {
  const local = new TZDate(now, timeZone);
  const churchDate = format(local, 'yyyy-MM-dd');
  const clock = format(local, 'HH:mm');
  return { churchDate, due: clock >= (DIGEST_TIME_PATTERN.test(time) ? time : DEFAULT_DIGEST_TIME) };
}

// ---------------------------------------------------------------- the digest's content

export interface DigestEntry {
  kind: EmailKind;
  requestId: string | null;
  requestTitle: string;
  summary: string;
  link: string;
  createdAt: Date;
}

export interface DigestGroup {
  requestId: string | null;
  requestTitle: string;
  link: string;
  entries: DigestEntry[];
}

/**
 * The digest's entries grouped by request, in the order things happened: the groups by their first
 * entry, the entries oldest first. Entries without a request form one group each by title.
 */
export function groupDigestEntries(entries: readonly DigestEntry[]): DigestGroup[] {
  const sorted = [...entries].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const groups = new Map<string, DigestGroup>();
  for (const e of sorted) {
    const key = e.requestId ?? `title:${e.requestTitle}`;
    let group = groups.get(key);
    if (!group) {
      group = { requestId: e.requestId, requestTitle: e.requestTitle, link: e.link, entries: [] };
      groups.set(key, group);
    }
    group.entries.push(e);
  }
  return [...groups.values()];
}
