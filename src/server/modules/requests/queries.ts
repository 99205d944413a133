import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ArchiveKind,
  ArchiveResponse,
  EventPromotionsResponse,
  IntakeFilters,
  IntakeResponse,
  MinistryDto,
  MyRequestsFilters,
  MyRequestsResponse,
  PersonDto,
  RequestListSection,
} from '../../../shared/api/requests';
import { EVENT_PROMOTIONS_LIMIT, REQUEST_LIST_LIMIT } from '../../../shared/api/requests';
import { ARCHIVED_REQUEST_STATUSES, DONE_ITEM_STATUSES, type MinistryTier, type Tier } from '../../../shared/domain/statuses';
import { readinessPercent, windowEndDate, type PromotionDayWindow, type PromotionTierFilter } from '../../../shared/domain/promotions';
import type { SessionUser } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/client';
import { ministries, requestItems, requests, users } from '../../platform/db/schema';
import { containsPattern, requestRead } from '../../queries/request-scope';
import { requestListPolicy } from './policy';

/**
 * The reads behind the request lists (spec 001 section 2). Each list is one SQL query with its
 * joins; the user's scope is part of the WHERE clause, so a row the user may not see never leaves
 * the database. Lists are cut at a limit and report the total that matched.
 */
const requester = alias(users, 'requester');
const coordinator = alias(users, 'coordinator');
const archivedBy = alias(users, 'archived_by_user');

/** The on-behalf-of name replaces the requester's own name (spec 001 section 2). */
const requesterName = sql<string>`coalesce(${requests.requesterNameOverride}, ${requester.fullName})`;
const totalOver = sql<number>`(count(*) over ())::int`;
const notArchived = notInArray(requests.status, [...ARCHIVED_REQUEST_STATUSES]);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---------------------------------------------------------------- look-ups

export async function listMinistries(db: Executor, includeInactive: boolean): Promise<MinistryDto[]> {
  const rows = await db
    .select({ id: ministries.id, name: ministries.name, defaultTier: ministries.defaultTier, active: ministries.active })
    .from(ministries)
    .where(includeInactive ? undefined : eq(ministries.active, true))
    .orderBy(asc(ministries.name));
  return rows.map((r) => ({ ...r, defaultTier: r.defaultTier as MinistryTier }));
}

/** Coordinator candidates: active admins and coordinators (spec 001 section 6). */
export async function listCoordinators(db: Executor): Promise<PersonDto[]> {
  return db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'coordinator']), eq(users.active, true), eq(users.isExternal, false)))
    .orderBy(asc(users.fullName), asc(users.id));
}

// ---------------------------------------------------------------- My Requests

/**
 * Which requests the user sees on My Requests (spec 001 section 2): coordinators and above those
 * they coordinate, requested or are shared on; viewers only those shared with them; everyone
 * else their own. The union of three index-backed id sets keeps each branch on its own index.
 */
export function myRequestsScope(user: SessionUser): SQL {
  const me = user.id;
  if (user.role === 'viewer') {
    return sql`${requests.id} in (select rv.request_id from request_viewers rv where rv.user_id = ${me})`;
  }
  if (requestListPolicy.seeCoordinated.allows(user, null)) {
    return sql`${requests.id} in (
      select r1.id from requests r1 where r1.requester_id = ${me}
      union select r2.id from requests r2 where r2.current_coordinator_id = ${me}
      union select rv.request_id from request_viewers rv where rv.user_id = ${me})`;
  }
  return eq(requests.requesterId, me);
}

function myRequestsFilters(filters: MyRequestsFilters): SQL[] {
  const out: SQL[] = [notArchived];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    out.push(or(ilike(requests.eventTitle, pattern), sql`${requesterName} ilike ${pattern}`)!);
  }
  if (filters.status) out.push(eq(requests.status, filters.status));
  if (filters.ministryId) out.push(eq(requests.ministryId, filters.ministryId));
  if (filters.coordinatorId === 'unassigned') out.push(isNull(requests.currentCoordinatorId));
  else if (filters.coordinatorId) out.push(eq(requests.currentCoordinatorId, filters.coordinatorId));
  return out;
}

async function requestSection(db: Executor, where: SQL): Promise<RequestListSection> {
  const rows = await db
    .select({
      id: requests.id,
      eventTitle: requests.eventTitle,
      ministryName: ministries.name,
      requesterName,
      coordinatorName: coordinator.fullName,
      status: requests.status,
      promotionStartDate: requests.promotionStartDate,
      submittedAt: requests.submittedAt,
      total: totalOver,
    })
    .from(requests)
    .innerJoin(requester, eq(requester.id, requests.requesterId))
    .leftJoin(ministries, eq(ministries.id, requests.ministryId))
    .leftJoin(coordinator, eq(coordinator.id, requests.currentCoordinatorId))
    .where(where)
    .orderBy(desc(requests.submittedAt), desc(requests.id))
    .limit(REQUEST_LIST_LIMIT);
  return {
    rows: rows.map(({ total: _total, submittedAt, ...r }) => ({ ...r, submittedAt: submittedAt.toISOString() })),
    total: rows[0] ? Number(rows[0].total) : 0,
  };
}

/** Both sections of My Requests: what the user submitted, and the rest of their scope. */
export async function listMyRequests(db: Executor, user: SessionUser, filters: MyRequestsFilters): Promise<MyRequestsResponse> {
  const base = [myRequestsScope(user), ...myRequestsFilters(filters)];
  const [mine, team] = await Promise.all([
    requestSection(db, and(...base, eq(requests.requesterId, user.id))!),
    requestSection(db, and(...base, ne(requests.requesterId, user.id))!),
  ]);
  return { mine, team, limit: REQUEST_LIST_LIMIT };
}

// ---------------------------------------------------------------- Intake

/** The intake queue: every non-archived request, soonest promotion first (spec 001 section 2). */
export async function listIntake(db: Executor, filters: IntakeFilters): Promise<IntakeResponse> {
  const where: SQL[] = [notArchived];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    where.push(or(ilike(requests.eventTitle, pattern), ilike(ministries.name, pattern), sql`${requesterName} ilike ${pattern}`)!);
  }
  if (filters.status) where.push(eq(requests.status, filters.status));
  if (filters.ministryId) where.push(eq(requests.ministryId, filters.ministryId));
  const rows = await db
    .select({
      id: requests.id,
      eventTitle: requests.eventTitle,
      ministryName: ministries.name,
      requesterName,
      status: requests.status,
      promotionStartDate: requests.promotionStartDate,
      total: totalOver,
    })
    .from(requests)
    .innerJoin(requester, eq(requester.id, requests.requesterId))
    .leftJoin(ministries, eq(ministries.id, requests.ministryId))
    .where(and(...where))
    .orderBy(sql`${requests.promotionStartDate} asc nulls last`, asc(requests.submittedAt), asc(requests.id))
    .limit(REQUEST_LIST_LIMIT);
  return {
    rows: rows.map(({ total: _total, ...r }) => r),
    total: rows[0] ? Number(rows[0].total) : 0,
    limit: REQUEST_LIST_LIMIT,
  };
}

// ---------------------------------------------------------------- Archive

const ARCHIVE_STATUS: Record<ArchiveKind, (typeof ARCHIVED_REQUEST_STATUSES)[number]> = {
  recurring: 'archived_recurring',
  onetime: 'archived_onetime',
};

/** Archived requests of one kind, newest archived first; coordinators see all, others their own. */
export async function listArchive(db: Executor, user: SessionUser, kind: ArchiveKind): Promise<ArchiveResponse> {
  const where: SQL[] = [eq(requests.status, ARCHIVE_STATUS[kind])];
  if (!requestListPolicy.seeEveryArchived.allows(user, null)) where.push(eq(requests.requesterId, user.id));
  const rows = await db
    .select({
      id: requests.id,
      eventTitle: requests.eventTitle,
      ministryName: ministries.name,
      requesterName,
      tier: requests.tier,
      eventStartDate: requests.eventStartDate,
      archivedAt: requests.archivedAt,
      archivedByName: archivedBy.fullName,
      total: totalOver,
    })
    .from(requests)
    .innerJoin(requester, eq(requester.id, requests.requesterId))
    .leftJoin(ministries, eq(ministries.id, requests.ministryId))
    .leftJoin(archivedBy, eq(archivedBy.id, requests.archivedBy))
    .where(and(...where))
    .orderBy(sql`${requests.archivedAt} desc nulls last`, desc(requests.id))
    .limit(REQUEST_LIST_LIMIT);
  return {
    rows: rows.map(({ total: _total, archivedAt, tier, ...r }) => ({ ...r, tier: tier as Tier | null, archivedAt: iso(archivedAt) })),
    total: rows[0] ? Number(rows[0].total) : 0,
    limit: REQUEST_LIST_LIMIT,
  };
}

// ---------------------------------------------------------------- Event promotions

/**
 * Upcoming events with their items' progress, soonest first. Scope: every non-archived event,
 * for every role that may open the screen (requester and above). Event promotions is the
 * church-wide planning calendar of spec 001 section 2: a requester plans their own event around
 * the others, and the rows carry only titles, dates, names and progress, nothing a requester
 * could not learn from the Sunday slides. Editing stays with the drawer's own scope rules.
 *
 * Rejected additional items will never be produced, so they count neither as items nor as done.
 */
export async function listEventPromotions(
  db: Executor,
  user: SessionUser,
  today: string,
  filters: { days: PromotionDayWindow; tier?: PromotionTierFilter },
): Promise<EventPromotionsResponse> {
  const end = windowEndDate(today, filters.days);
  const where: SQL[] = [notArchived, isNotNull(requests.eventStartDate), gte(requests.eventStartDate, today)];
  if (end) where.push(lte(requests.eventStartDate, end));
  if (filters.tier) where.push(eq(requests.tier, filters.tier));
  const rows = await db
    .select({
      id: requests.id,
      eventTitle: requests.eventTitle,
      eventStartDate: requests.eventStartDate,
      eventEndDate: requests.eventEndDate,
      tier: requests.tier,
      status: requests.status,
      ministryName: ministries.name,
      requesterName,
      coordinatorName: coordinator.fullName,
      itemCount: sql<number>`count(${requestItems.id})::int`,
      doneCount: sql<number>`(count(${requestItems.id}) filter (where ${inArray(requestItems.status, [...DONE_ITEM_STATUSES])}))::int`,
      canView: requestRead.where(user),
      total: totalOver,
    })
    .from(requests)
    .innerJoin(requester, eq(requester.id, requests.requesterId))
    .leftJoin(ministries, eq(ministries.id, requests.ministryId))
    .leftJoin(coordinator, eq(coordinator.id, requests.currentCoordinatorId))
    .leftJoin(
      requestItems,
      and(eq(requestItems.requestId, requests.id), sql`${requestItems.additionalRequestStatus} is distinct from 'rejected'`),
    )
    .where(and(...where))
    // Grouping by each joined table's key lets PostgreSQL read their other columns.
    .groupBy(requests.id, requester.id, ministries.id, coordinator.id)
    .orderBy(asc(requests.eventStartDate), asc(requests.eventTitle), asc(requests.id))
    .limit(EVENT_PROMOTIONS_LIMIT);
  return {
    today,
    events: rows.map(({ total: _total, tier, eventStartDate, itemCount, doneCount, canView, ...r }) => ({
      ...r,
      canView: Boolean(canView),
      tier: tier as Tier | null,
      eventStartDate: eventStartDate!,
      itemCount: Number(itemCount),
      doneCount: Number(doneCount),
      readiness: readinessPercent(Number(doneCount), Number(itemCount)),
    })),
    total: rows[0] ? Number(rows[0].total) : 0,
    limit: EVENT_PROMOTIONS_LIMIT,
  };
}
