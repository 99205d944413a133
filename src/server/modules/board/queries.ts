import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { BOARD_LIMIT, type Board, type BoardCard } from '../../../shared/api/board';
import { stageOf } from '../../../shared/domain/board';
import { hasRank } from '../../../shared/domain/roles';
import { ITEM_STATUSES, type ItemStatus } from '../../../shared/domain/statuses';
import type { SessionUser } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/client';
import { ministries, requestItems, requests, users } from '../../platform/db/schema';
import { containsPattern, onBoard } from '../../queries/request-scope';
import { boardPolicy } from './policy';

/**
 * The board (spec 002 section 7, production_kanban_items): one query joining items with their
 * request, ministry and assignee, due date ascending with undated cards last, optionally only
 * event titles containing the search (case-insensitive), bounded to BOARD_LIMIT cards. The
 * due-date order walks request_items_due_idx.
 */
export async function listBoard(db: Executor, user: SessionUser, search?: string): Promise<Board> {
  const rows = await db
    .select({
      id: requestItems.id,
      requestId: requestItems.requestId,
      channel: requestItems.channel,
      status: requestItems.status,
      dueDate: requestItems.dueDate,
      eventTitle: requests.eventTitle,
      ministryName: ministries.name,
      assigneeId: requestItems.assigneeId,
      assigneeName: users.fullName,
    })
    .from(requestItems)
    .innerJoin(requests, eq(requests.id, requestItems.requestId))
    .leftJoin(ministries, eq(ministries.id, requests.ministryId))
    .leftJoin(users, eq(users.id, requestItems.assigneeId))
    .where(
      and(
        onBoard,
        inArray(requestItems.status, [...ITEM_STATUSES]),
        search ? ilike(requests.eventTitle, containsPattern(search)) : undefined,
      ),
    )
    .orderBy(sql`${requestItems.dueDate} asc nulls last`, asc(requests.eventTitle), asc(requestItems.id))
    .limit(BOARD_LIMIT + 1);
  return {
    items: rows.slice(0, BOARD_LIMIT).map((row) => present(row, user)),
    truncated: rows.length > BOARD_LIMIT,
    canAssign: hasRank(user.role, 'coordinator'),
  };
}

type CardRow = Omit<BoardCard, 'stage' | 'canMove' | 'status'> & { status: string };

function present(row: CardRow, user: SessionUser): BoardCard {
  const status = row.status as ItemStatus;
  return {
    ...row,
    status,
    stage: stageOf(status),
    assigneeName: row.assigneeId ? row.assigneeName : null,
    canMove: boardPolicy.move.allows(user, { assigneeId: row.assigneeId }),
  };
}
