import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DETAIL_PAGE_SIZE,
  ITEM_PROOF_LIMIT,
  type AssetDto,
  type DetailPages,
  type RequestDetail,
  type ViewerCandidate,
} from '../../../shared/api/request-detail';
import { channelLabel } from '../../../shared/domain/channels';
import type { ItemStatus, Priority } from '../../../shared/domain/statuses';
import type { SessionUser } from '../../platform/auth/sessions';
import { rowsOf, type Executor } from '../../platform/db/client';
import { cursorOf, keysetPage, newestFirst, olderThan, parseCursor, type KeysetCursor } from '../../platform/db/keyset';
import { activityLog, requestAssets, requestItems, requestMessages, requestViewers, users } from '../../platform/db/schema';
import { loadVisibleRequest, loadVisibleRequestWithHead, type LoadedRequest, type RequestHead } from './access';
import { allowedActions, itemActions } from './policy';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const personOf = (id: string | null, fullName: string | null) => (id && fullName !== null ? { id, fullName } : null);

/** Users who may coordinate a request (spec 001 section 6). */
export const COORDINATOR_ROLES = ['admin', 'coordinator'] as const;

type Request = LoadedRequest['request'];
type Facts = LoadedRequest['facts'];

/**
 * Everything the drawer shows in one response, in two database waves (decision 0029): first one
 * statement for the request, its access facts and its head (access.ts loadVisibleRequestWithHead);
 * then, in parallel, the items with their newest proof versions, the first page of assets,
 * activity and messages (newest first, DETAIL_PAGE_SIZE each, with a cursor for older pages),
 * the viewers and, for coordinators, the coordinator candidates. Each is one indexed query.
 */
export async function getRequestDetail(db: Executor, user: SessionUser, requestId: string): Promise<RequestDetail> {
  const { request: r, facts, head } = await loadVisibleRequestWithHead(db, user, requestId);
  const allowed = allowedActions(user, facts);
  const [items, proofs, assets, activity, messages, viewers, candidates] = await Promise.all([
    readItems(db, r.id),
    readItemProofs(db, r.id),
    readAssets(db, r.id, null, DETAIL_PAGE_SIZE),
    readActivity(db, r.id, null, DETAIL_PAGE_SIZE),
    readMessages(db, r.id, null, DETAIL_PAGE_SIZE),
    readViewers(db, r.id),
    allowed.canAdmin ? readCoordinatorCandidates(db) : Promise.resolve([]),
  ]);
  const proofsOf = groupBy(proofs, (p) => p.itemId);
  return {
    ...presentRequest(r, head),
    items: items.map((row) => ({ ...presentItem(user, facts, row), proofs: proofsOf.get(row.item.id) ?? [] })),
    assets: assets.entries,
    activity: activity.entries,
    messages: messages.entries,
    pages: { assets: pageInfo(assets), activity: pageInfo(activity), messages: pageInfo(messages) },
    viewers: viewers.map((v) => ({ id: v.id, fullName: v.fullName, email: v.email, addedAt: v.addedAt.toISOString() })),
    coordinatorCandidates: candidates,
    allowedActions: allowed,
  };
}

const pageInfo = ({ hasMore, nextCursor }: { hasMore: boolean; nextCursor: string | null }) => ({ hasMore, nextCursor });

function groupBy<T>(rows: T[], key: (row: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k !== null) groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  return groups;
}

/**
 * An older page of one of the drawer's lists ("Show more"): visible to whoever may open the
 * drawer (requestPolicy.read, 404 otherwise), newest first from the cursor on.
 */
export async function getDetailPage<K extends keyof DetailPages>(
  db: Executor,
  user: SessionUser,
  requestId: string,
  list: K,
  opts: { cursor?: string; limit: number },
): Promise<DetailPages[K]> {
  const cursor = parseCursor(opts.cursor);
  await loadVisibleRequest(db, user, requestId);
  const read = { assets: readAssets, activity: readActivity, messages: readMessages }[list];
  return (await read(db, requestId, cursor, opts.limit)) as DetailPages[K];
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

/** A page of rows read with one row of look-ahead: the extra row only says an older page exists. */
function paged<T extends { cursor: string }, E>(rows: T[], limit: number, present: (row: T) => E) {
  const { page, nextCursor } = keysetPage(rows, limit);
  return { entries: page.map(present), hasMore: nextCursor !== null, nextCursor };
}

const assetColumns = {
  asset: requestAssets,
  uploaderName: users.fullName,
  cursor: cursorOf(requestAssets.createdAt, requestAssets.id),
};

function presentAsset({ asset, uploaderName }: { asset: typeof requestAssets.$inferSelect; uploaderName: string | null }): AssetDto {
  return {
    id: asset.id,
    fileName: asset.fileName,
    fileSize: asset.fileSize,
    fileType: asset.fileType,
    versionNumber: asset.versionNumber,
    itemId: asset.itemId,
    uploader: personOf(asset.uploadedBy, uploaderName),
    createdAt: asset.createdAt.toISOString(),
  };
}

/** Assets newest first by (created_at, id): request_assets_request_idx serves filter, order and cursor. */
async function readAssets(db: Executor, requestId: string, cursor: KeysetCursor | null, limit: number) {
  const rows = await db
    .select(assetColumns)
    .from(requestAssets)
    .leftJoin(users, eq(users.id, requestAssets.uploadedBy))
    .where(and(eq(requestAssets.requestId, requestId), cursor ? olderThan(requestAssets.createdAt, requestAssets.id, cursor) : undefined))
    .orderBy(...newestFirst(requestAssets.createdAt, requestAssets.id))
    .limit(limit + 1);
  return paged(rows, limit, presentAsset);
}

/**
 * Each item's newest ITEM_PROOF_LIMIT proof versions, for the Items tab's proof review (decision
 * 0010): read apart from the paged Assets list, so a proof never goes missing because newer files
 * filled the first page. One statement: a lateral read per item on request_assets_item_idx.
 */
async function readItemProofs(db: Executor, requestId: string): Promise<AssetDto[]> {
  const rows = rowsOf<{
    id: string;
    file_name: string;
    file_size: number;
    file_type: string;
    version_number: number;
    item_id: string;
    uploaded_by: string | null;
    uploader_name: string | null;
    created_at: string;
  }>(
    await db.execute(sql`select a.id, a.file_name, a.file_size, a.file_type, a.version_number, a.item_id, a.uploaded_by, u.full_name as uploader_name,
      to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from request_items i
    cross join lateral (
      select * from request_assets a where a.item_id = i.id order by a.version_number desc, a.created_at desc, a.id desc limit ${ITEM_PROOF_LIMIT}
    ) a
    left join users u on u.id = a.uploaded_by
    where i.request_id = ${requestId}
    order by a.item_id, a.version_number desc, a.created_at desc, a.id desc`),
  );
  return rows.map((a) => ({
    id: a.id,
    fileName: a.file_name,
    fileSize: Number(a.file_size),
    fileType: a.file_type,
    versionNumber: Number(a.version_number),
    itemId: a.item_id,
    uploader: personOf(a.uploaded_by, a.uploader_name),
    createdAt: a.created_at,
  }));
}

/** Activity newest first by (created_at, id), on activity_log_request_idx. */
async function readActivity(db: Executor, requestId: string, cursor: KeysetCursor | null, limit: number) {
  const rows = await db
    .select({ entry: activityLog, actorName: users.fullName, cursor: cursorOf(activityLog.createdAt, activityLog.id) })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.userId))
    .where(and(eq(activityLog.requestId, requestId), cursor ? olderThan(activityLog.createdAt, activityLog.id, cursor) : undefined))
    .orderBy(...newestFirst(activityLog.createdAt, activityLog.id))
    .limit(limit + 1);
  return paged(rows, limit, ({ entry, actorName }) => ({
    id: entry.id,
    actionType: entry.actionType,
    oldValue: entry.oldValue,
    newValue: entry.newValue,
    notes: entry.notes,
    actor: personOf(entry.userId, actorName),
    createdAt: entry.createdAt.toISOString(),
  }));
}

/** Messages newest first by (created_at, id), on request_messages_request_idx. */
async function readMessages(db: Executor, requestId: string, cursor: KeysetCursor | null, limit: number) {
  const rows = await db
    .select({ message: requestMessages, authorName: users.fullName, cursor: cursorOf(requestMessages.createdAt, requestMessages.id) })
    .from(requestMessages)
    .leftJoin(users, eq(users.id, requestMessages.authorId))
    .where(
      and(eq(requestMessages.requestId, requestId), cursor ? olderThan(requestMessages.createdAt, requestMessages.id, cursor) : undefined),
    )
    .orderBy(...newestFirst(requestMessages.createdAt, requestMessages.id))
    .limit(limit + 1);
  return paged(rows, limit, ({ message, authorName }) => ({
    id: message.id,
    body: message.body,
    author: personOf(message.authorId, authorName),
    createdAt: message.createdAt.toISOString(),
  }));
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
function presentRequest(r: Request, h: RequestHead) {
  return {
    id: r.id,
    version: r.version,
    eventTitle: r.eventTitle,
    status: r.status,
    priority: r.priority as Priority,
    tier: r.tier,
    ministry: h.ministryId ? { id: h.ministryId, name: h.ministryName ?? '' } : null,
    requester: {
      id: r.requesterId,
      fullName: r.requesterNameOverride || h.requesterName || '',
      role: h.requesterRole ?? 'requester',
      email: r.requesterEmailOverride || h.requesterEmail || '',
    },
    coordinator: personOf(h.coordinatorId, h.coordinatorName),
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
): Omit<RequestDetail['items'][number], 'proofs'> {
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
