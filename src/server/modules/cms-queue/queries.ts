import { sql } from 'drizzle-orm';
import { CMS_QUEUE_PAGE_SIZE, isIsoDate, type CmsQueueItem, type CmsQueuePage } from '../../../shared/api/cms-queue';
import { todayIn } from '../../../shared/domain/dates';
import type { ItemStatus } from '../../../shared/domain/statuses';
import { rowsOf, type Executor } from '../../platform/db/client';
import { cmsWaitingSql } from '../../platform/db/predicates';
import { badRequest } from '../../platform/errors';

/**
 * What waits in the CMS queue (guide/reports.md#the-cms-queue): approved items of the web and e-mail channels of live
 * (not archived) requests that are production work (an additional channel only once approved).
 * Shared by the list and by Mark Published, so only a listed item can be published through it.
 * Said of the item alone (its request_archived is kept from the request's status, decision 0046),
 * in the very text of request_items_cms_waiting_idx's predicate (decision 0049): the page walks
 * that index and the count reads it alone, with no probe of requests.
 */
export const WAITING = sql.raw(cmsWaitingSql('i'));

/** "<yyyy-MM-dd or 'none'>|<uuid>": the position of the last item of a page in (due date nulls last, id). */
interface QueueCursor {
  dueDate: string | null;
  id: string;
}
const CURSOR = /^(none|\d{4}-\d{2}-\d{2})\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export function parseQueueCursor(raw: string | undefined): QueueCursor | null {
  if (!raw) return null;
  const match = CURSOR.exec(raw);
  if (!match || (match[1] !== 'none' && !isIsoDate(match[1]))) throw badRequest('Invalid cursor.', { cursor: 'Invalid cursor.' });
  return { dueDate: match[1] === 'none' ? null : match[1], id: match[2].toLowerCase() };
}

const cursorOf = (item: Pick<CmsQueueItem, 'dueDate' | 'id'>) => `${item.dueDate ?? 'none'}|${item.id}`;

/** Items after the cursor in (due date ascending, undated last, id) order. */
function after(cursor: QueueCursor | null) {
  if (!cursor) return sql`true`;
  if (cursor.dueDate === null) return sql`(i.due_date is null and i.id > ${cursor.id}::uuid)`;
  return sql`(i.due_date > ${cursor.dueDate}::date or (i.due_date = ${cursor.dueDate}::date and i.id > ${cursor.id}::uuid) or i.due_date is null)`;
}

/** One page of the queue, oldest due first (request_items_cms_waiting_idx, in that order). */
export async function listCmsQueue(db: Executor, timeZone: string, rawCursor: string | undefined): Promise<CmsQueuePage> {
  const cursor = parseQueueCursor(rawCursor);
  const rows = rowsOf<{
    id: string;
    request_id: string;
    channel: string;
    status: ItemStatus;
    due_date: string | null;
    event_title: string;
    ministry_name: string | null;
    assignee_name: string | null;
  }>(
    await db.execute(sql`
      select i.id, i.request_id, i.channel, i.status, i.due_date::text as due_date, r.event_title,
             m.name as ministry_name, u.full_name as assignee_name
      from request_items i
      join requests r on r.id = i.request_id
      left join ministries m on m.id = r.ministry_id
      left join users u on u.id = i.assignee_id
      where ${WAITING} and ${after(cursor)}
      order by i.due_date asc nulls last, i.id asc
      limit ${CMS_QUEUE_PAGE_SIZE + 1}`),
  );
  const [{ total }] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from request_items i where ${WAITING}`));
  const items: CmsQueueItem[] = rows.slice(0, CMS_QUEUE_PAGE_SIZE).map((r) => ({
    id: r.id,
    requestId: r.request_id,
    channel: r.channel,
    status: r.status,
    dueDate: r.due_date,
    eventTitle: r.event_title,
    ministryName: r.ministry_name,
    assigneeName: r.assignee_name,
  }));
  const last = items[items.length - 1];
  return {
    items,
    nextCursor: rows.length > CMS_QUEUE_PAGE_SIZE && last ? cursorOf(last) : null,
    total: Number(total),
    today: todayIn(timeZone),
  };
}
