import { and, eq, isNull, sql } from 'drizzle-orm';
import { format } from 'date-fns/format';
import {
  digestDue,
  EMAIL_KIND_LABELS,
  EMAIL_KINDS,
  groupDigestEntries,
  isEmailKind,
  type DigestEntry,
} from '../../../shared/domain/email-preferences';
import { inTransaction, type AppContext } from '../../platform/context';
import { rowsOf, type Tx } from '../../platform/db/client';
import { digestEntries, digestsSent } from '../../platform/db/schema';
import { queueEmail } from '../../platform/mail/outbox';
import { renderHtml, renderTextBody, type EmailContent } from '../../platform/mail/template';
import { getSetting } from '../../platform/settings';
import {
  emailLinkSecret,
  emailModesOf,
  offUrl,
  PREFERENCES_LINK_TEXT,
  preferencesUrl,
  signOffToken,
} from '../../commands/email-preferences';

/** The scheduler's name for the digest in job_runs. */
export const DIGEST_JOB = 'email_digest';
/** The job looks every few minutes; it sends only once the day's digest time has come. */
export const DIGEST_CHECK_MS = 5 * 60 * 1000;

export interface DigestRun {
  churchDate: string;
  due: boolean;
  /** Digests queued by this run. */
  sent: number;
}

interface Person {
  id: string;
  fullName: string;
  email: string;
}

/** Thrown inside a person's transaction to undo the claim when nothing was waiting after all. */
class NothingToSend extends Error {}

/**
 * The daily digest (decision 0034): once the admin's digest time has passed on the
 * church's wall clock, each person with entries waiting gets one e-mail listing them, grouped by
 * request. Each person is one transaction: claim (person, church date) in digests_sent with
 * INSERT ... ON CONFLICT DO NOTHING, mark the entries, queue the e-mail. Another instance running
 * at once waits on the claim's key and then finds it taken; a run cut short leaves every person
 * either fully done or untouched, so the next run sends only what is missing.
 */
export async function runDailyDigest(ctx: AppContext, now: Date = new Date()): Promise<DigestRun> {
  const time = await getSetting(ctx.db, 'digestTime');
  const { churchDate, due } = digestDue(now, ctx.config.churchTimeZone, time);
  if (!due) return { churchDate, due, sent: 0 };
  const waiting = rowsOf<{ id: string; full_name: string; email: string }>(
    await ctx.db.execute(sql`
      select u.id, u.full_name, u.email from users u
      where u.active and not u.is_external
        and exists (select 1 from digest_entries e where e.user_id = u.id and e.digest_date is null and e.created_at <= ${now.toISOString()}::timestamptz)
        and not exists (select 1 from digests_sent d where d.user_id = u.id and d.digest_date = ${churchDate}::date)
      order by u.id`),
  );
  let sent = 0;
  for (const row of waiting) {
    const person = { id: row.id, fullName: row.full_name, email: row.email };
    try {
      if (await inTransaction(ctx, (tx) => sendDigest(ctx, tx, person, churchDate, now))) sent++;
    } catch (err) {
      if (!(err instanceof NothingToSend)) throw err;
    }
  }
  return { churchDate, due, sent };
}

async function sendDigest(ctx: AppContext, tx: Tx, person: Person, churchDate: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .insert(digestsSent)
    .values({ userId: person.id, digestDate: churchDate, entries: 0 })
    .onConflictDoNothing()
    .returning({ userId: digestsSent.userId });
  if (claimed.length === 0) return false;
  const taken = await tx
    .update(digestEntries)
    .set({ digestDate: churchDate })
    .where(and(eq(digestEntries.userId, person.id), isNull(digestEntries.digestDate), sql`${digestEntries.createdAt} <= ${now}`))
    .returning();
  if (taken.length === 0) throw new NothingToSend();
  await tx
    .update(digestsSent)
    .set({ entries: taken.length })
    .where(and(eq(digestsSent.userId, person.id), eq(digestsSent.digestDate, churchDate)));
  const entries: DigestEntry[] = taken
    .filter((e) => isEmailKind(e.kind))
    .map((e) => ({
      kind: e.kind as DigestEntry['kind'],
      requestId: e.requestId,
      requestTitle: e.requestTitle,
      summary: e.summary,
      link: e.link,
      createdAt: e.createdAt,
    }));
  const modes = await emailModesOf(tx, person.id);
  const digestKinds = EMAIL_KINDS.filter((k) => modes[k] === 'digest').map((k) => EMAIL_KIND_LABELS[k].toLowerCase());
  const origin = ctx.config.appOrigin;
  const content = digestContent(person, churchDate, entries, digestKinds, origin);
  await queueEmail(tx, {
    recipient: person.email,
    subject: digestSubject(churchDate),
    body: renderTextBody(content),
    actionUrl: content.action!.url,
    actionText: content.action!.text,
    html: renderHtml(content),
    listUnsubscribe: offUrl(origin, signOffToken(await emailLinkSecret(tx), person.id, 'digest')),
  });
  return true;
}

const dateOf = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};

export const digestSubject = (churchDate: string) => `Your Lampstand digest for ${format(dateOf(churchDate), 'EEEE, MMMM d')}`;

/** The digest's text and HTML content: one section per request, its entries oldest first. */
export function digestContent(
  person: { fullName: string },
  churchDate: string,
  entries: DigestEntry[],
  digestKinds: string[],
  origin: string,
): EmailContent {
  const groups = groupDigestEntries(entries);
  return {
    paragraphs: [
      `Hi ${person.fullName},`,
      `Here is what happened in Lampstand since your last digest (${entries.length} ${entries.length === 1 ? 'update' : 'updates'}).`,
    ],
    sections: groups.map((g) => ({
      title: g.requestTitle,
      link: { url: g.link, text: 'View Request' },
      items: g.entries.map((e) => `${EMAIL_KIND_LABELS[e.kind]}: ${e.summary}`),
    })),
    action: { url: `${origin}/notifications`, text: 'View Notifications' },
    footer: {
      text: digestKinds.length
        ? `You get the daily digest for ${digestKinds.join(', ')}.`
        : `This digest lists what was waiting for ${churchDate}.`,
      link: { url: preferencesUrl(origin), text: PREFERENCES_LINK_TEXT },
    },
  };
}

/** The digest as a scheduled job (main.ts): every few minutes; it sends once the day's time has come. */
export function digestJob(ctx: AppContext) {
  return { name: DIGEST_JOB, intervalMs: DIGEST_CHECK_MS, run: () => runDailyDigest(ctx) };
}
