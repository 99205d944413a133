import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ARCHIVED_READ_ONLY, isArchivedReadOnly, type RequestFacts } from '../../../shared/domain/request-permissions';
import { readTogether, type Executor } from '../../platform/db/client';
import { prepared } from '../../platform/db/prepared';
import { jsonObjectOf, parsedJson } from '../../platform/db/json-select';
import { ministries, requestItems, requests, requestViewers, users } from '../../platform/db/schema';
import type { SessionUser } from '../../platform/auth/sessions';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { requestChanged } from '../../commands/request-changed';
import { requestAudience, requestPolicy, type RequestRule } from './policy';

/**
 * The facts the request rules need (./policy.ts), read with three indexed queries. Visibility is
 * decided by requestPolicy.read, so the drawer's allowed actions, the API's 404s and the realtime
 * audience never disagree.
 */
export interface LoadedRequest {
  request: typeof requests.$inferSelect;
  facts: RequestFacts;
}

export const REQUEST_NOT_FOUND = 'Request not found.';

export async function loadRequestFacts(db: Executor, requestId: string): Promise<LoadedRequest | null> {
  const [rows, viewerRows, itemRows] = await readTogether(
    db,
    () => db.select().from(requests).where(eq(requests.id, requestId)).limit(1),
    () => db.select({ userId: requestViewers.userId }).from(requestViewers).where(eq(requestViewers.requestId, requestId)),
    () => db.select({ assigneeId: requestItems.assigneeId }).from(requestItems).where(eq(requestItems.requestId, requestId)),
  );
  const request = rows[0];
  if (!request) return null;
  return {
    request,
    facts: {
      requesterId: request.requesterId,
      currentCoordinatorId: request.currentCoordinatorId,
      status: request.status,
      viewerIds: viewerRows.map((v) => v.userId),
      assigneeIds: itemRows.map((i) => i.assigneeId),
    },
  };
}

/** The drawer's head: the request's ministry, requester and coordinator, read with its facts. */
export interface RequestHead {
  ministryId: string | null;
  ministryName: string | null;
  requesterName: string | null;
  requesterRole: string | null;
  requesterEmail: string | null;
  coordinatorId: string | null;
  coordinatorName: string | null;
}

/**
 * The drawer's one statement (decisions 0029, 0038): the request, the facts requestPolicy.read
 * needs (viewer and assignee ids, aggregated by indexed subqueries), its head and the `lists`
 * the caller names (scalar subqueries on the request's id). The facts are the same as
 * loadRequestFacts reads, so the scope check is exactly as strict; the lists are read in the same
 * statement but leave this function only once the check has passed.
 */
export async function loadVisibleRequestWithHead<L extends string>(
  db: Executor,
  user: SessionUser,
  requestId: string,
  statement: DrawerStatement<L>,
): Promise<LoadedRequest & { head: RequestHead; lists: Record<L, unknown> }> {
  const [row] = await drawerStatement(db, statement).execute({ requestId });
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  const { request, viewerIds, assigneeIds, lists: listsJson, ...head } = row;
  const facts: RequestFacts = {
    requesterId: request.requesterId,
    currentCoordinatorId: request.currentCoordinatorId,
    status: request.status,
    viewerIds: parsedJson(viewerIds),
    assigneeIds: parsedJson(assigneeIds),
  };
  if (!requestPolicy.read.allows(user, facts)) throw notFound(REQUEST_NOT_FOUND);
  return { request, facts, head, lists: parsedJson(listsJson) as Record<L, unknown> };
}

/** One of the drawer's statements: its prepared statement's name, which stands for one `lists`. */
export interface DrawerStatement<L extends string> {
  name: string;
  /** The lists read beside the request, from the request id as a parameter. */
  lists: (requestIdParam: SQL) => Record<L, SQL>;
}

/**
 * The drawer's statement, named: its text depends only on `lists`, so it is built once per
 * database handle with the request id as a placeholder and sent as a named prepared statement
 * (platform/db/prepared.ts, decision 0040): drizzle does not rebuild it on every call, nor
 * PostgreSQL parse it.
 */
function drawerStatement<L extends string>(db: Executor, { name, lists }: DrawerStatement<L>) {
  return prepared(db, name, (d) => {
    const requestId = sql.placeholder('requestId');
    const requester = alias(users, 'requester');
    const coordinator = alias(users, 'coordinator');
    return d
      .select({
        request: requests,
        viewerIds: sql<
          string[]
        >`(select coalesce(json_agg(rv.user_id), '[]'::json) from request_viewers rv where rv.request_id = ${requests.id})`,
        assigneeIds: sql<
          Array<string | null>
        >`(select coalesce(json_agg(ri.assignee_id), '[]'::json) from request_items ri where ri.request_id = ${requests.id})`,
        ministryId: ministries.id,
        ministryName: ministries.name,
        requesterName: requester.fullName,
        requesterRole: requester.role,
        requesterEmail: requester.email,
        coordinatorId: coordinator.id,
        coordinatorName: coordinator.fullName,
        // The id as a parameter, not the outer column, so each list probes its own index by the
        // id; the request with 2,000 activity rows reads in 2.1-2.5 ms named (decision 0040).
        lists: jsonObjectOf(lists(sql`${requestId}::uuid`)),
      })
      .from(requests)
      .leftJoin(ministries, eq(ministries.id, requests.ministryId))
      .leftJoin(requester, eq(requester.id, requests.requesterId))
      .leftJoin(coordinator, eq(coordinator.id, requests.currentCoordinatorId))
      .where(eq(requests.id, requestId))
      .limit(1)
      .prepare(name);
  });
}

/** Loads the request if the user may see it; anyone else gets 404, as if it did not exist. */
export async function loadVisibleRequest(db: Executor, user: SessionUser, requestId: string): Promise<LoadedRequest> {
  const loaded = await loadRequestFacts(db, requestId);
  if (!loaded || !requestPolicy.read.allows(user, loaded.facts)) throw notFound(REQUEST_NOT_FOUND);
  return loaded;
}

/**
 * Visible and allowed: 404 when the user may not see it, 403 when they see it but may not act,
 * 409 when they could act but the request is archived (read-only for everyone but admins).
 */
export async function loadRequestFor(db: Executor, user: SessionUser, requestId: string, rule: RequestRule): Promise<LoadedRequest> {
  const loaded = await loadVisibleRequest(db, user, requestId);
  if (rule.allows(user, loaded.facts)) return loaded;
  if (isArchivedReadOnly(user, loaded.facts) && rule.allowsLive(user, loaded.facts)) {
    throw conflict(ARCHIVED_READ_ONLY);
  }
  throw forbidden();
}

/** For the item steps: an archived request's items change only by an admin's hand (409 otherwise). */
export function assertWritable(user: SessionUser, loaded: LoadedRequest): void {
  if (isArchivedReadOnly(user, loaded.facts)) throw conflict(ARCHIVED_READ_ONLY);
}

/** The realtime audience of a request: whoever requestPolicy.read admits (policy.ts requestAudience). */
export function changedEvent(loaded: LoadedRequest, extra: Array<string | null | undefined> = []) {
  return requestChanged(loaded.request.id, requestAudience(loaded.facts, extra).userIds);
}
