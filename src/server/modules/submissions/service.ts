import { and, eq } from 'drizzle-orm';
import { submissionErrors, submissionSchemaFor, type Submission } from '../../../shared/api/submission';
import {
  calendarBlockedMessage,
  calendarBlocks,
  findTier,
  planConfiguredItems,
  promotionNoticeError,
  type ChurchConfig,
} from '../../../shared/domain/church-config';
import { todayIn } from '../../../shared/domain/dates';
import { completenessScore, isImpactInOne, meetsCompleteness, SUBMIT_MESSAGES } from '../../../shared/domain/request-rules';
import { churchConfig } from '../../platform/church-config';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import { idempotencyKeys, requestAssets, requestItems, requests, users } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { badRequest, forbidden, ruleBroken, whenMissing } from '../../platform/errors';
import { queueEmail } from '../../platform/mail/outbox';
import { createNotifications } from '../../commands/notify';
import { appendActivity } from '../../commands/activity';
import { requestChanged } from '../../commands/request-changed';
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
  const { submission, score } = checkSubmittable(raw, cmd.files.length, todayIn(config.church.effectiveTimeZone), config);
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

/**
 * The checks of guide/requests.md#submission-rules in the order the form gives its disabled reasons: completeness
 * (422), the calendar question's Yes (422, while the church asks it and a No blocks), then the first
 * field error (400), then the minimum notice (422). The server recomputes the score itself; a score
 * sent by the browser is never read. Tiers and channels are the church's offered ones (decision 0056).
 */
function checkSubmittable(raw: Record<string, unknown>, fileCount: number, today: string, config: ChurchConfig) {
  const { church } = config;
  const score = completenessScore({
    eventTitle: text(raw.eventTitle),
    ministryId: text(raw.ministryId),
    promotionStartDate: text(raw.promotionStartDate),
    eventStartDate: text(raw.eventStartDate),
    descriptionShort: text(raw.descriptionShort),
    tier: text(raw.tier),
    // A church that does not ask the calendar question gives its points to every request.
    planningCenterAdded: !church.calendarQuestion || raw.planningCenterAdded === true,
    descriptionLong: text(raw.descriptionLong),
    targetAudience: text(raw.targetAudience),
    fileCount,
  });
  if (!meetsCompleteness(score)) throw ruleBroken(SUBMIT_MESSAGES.incomplete);
  if (calendarBlocks(church, raw.planningCenterAdded === true ? true : null)) {
    const message = calendarBlockedMessage(church);
    throw ruleBroken(message, { planningCenterAdded: message });
  }
  const schema = submissionSchemaFor(config);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const errors = submissionErrors(raw, schema);
    const fields = Object.fromEntries(errors.map((e) => [e.field, e.message]));
    throw badRequest(errors[0]?.message ?? SUBMIT_MESSAGES.requiredFields, fields);
  }
  const leadTime = promotionNoticeError(parsed.data.promotionStartDate, today, church.promotionMinDays);
  if (leadTime) throw ruleBroken(leadTime, { promotionStartDate: leadTime });
  return { submission: parsed.data, score };
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function asRecord(raw: unknown): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(INVALID_JSON);
  return raw as Record<string, unknown>;
}

interface WriteInput extends SubmitCommand {
  submission: Submission;
  score: number;
  ministryName: string;
  storedKeys: string[];
  config: ChurchConfig;
  /** The configured origin, for the link in the e-mails. */
  origin: string;
}

async function writeSubmission(tx: Tx, events: AppEvent[], input: WriteInput): Promise<string> {
  const { user, submission: s } = input;
  const impact = isImpactInOne(s.eventTitle);
  // Impact in One forces tier A (guide/requests.md#submission-rules) while the church offers it; a browser that sent
  // another tier gets A's channels.
  const tierA = findTier(input.config, 'A');
  const forced = impact && !!tierA && !tierA.archived;
  const tier = forced ? 'A' : s.tier;
  const included = forced && s.tier !== 'A' ? [...tierA.channels] : s.includedChannels;
  const [request] = await tx
    .insert(requests)
    .values({
      eventTitle: s.eventTitle,
      ministryId: s.ministryId,
      requesterId: user.id,
      requesterNameOverride: s.requesterName,
      requesterEmailOverride: s.requesterEmail,
      promotionStartDate: s.promotionStartDate,
      eventStartDate: s.eventStartDate,
      eventEndDate: s.eventEndDate,
      startTime: s.startTime,
      endTime: s.endTime,
      location: s.location,
      expectedAttendance: s.expectedAttendance,
      descriptionShort: s.descriptionShort,
      descriptionLong: s.descriptionLong,
      targetAudience: s.targetAudience,
      tier,
      leadTimeDays: findTier(input.config, tier)?.leadTimeDays ?? null,
      isImpactInOne: impact,
      planningCenterAdded: s.planningCenterAdded,
      planningCenterLink: s.planningCenterLink,
      infoLink: s.infoLink,
      registrationLink: s.registrationLink,
      websiteDescription: s.websiteDescription,
      designDirection: s.designDirection,
      designNotes: s.designNotes,
      additionalChannels: Object.fromEntries(s.additionalChannels.map((c) => [c, true])),
      otherChannelText: s.additionalChannels.includes('other') ? s.otherChannelText : null,
      status: 'submitted',
      contentCompleteScore: input.score,
      duplicateOf: s.duplicateOf,
    })
    .returning({ id: requests.id });
  // The key right away: a concurrent twin with the same key fails here, before writing more.
  await tx.insert(idempotencyKeys).values({ key: input.idempotencyKey, userId: user.id, requestId: request.id });

  const items = planConfiguredItems(input.config, { tier, includedChannels: included, additionalChannels: s.additionalChannels });
  if (items.length > 0) {
    await tx.insert(requestItems).values(
      items.map((item) => ({
        requestId: request.id,
        channel: item.channel,
        status: 'submitted',
        dueDate: s.promotionStartDate,
        isAdditionalRequest: item.isAdditionalRequest,
        additionalRequestStatus: item.additionalRequestStatus,
      })),
    );
  }
  if (input.files.length > 0) {
    await tx.insert(requestAssets).values(
      input.files.map((file, i) => ({
        requestId: request.id,
        fileName: file.fileName,
        storageKey: input.storedKeys[i],
        fileSize: file.data.length,
        fileType: file.mimeType,
        uploadedBy: user.id,
        versionNumber: 1,
      })),
    );
  }
  const requesterName = s.requesterName ?? user.fullName;
  await appendActivity(tx, {
    requestId: request.id,
    userId: user.id,
    actionType: 'request_submitted',
    newValue: 'submitted',
    notes: s.requesterName ? `Submitted by ${user.fullName} on behalf of ${requesterName}` : null,
  });
  await notifyAdmins(tx, events, { requestId: request.id, title: s.eventTitle, requesterName, ...input });
  events.push(requestChanged(request.id, [user.id]));
  return request.id;
}

/** "Request submitted (to admin)" (guide/requests.md#submission-rules): a notification and a queued e-mail each. */
async function notifyAdmins(
  tx: Tx,
  events: AppEvent[],
  input: { requestId: string; title: string; requesterName: string; ministryName: string; origin: string },
): Promise<void> {
  const admins = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true), eq(users.isExternal, false)));
  const link = `/request/${input.requestId}`;
  const body = `${input.requesterName} submitted "${input.title}" for ${input.ministryName}.`;
  await createNotifications(
    tx,
    events,
    admins.map((admin) => ({
      userId: admin.id,
      title: 'New request submitted',
      body,
      type: 'request_submitted',
      requestId: input.requestId,
      link,
    })),
  );
  for (const admin of admins) {
    await queueEmail(tx, {
      recipient: admin.email,
      subject: `New request submitted: ${input.title}`,
      body: `${body} Please review it in Lampstand.`,
      actionUrl: `${input.origin}${link}`,
      actionText: 'View Request',
    });
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
