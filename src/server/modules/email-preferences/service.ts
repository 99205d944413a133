import { eq } from 'drizzle-orm';
import type { EmailPreferenceInput, EmailPreferences } from '../../../shared/api/email-preferences';
import { EMAIL_KINDS } from '../../../shared/domain/email-preferences';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { getSetting } from '../../platform/settings';
import { emailLinkSecret, emailModesOf, setEmailMode, turnOff, verifyOffToken } from '../../commands/email-preferences';

/** Every kind with the person's mode (defaults where they never chose), and when the digest goes. */
export async function readPreferences(ctx: AppContext, db: Executor, userId: string): Promise<EmailPreferences> {
  const modes = await emailModesOf(db, userId);
  return {
    preferences: EMAIL_KINDS.map((kind) => ({ kind, mode: modes[kind] })),
    digestTime: await getSetting(db, 'digestTime'),
    timeZone: ctx.config.churchTimeZone,
  };
}

/** The person changes one kind's mode; only their own. */
export async function updatePreference(ctx: AppContext, userId: string, input: EmailPreferenceInput): Promise<EmailPreferences> {
  return inTransaction(ctx, async (tx) => {
    await setEmailMode(tx, userId, input.kind, input.mode);
    return readPreferences(ctx, tx, userId);
  });
}

/**
 * A one-click link from an e-mail (List-Unsubscribe-Post, RFC 8058): a genuine token turns its kind
 * (or every digest kind) off for its person. False for a forged or altered token, or a person gone.
 */
export async function turnOffByToken(ctx: AppContext, token: string): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const verified = verifyOffToken(await emailLinkSecret(tx), token);
    if (!verified) return false;
    const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.id, verified.userId));
    if (!person) return false;
    await turnOff(tx, person.id, verified.target);
    return true;
  });
}
