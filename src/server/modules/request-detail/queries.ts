import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DETAIL_LIST_LIMIT, type RequestDetail, type ViewerCandidate } from '../../../shared/api/request-detail';
import { channelLabel } from '../../../shared/domain/channels';
import type { ItemStatus, Priority } from '../../../shared/domain/statuses';
import type { SessionUser } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/client';
import { activityLog, ministries, requestAssets, requestItems, requestMessages, requestViewers, users } from '../../platform/db/schema';
import { loadVisibleRequest, type LoadedRequest } from './access';
import { allowedActions, itemActions } from './policy';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const personOf = (id: string | null, fullName: string | null) => (id && fullName !== null ? { id, fullName } : null);

/** Users who may coordinate a request (spec 001 section 6). */
export const COORDINATOR_ROLES = ['admin', 'coordinator'] as const;

type Request = LoadedRequest['request'];
type Facts = LoadedRequest['facts'];

/**
 * Everything the drawer shows in one response: the request with its joins, then items, assets,
 * activity, messages and viewers in parallel (each one indexed query; activity and messages
 * newest first and bounded to 200 as spec 001 section 9 says).
 */
export async function getRequestDetail(db: Executor, user: SessionUser, requestId: string): Promise<RequestDetail> {
  const { request: r, facts } = await loadVisibleRequest(db, user, requestId);
  const allowed = allowedActions(user, facts);
  const [head, items, assets, activity, messages, viewers, candidates] = await Promise.all([
    readHead(db, r),
    readItems(db, r.id),
    readAssets(db, r.id),
    readActivity(db, r.id),
    readMessages(db, r.id),
    readViewers(db, r.id),
    allowed.canAdmin ? readCoordinatorCandidates(db) : Promise.resolve([]),
  ]);
  return {
    ...presentRequest(r, head),
    items: items.map((row) => presentItem(user, facts, row)),
    assets: assets.map(({ asset, uploaderName }) => ({
      id: asset.id,
      fileName: asset.fileName,
      fileSize: asset.fileSize,
      fileType: asset.fileType,
      versionNumber: asset.versionNumber,
      itemId: asset.itemId,
      uploader: personOf(asset.uploadedBy, uploaderName),
      createdAt: asset.createdAt.toISOString(),
    })),
    activity: activity.map(({ entry, actorName }) => ({
      id: entry.id,
      actionType: entry.actionType,
      oldValue: entry.oldValue,
      newValue: entry.newValue,
      notes: entry.notes,
      actor: personOf(entry.userId, actorName),
      createdAt: entry.createdAt.toISOString(),
    })),
    messages: messages.map(({ message, authorName }) => ({
      id: message.id,
      body: message.body,
      author: personOf(message.authorId, authorName),
      createdAt: message.createdAt.toISOString(),
    })),
    viewers: viewers.map((v) => ({ id: v.id, fullName: v.fullName, email: v.email, addedAt: v.addedAt.toISOString() })),
    coordinatorCandidates: candidates,
    allowedActions: allowed,
  };
}

/** The request's ministry, requester and coordinator in one row. */
async function readHead(db: Executor, r: Request) {
  const requester = alias(users, 'requester');
  const coordinator = alias(users, 'coordinator');
  const [head] = await db
    .select({
      ministryId: ministries.id,
      ministryName: ministries.name,
      requesterName: requester.fullName,
      requesterRole: requester.role,
      requesterEmail: requester.email,
      coordinatorId: coordinator.id,
      coordinatorName: coordinator.fullName,
    })
    .from(requester)
    .leftJoin(ministries, r.ministryId ? eq(ministries.id, r.ministryId) : sql`false`)
    .leftJoin(coordinator, r.currentCoordinatorId ? eq(coordinator.id, r.currentCoordinatorId) : sql`false`)
    .where(eq(requester.id, r.requesterId));
  return head as typeof head | undefined;
}

function readItems(db: Executor, requestId: string) {
  const latestProof = sql<number | null>`(select max(a.version_number) from request_assets a where a.item_id = ${requestItems.id})`;
  return db
    .select({ item: requestItems, assigneeName: users.fullName, assigneeExternal: users.isExternal, latestProof })
    .from(requestItems)
    .leftJoin(users, eq(users.id, requestItems.assigneeId))
    .where(eq(requestItems.requestId, requestId))
    .orderBy(asc(requestItems.createdAt), asc(requestItems.channel));
}

function readAssets(db: Executor, requestId: string) {
  return db
    .select({ asset: requestAssets, uploaderName: users.fullName })
    .from(requestAssets)
    .leftJoin(users, eq(users.id, requestAssets.uploadedBy))
    .where(eq(requestAssets.requestId, requestId))
    .orderBy(desc(requestAssets.createdAt), desc(requestAssets.versionNumber));
}

function readActivity(db: Executor, requestId: string) {
  return db
    .select({ entry: activityLog, actorName: users.fullName })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.userId))
    .where(eq(activityLog.requestId, requestId))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(DETAIL_LIST_LIMIT);
}

function readMessages(db: Executor, requestId: string) {
  return db
    .select({ message: requestMessages, authorName: users.fullName })
    .from(requestMessages)
    .leftJoin(users, eq(users.id, requestMessages.authorId))
    .where(eq(requestMessages.requestId, requestId))
    .orderBy(desc(requestMessages.createdAt), desc(requestMessages.id))
    .limit(DETAIL_LIST_LIMIT);
}

function readViewers(db: Executor, requestId: string) {
  return db
    .select({ id: users.id, fullName: users.fullName, email: users.email, addedAt: requestViewers.createdAt })
    .from(requestViewers)
    .innerJoin(users, eq(users.id, requestViewers.userId))
    .where(eq(requestViewers.requestId, requestId))
    .orderBy(asc(users.fullName));
}

/** Offered only to those who may change the coordinator (canAdmin). */
function readCoordinatorCandidates(db: Executor) {
  return db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(inArray(users.role, [...COORDINATOR_ROLES]), eq(users.active, true), eq(users.isExternal, false)))
    .orderBy(asc(users.fullName));
}

/** The request's own fields; the on-behalf-of name and e-mail replace the requester's own. */
function presentRequest(r: Request, h: Awaited<ReturnType<typeof readHead>>) {
  return {
    id: r.id,
    version: r.version,
    eventTitle: r.eventTitle,
    status: r.status,
    priority: r.priority as Priority,
    tier: r.tier,
    ministry: h?.ministryId ? { id: h.ministryId, name: h.ministryName ?? '' } : null,
    requester: {
      id: r.requesterId,
      fullName: r.requesterNameOverride || h?.requesterName || '',
      role: h?.requesterRole ?? 'requester',
      email: r.requesterEmailOverride || h?.requesterEmail || '',
    },
    coordinator: personOf(h?.coordinatorId ?? null, h?.coordinatorName ?? null),
    promotionStartDate: r.promotionStartDate,
    eventStartDate: r.eventStartDate,
    eventEndDate: r.eventEndDate,
    startTime: r.startTime,
    endTime: r.endTime,
    location: r.location,
    expectedAttendance: r.expectedAttendance,
    descriptionShort: r.descriptionShort,
    descriptionLong: r.descriptionLong,
    targetAudience: r.targetAudience,
    ctaType: r.ctaType,
    ctaUrl: r.ctaUrl,
    isImpactInOne: r.isImpactInOne,
    planningCenterAdded: r.planningCenterAdded,
    planningCenterLink: r.planningCenterLink,
    infoLink: r.infoLink,
    registrationLink: r.registrationLink,
    websiteDescription: r.websiteDescription,
    designDirection: r.designDirection,
    designNotes: r.designNotes,
    otherChannelText: r.otherChannelText,
    contentCompleteScore: r.contentCompleteScore,
    submittedAt: r.submittedAt.toISOString(),
    archivedAt: iso(r.archivedAt),
  };
}

/** An item with its assignee, latest proof version and what this user may do to it. */
function presentItem(
  user: SessionUser,
  facts: Facts,
  { item, assigneeName, assigneeExternal, latestProof }: Awaited<ReturnType<typeof readItems>>[number],
): RequestDetail['items'][number] {
  const latestProofVersion = latestProof === null || latestProof === undefined ? null : Number(latestProof);
  return {
    id: item.id,
    channel: item.channel,
    channelLabel: channelLabel(item.channel),
    status: item.status as ItemStatus,
    priority: item.priority,
    dueDate: item.dueDate,
    assignee:
      item.assigneeId && assigneeName !== null ? { id: item.assigneeId, fullName: assigneeName, isExternal: !!assigneeExternal } : null,
    isAdditionalRequest: item.isAdditionalRequest,
    additionalRequestStatus: item.additionalRequestStatus,
    rejectionReason: item.rejectionReason,
    publishedUrl: item.publishedUrl,
    latestProofVersion,
    allowedActions: itemActions(user, facts, {
      assigneeId: item.assigneeId,
      status: item.status,
      hasProof: latestProofVersion !== null,
    }),
  };
}

/** Users who can be shared on a request: active users with role viewer (spec 001 section 6). */
export async function listViewerCandidates(db: Executor): Promise<ViewerCandidate[]> {
  return db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'viewer'), eq(users.active, true)))
    .orderBy(asc(users.fullName))
    .limit(500);
}
