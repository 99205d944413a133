import { sql, type SQL } from 'drizzle-orm';
import {
  BOARD_COLUMN_LIMIT,
  BOARD_RECENT_DAYS,
  type Board,
  type BoardCard,
  type BoardColumnMore,
  type BoardColumnPage,
  type BoardColumnQuery,
} from '../../../shared/api/board';
import { BOARD_STAGES, STAGE_STATUSES, stageOf, type BoardStage } from '../../../shared/domain/board';
import { hasRank } from '../../../shared/domain/roles';
import type { ItemStatus } from '../../../shared/domain/statuses';
import type { SessionUser } from '../../platform/auth/sessions';
import { rowsOf, type Executor } from '../../platform/db/client';
import { parseCursor } from '../../platform/db/keyset';
import { requestItems } from '../../platform/db/schema';
import { liveItemSql } from '../../platform/db/predicates';
import { afterDue, olderCursorAfter, parseDueCursor, recentSince } from '../../queries/current-work';
import { containsPattern, onBoard } from '../../queries/request-scope';
import { boardPolicy } from './policy';
import { executeNamed } from '../../platform/db/prepared';
import { literal } from '../../queries/sql-lists';

/**
 * The board (guide/production-board.md#moving-a-card, production_kanban_items; decision 0026): every column bounded to
 * BOARD_COLUMN_LIMIT cards with the rest a page at a time. The open columns (Submitted, In
 * Progress, Ready for Proof) run soonest due first, undated last; the finished ones (Approved,
 * Published, Finished) most recently changed first and, until 'Show older', only work changed
 * within the last BOARD_RECENT_DAYS days. Each status is one bounded walk of an index of live
 * work (request_items_live_status_due_idx or request_items_live_status_recent_idx, decision 0049)
 * in a lateral join, so the whole board is one statement whatever the history holds.
 */

/** Finished columns: ordered by last change, windowed. */
const FINISHED_STAGES = new Set<BoardStage>(['approved', 'published', 'finished']);
const isFinished = (stage: BoardStage) => FINISHED_STAGES.has(stage);

interface CardRow {
  id: string;
  request_id: string;
  channel: string;
  status: string;
  due_date: string | null;
  event_title: string;
  ministry_name: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  response: BoardCard['response'];
  /** The row's keyset cursor in its column's order; it also sorts the merged statuses of a column. */
  cursor: string;
}

interface Walk {
  stages: BoardStage[];
  search?: string;
  /** Rows after this cursor of the column's order (one stage only). */
  cursor?: string;
  /** Start of the recent window of the finished columns; undefined lists older work too. */
  since?: string;
}

const statusValues = (stages: BoardStage[]): SQL =>
  sql.join(
    stages.flatMap((stage) => STAGE_STATUSES[stage].map((status) => sql`(${literal(status)})`)),
    sql`, `,
  );

/**
 * For each status of the stages: its first BOARD_COLUMN_LIMIT + 1 board cards after the cursor.
 * Sent named, with the statuses and the limit written into the text (decision 0040): the text
 * varies only with which of search, cursor and window are set.
 */
function walk({ stages, search, cursor, since }: Walk): SQL {
  const finished = isFinished(stages[0]);
  // The item's own request_archived (decision 0049) beside onBoard's request status: the same
  // rows, said so that the walk can use the live-only partial indexes.
  const conditions: SQL[] = [sql`${requestItems.status} = s.status`, sql.raw(liveItemSql('request_items')), onBoard];
  if (search) conditions.push(sql`requests.event_title ilike ${containsPattern(search)}`);
  let order: SQL;
  let cursorOf: SQL;
  if (finished) {
    if (since) conditions.push(sql`${requestItems.updatedAt} >= ${since}::timestamptz`);
    const after = parseCursor(cursor);
    if (after) conditions.push(sql`(${requestItems.updatedAt}, ${requestItems.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`);
    order = sql`${requestItems.updatedAt} desc, ${requestItems.id} desc`;
    cursorOf = sql`to_char(${requestItems.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || ${requestItems.id}::text`;
  } else {
    const after = parseDueCursor(cursor);
    if (after) conditions.push(afterDue('request_items', after));
    order = sql`${requestItems.dueDate} asc nulls last, ${requestItems.id}`;
    cursorOf = sql`coalesce(${requestItems.dueDate}::text, '') || '|' || ${requestItems.id}::text`;
  }
  return sql`
    select c.* from (values ${statusValues(stages)}) as s(status)
    cross join lateral (
      select request_items.id, request_items.request_id, request_items.channel, request_items.status,
             request_items.due_date::text as due_date, requests.event_title, ministries.name as ministry_name,
             request_items.assignee_id, users.full_name as assignee_name, request_items.response, ${cursorOf} as cursor
      from request_items
      join requests on requests.id = request_items.request_id
      left join ministries on ministries.id = requests.ministry_id
      left join users on users.id = request_items.assignee_id
      where ${sql.join(conditions, sql` and `)}
      order by ${order}
      limit ${literal(BOARD_COLUMN_LIMIT + 1)}
    ) c`;
}

/** A column's order on the cursors: soonest due first, undated last; or most recently changed first. */
function compareIn(stage: BoardStage): (a: CardRow, b: CardRow) => number {
  if (isFinished(stage)) return (a, b) => (a.cursor < b.cursor ? 1 : a.cursor > b.cursor ? -1 : 0);
  return (a, b) => {
    if (a.due_date !== b.due_date) {
      if (a.due_date === null) return 1;
      if (b.due_date === null) return -1;
      return a.due_date < b.due_date ? -1 : 1;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/**
 * One column's page out of its statuses' walks: merged in the column's order and cut to
 * BOARD_COLUMN_LIMIT. Each status brought its first BOARD_COLUMN_LIMIT + 1 rows, so the column's
 * first BOARD_COLUMN_LIMIT + 1 are among them.
 */
function columnPage(stage: BoardStage, rows: CardRow[], since: string | undefined, lastBefore: string | null) {
  const mine = rows.filter((row) => stageOf(row.status) === stage).sort(compareIn(stage));
  const page = mine.slice(0, BOARD_COLUMN_LIMIT);
  const last = page[page.length - 1];
  const nextCursor = mine.length > BOARD_COLUMN_LIMIT && last ? last.cursor : null;
  const windowed = isFinished(stage) && since !== undefined;
  const more: BoardColumnMore = {
    nextCursor,
    // The recent window is used up: older finished work continues after the last card shown.
    olderCursor: windowed && !nextCursor ? olderCursorAfter(last?.cursor ?? lastBefore, since) : null,
    older: isFinished(stage) && since === undefined,
  };
  return { page, more };
}

function present(row: CardRow, user: SessionUser): BoardCard {
  const status = row.status as ItemStatus;
  return {
    id: row.id,
    requestId: row.request_id,
    channel: row.channel,
    status,
    stage: stageOf(status),
    dueDate: row.due_date,
    eventTitle: row.event_title,
    ministryName: row.ministry_name,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_id ? row.assignee_name : null,
    response: row.response,
    canMove: boardPolicy.move.allows(user, { assigneeId: row.assignee_id }),
  };
}

const OPEN_STAGES = BOARD_STAGES.filter((stage) => !isFinished(stage));
const DONE_STAGES = BOARD_STAGES.filter(isFinished);

/** The board's first load: every column's first page, in one statement (two lateral walks, union all). */
export async function listBoard(db: Executor, user: SessionUser, search?: string): Promise<Board> {
  const since = recentSince(new Date(), BOARD_RECENT_DAYS);
  const result = await executeNamed(
    db,
    sql`
    ${walk({ stages: OPEN_STAGES, search })}
    union all
    ${walk({ stages: DONE_STAGES, search, since })}`,
  );
  const rows = rowsOf<CardRow>(result);
  const items: BoardCard[] = [];
  const columns = {} as Record<BoardStage, BoardColumnMore>;
  for (const stage of BOARD_STAGES) {
    const { page, more } = columnPage(stage, rows, isFinished(stage) ? since : undefined, null);
    items.push(...page.map((row) => present(row, user)));
    columns[stage] = more;
  }
  return { items, columns, canAssign: hasRank(user.role, 'coordinator') };
}

/** 'Load more' or 'Show older' of one column: its next page after the cursor. */
export async function listBoardColumn(db: Executor, user: SessionUser, query: BoardColumnQuery): Promise<BoardColumnPage> {
  const { stage, cursor, older, search } = query;
  const since = isFinished(stage) && !older ? recentSince(new Date(), BOARD_RECENT_DAYS) : undefined;
  const rows = rowsOf<CardRow>(await executeNamed(db, walk({ stages: [stage], search, cursor, since })));
  const { page, more } = columnPage(stage, rows, since, cursor);
  return { items: page.map((row) => present(row, user)), ...more };
}
