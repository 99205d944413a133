import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  DETAIL_PAGE_SIZE,
  type DetailPages,
  type PageInfo,
  type RequestDetail,
  type ViewerCandidate,
} from '../../../shared/api/request-detail';
import { hasRank } from '../../../shared/domain/roles';
import type { ItemStatus, Priority } from '../../../shared/domain/statuses';
import type { SessionUser } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/client';
import { selectJson } from '../../platform/db/json-select';
import { parseCursor } from '../../platform/db/keyset';
import { users } from '../../platform/db/schema';
import { loadVisibleRequest, loadVisibleRequestWithHead, type DrawerStatement, type LoadedRequest, type RequestHead } from './access';
import {
  activityPage,
  assetsPage,
  coordinatorCandidatesJson,
  itemsJson,
  messagesPage,
  viewersJson,
  type ActivityPage,
  type AssetsPage,
  type ItemJson,
  type MessagesPage,
} from './detail-json';
import { allowedActions, itemActions } from './policy';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const personOf = (id: string | null, fullName: string | null) => (id && fullName !== null ? { id, fullName } : null);

/** Users who may coordinate a request (guide/requests.md#the-request-drawer). */
export const COORDINATOR_ROLES = ['admin', 'coordinator'] as const;

type Request = LoadedRequest['request'];
type Facts = LoadedRequest['facts'];

/**
 * Everything the drawer shows in one response, in ONE statement (decisions 0029, 0038): the
 * request, its access facts and head (access.ts loadVisibleRequestWithHead) and, as JSON built by
 * PostgreSQL, its items with their newest proof versions, the first page of assets, activity and
 * messages (newest first, DETAIL_PAGE_SIZE each, with a cursor for older pages), the viewers and,
 * for coordinators, the coordinator candidates. Each list is one indexed subquery (detail-json.ts).
 */
export async function getRequestDetail(db: Executor, user: SessionUser, requestId: string): Promise<RequestDetail> {
  const mayCoordinate = hasRank(user.role, 'coordinator');
  const {
    request: r,
    facts,
    head,
    lists,
  } = await loadVisibleRequestWithHead(db, user, requestId, mayCoordinate ? DRAWER.coordinating : DRAWER.reading);
  const allowed = allowedActions(user, facts);
  const { items, assets, activity, messages, viewers, candidates } = lists as DrawerLists;
  return {
    ...presentRequest(r, head),
    items: items.map((item) => presentItem(user, facts, item)),
    assets: assets.entries,
    activity: activity.entries,
    messages: messages.entries,
    pages: { assets: pageInfo(assets), activity: pageInfo(activity), messages: pageInfo(messages) },
    viewers,
    coordinatorCandidates: allowed.canAdmin ? candidates : [],
    allowedActions: allowed,
  };
}

/**
 * The drawer's two statements: the lists every reader gets, with the coordinator candidates read
 * only for those of coordinator rank (the rule still decides what is sent).
 */
const drawerLists =
  (mayCoordinate: boolean) =>
  (id: SQL): Record<keyof DrawerLists, SQL> => ({
    items: itemsJson(id),
    assets: assetsPage(id, null, DETAIL_PAGE_SIZE),
    activity: activityPage(id, null, DETAIL_PAGE_SIZE),
    messages: messagesPage(id, null, DETAIL_PAGE_SIZE),
    viewers: viewersJson(id),
    candidates: coordinatorCandidatesJson(mayCoordinate, COORDINATOR_ROLES),
  });
const DRAWER = {
  coordinating: { name: 'request_drawer_coordinating', lists: drawerLists(true) },
  reading: { name: 'request_drawer_reading', lists: drawerLists(false) },
} satisfies Record<string, DrawerStatement<keyof DrawerLists>>;

interface DrawerLists {
  items: ItemJson[];
  assets: AssetsPage;
  activity: ActivityPage;
  messages: MessagesPage;
  viewers: RequestDetail['viewers'];
  candidates: RequestDetail['coordinatorCandidates'];
}

const pageInfo = ({ hasMore, nextCursor }: PageInfo): PageInfo => ({ hasMore, nextCursor });

/**
 * An older page of one of the drawer's lists ("Show more"): visible to whoever may open the
 * drawer (requestPolicy.read, 404 otherwise), newest first from the cursor on, with the drawer's
 * own SQL for that list.
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
  const page = { assets: assetsPage, activity: activityPage, messages: messagesPage }[list];
  const read = await selectJson(db, { page: page(sql`${requestId}::uuid`, cursor, opts.limit) });
  return read.page as DetailPages[K];
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
    droppedItems: r.droppedItems,
    contentCompleteScore: r.contentCompleteScore,
    submittedAt: r.submittedAt.toISOString(),
    archivedAt: iso(r.archivedAt),
  };
}

/** An item with its assignee, proofs, latest proof version and what this user may do to it. */
function presentItem(user: SessionUser, facts: Facts, item: ItemJson): RequestDetail['items'][number] {
  // Proofs come newest version first, so the first is the latest.
  const latestProofVersion = item.proofs[0]?.versionNumber ?? null;
  return {
    id: item.id,
    channel: item.channel,
    status: item.status as ItemStatus,
    priority: item.priority,
    dueDate: item.dueDate,
    assignee: item.assignee,
    response: item.response,
    responseReason: item.responseReason,
    isAdditionalRequest: item.isAdditionalRequest,
    additionalRequestStatus: item.additionalRequestStatus,
    rejectionReason: item.rejectionReason,
    publishedUrl: item.publishedUrl,
    latestProofVersion,
    allowedActions: itemActions(user, facts, {
      assigneeId: item.assignee?.id ?? null,
      status: item.status,
      hasProof: latestProofVersion !== null,
    }),
    proofs: item.proofs,
  };
}

/** Users who can be shared on a request: active users with role viewer (guide/requests.md#the-request-drawer). */
export async function listViewerCandidates(db: Executor): Promise<ViewerCandidate[]> {
  return db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'viewer'), eq(users.active, true)))
    .orderBy(asc(users.fullName))
    .limit(500);
}
