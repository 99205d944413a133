import { and, eq } from 'drizzle-orm';
import { submissionErrors, submissionSchemaFor, type Submission } from '../../shared/api/submission';
import {
  calendarBlockedMessage,
  calendarBlocks,
  findChannel,
  findTier,
  planConfiguredItems,
  type ConfiguredItem,
  promotionNoticeError,
  type ChurchConfig,
} from '../../shared/domain/church-config';
import { dropReason, stillPossible, type PromotionWindow } from '../../shared/domain/capacity';
import { completenessScore, isImpactInOne, meetsCompleteness, SUBMIT_MESSAGES } from '../../shared/domain/request-rules';
import type { SessionUser } from '../platform/auth/sessions';
import type { Tx } from '../platform/db/client';
import { idempotencyKeys, requestAssets, requestItems, requests, users } from '../platform/db/schema';
import type { AppEvent } from '../platform/events/bus';
import { badRequest, ruleBroken } from '../platform/errors';
import { queueEmail } from '../platform/mail/outbox';
import { appendActivity } from './activity';
import { createNotifications } from './notify';
import { requestChanged } from './request-changed';

/**
 * The submission use case's rules and its one write (guide/requests.md#submission-rules), shared by
 * the new-request form's route and the recurring requests' job, so a request made either way is
 * the same request: the same checks, items and due dates, activity, notifications and e-mails.
 */

/** A stored upload of the submission. */
export interface SubmittedFile {
  fileName: string;
  data: Buffer;
  mimeType: string;
}

/**
 * The checks of guide/requests.md#submission-rules in the order the form gives its disabled reasons: completeness
 * (422), the calendar question's Yes (422, while the church asks it and a No blocks), then the first
 * field error (400), then the minimum notice (422). The server recomputes the score itself; a score
 * sent by the browser is never read. Tiers and channels are the church's offered ones (decision 0056).
 */
export function checkSubmittable(raw: Record<string, unknown>, fileCount: number, today: string, config: ChurchConfig) {
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

export interface WriteInput {
  user: SessionUser;
  files: SubmittedFile[];
  idempotencyKey: string;
  submission: Submission;
  score: number;
  ministryName: string;
  storedKeys: string[];
  config: ChurchConfig;
  /** Today in the church's time zone: what each channel can still get is decided from it. */
  today: string;
  /** The configured origin, for the link in the e-mails. */
  origin: string;
}

export async function writeSubmission(tx: Tx, events: AppEvent[], input: WriteInput): Promise<string> {
  const { user, submission: s } = input;
  const impact = isImpactInOne(s.eventTitle);
  // Impact in One forces tier A (guide/requests.md#submission-rules) while the church offers it; a browser that sent
  // another tier gets A's channels.
  const tierA = findTier(input.config, 'A');
  const forced = impact && !!tierA && !tierA.archived;
  const tier = forced ? 'A' : s.tier;
  const included = forced && s.tier !== 'A' ? [...tierA.channels] : s.includedChannels;
  const planned = planConfiguredItems(input.config, { tier, includedChannels: included, additionalChannels: s.additionalChannels });
  const { made, dropped } = bookItems(input.config, input.today, { start: s.promotionStartDate, end: s.eventStartDate }, planned);
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
      droppedItems: dropped,
    })
    .returning({ id: requests.id });
  // The key right away: a concurrent twin with the same key fails here, before writing more.
  await tx.insert(idempotencyKeys).values({ key: input.idempotencyKey, userId: user.id, requestId: request.id });

  if (made.length > 0) {
    // The items' booked weeks enter channel_week_counts by its trigger, in this transaction.
    await tx.insert(requestItems).values(
      made.map((item) => ({
        requestId: request.id,
        channel: item.channel,
        status: 'submitted',
        dueDate: item.dueDate,
        bookedWeeks: item.bookedWeeks,
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

/**
 * What each planned item can still get (guide: requests.md#what-a-late-request-can-still-get,
 * decision 0067): an item that is ready in time or late books the weeks it would run and is due its
 * channel's lead time before its first run; one that is not possible is not made, and the request
 * keeps its channel and why. A channel the configuration does not know (none offered is chosen) is
 * due on the promotion start and books nothing.
 */
export function bookItems(
  config: Pick<ChurchConfig, 'channels'>,
  today: string,
  window: PromotionWindow,
  planned: readonly ConfiguredItem[],
): { made: (ConfiguredItem & { dueDate: string; bookedWeeks: string[] })[]; dropped: { channel: string; reason: string }[] } {
  const made: (ConfiguredItem & { dueDate: string; bookedWeeks: string[] })[] = [];
  const dropped: { channel: string; reason: string }[] = [];
  for (const item of planned) {
    const rule = findChannel(config, item.channel);
    if (!rule) {
      made.push({ ...item, dueDate: window.start, bookedWeeks: [] });
      continue;
    }
    const p = stillPossible(today, window, rule);
    if (p.state === 'not_possible') dropped.push({ channel: item.channel, reason: dropReason(p, rule) });
    else made.push({ ...item, dueDate: p.dueDate!, bookedWeeks: p.runs.map((r) => r.week) });
  }
  return { made, dropped };
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
