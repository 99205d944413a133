import { todayIn } from '../../../shared/domain/dates';
import { churchConfig } from '../../platform/church-config';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import { badRequest, forbidden, whenMissing } from '../../platform/errors';
import { checkSubmittable, writeSubmission } from '../../commands/submit-request';
import { activeMinistry, findSubmissionByKey, loadDuplicableRequest } from './queries';
import type { UploadedFile } from './upload';
import { submissionPolicy } from './policy';

/**
 * Submitting a request (guide/requests.md#submission-rules, ARCHITECTURE.md#contracts): every rule is re-checked here whatever the
 * browser sent, the files are stored, then ONE transaction writes the request, its items, assets,
 * activity, the admins' notifications and e-mails and the idempotency key. If that transaction
 * fails, the stored files are removed again.
 */
export interface SubmitCommand {
  user: SessionUser;
  /** The `request` field as sent: checked here in the order the form names its reasons. */
  raw: unknown;
  files: UploadedFile[];
  idempotencyKey: string;
}

export interface SubmitResult {
  id: string;
  /** False when the key had already made this request (a retry or double click). */
  created: boolean;
}

export const ON_BEHALF_FORBIDDEN = 'Only approvers and above can submit on behalf of someone else.';
export const INACTIVE_MINISTRY = 'Choose an active ministry.';
export const DUPLICATE_NOT_FOUND = 'The request being duplicated was not found.';
export const INVALID_JSON = 'The request data is missing or is not valid JSON.';

export async function submitRequest(ctx: AppContext, cmd: SubmitCommand): Promise<SubmitResult> {
  const { user } = cmd;
  const raw = asRecord(cmd.raw);
  if ((text(raw.requesterName) || text(raw.requesterEmail)) && !submissionPolicy.submitOnBehalf.allows(user, null)) {
    throw forbidden(ON_BEHALF_FORBIDDEN);
  }
  const config = await churchConfig(ctx);
  const today = todayIn(config.church.effectiveTimeZone);
  const { submission, score } = checkSubmittable(raw, cmd.files.length, today, config);
  const ministry = await activeMinistry(ctx.db, submission.ministryId);
  if (!ministry) throw badRequest(INACTIVE_MINISTRY, { ministryId: INACTIVE_MINISTRY });
  if (submission.duplicateOf) {
    await whenMissing(loadDuplicableRequest(ctx.db, user, submission.duplicateOf), () => badRequest(DUPLICATE_NOT_FOUND));
  }

  const storedKeys: string[] = [];
  try {
    for (const file of cmd.files) storedKeys.push(await ctx.files.put(file.data, `.${file.type}`));
    const id = await inTransaction(ctx, (tx, events) =>
      writeSubmission(tx, events, {
        ...cmd,
        submission,
        score,
        ministryName: ministry.name,
        storedKeys,
        config,
        today,
        origin: ctx.config.appOrigin,
      }),
    );
    return { id, created: true };
  } catch (err) {
    await Promise.all(storedKeys.map((key) => ctx.files.remove(key).catch(() => {})));
    // Two tabs sending the same key at once: the loser's insert of the key fails; answer with the winner.
    if (isUniqueViolation(err)) {
      const existing = await findSubmissionByKey(ctx.db, cmd.idempotencyKey, user.id);
      if (existing) return { id: existing, created: false };
    }
    throw err;
  }
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function asRecord(raw: unknown): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(INVALID_JSON);
  return raw as Record<string, unknown>;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
