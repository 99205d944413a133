import { sql, type SQL } from 'drizzle-orm';
import type { ActivityEntry, ActivityFeed } from '../../../shared/api/notifications';
import { rowsOf, type Executor } from '../../platform/db/client';
import { executeNamed } from '../../platform/db/prepared';
import { cursorOf, newestFirst, olderThan, parseCursor, type KeysetCursor } from '../../platform/db/keyset';
import { mergeFeed } from './merge-feed';

interface Keyed {
  cursor: string;
  entry: ActivityEntry;
}

interface FeedRow {
  kind: 'notification' | 'message';
  id: string;
  type: string;
  title: string | null;
  body: string;
  who: string | null;
  request_id: string | null;
  request_title: string | null;
  link: string | null;
  cursor: string;
}

/**
 * Both sources past the cursor in ONE named statement (decision 0040), each newest first on its own index
 * (notifications_created_idx, request_messages_created_idx) with `limit + 1` rows: everyone's
 * notifications and every request's messages. One round trip, and each branch is the walk it was as
 * a statement of its own. The people and the requests are joined to the page's rows once, after
 * both walks (which leaves the rows in no order: mergeFeed orders them).
 */
function feedRows(cursor: KeysetCursor | null, limit: number): SQL {
  const n = { at: sql`n.created_at`, id: sql`n.id` };
  const m = { at: sql`m.created_at`, id: sql`m.id` };
  return sql`
    select f.kind, f.id, f.type, f.title, f.body, u.full_name as who, f.request_id, r.event_title as request_title, f.link, f.cursor
    from ((select 'notification' as kind, n.id, n.type, n.title, n.body, n.user_id as who_id, n.request_id, n.link,
                  ${cursorOf(n.at, n.id)} as cursor
           from notifications n
           ${cursor ? sql`where ${olderThan(n.at, n.id, cursor)}` : sql``}
           order by ${sql.join(newestFirst(n.at, n.id), sql`, `)}
           limit ${limit + 1})
          union all
          (select 'message', m.id, 'message', null, m.body, m.author_id, m.request_id, null, ${cursorOf(m.at, m.id)}
           from request_messages m
           ${cursor ? sql`where ${olderThan(m.at, m.id, cursor)}` : sql``}
           order by ${sql.join(newestFirst(m.at, m.id), sql`, `)}
           limit ${limit + 1})) f
    left join users u on u.id = f.who_id
    left join requests r on r.id = f.request_id`;
}

/** The entry's time to the millisecond, as the cursor's leading "YYYY-MM-DDTHH:MI:SS.mmm" says it. */
const createdAtOf = (cursor: string) => `${cursor.slice(0, 23)}Z`;

/** One row as the feed shows it: a notification as written, a message titled by its request. */
function entryOf(r: FeedRow): Keyed {
  const entry: ActivityEntry =
    r.kind === 'notification'
      ? {
          kind: 'notification',
          id: r.id,
          type: r.type,
          title: r.title ?? '',
          body: r.body,
          who: r.who,
          requestId: r.request_id,
          requestTitle: r.request_title,
          link: r.link ?? (r.request_id ? `/request/${r.request_id}` : null),
          createdAt: createdAtOf(r.cursor),
        }
      : {
          kind: 'message',
          id: r.id,
          type: 'message',
          title: `Message on ${r.request_title}`,
          body: r.body,
          who: r.who,
          requestId: r.request_id,
          requestTitle: r.request_title,
          link: `/request/${r.request_id}`,
          createdAt: createdAtOf(r.cursor),
        };
  return { cursor: r.cursor, entry };
}

/**
 * The Master Activity Feed (guide/notifications-and-email.md#the-notifications-screen): everyone's notifications and every request's
 * messages, merged newest first, `limit` of each source per page (merge-feed.ts says how a page ends).
 */
export async function activityFeed(db: Executor, opts: { limit: number; cursor?: string }): Promise<ActivityFeed> {
  const rows = rowsOf<FeedRow>(await executeNamed(db, feedRows(parseCursor(opts.cursor), opts.limit))).map(entryOf);
  const kind = (k: FeedRow['kind']) => rows.filter((r) => r.entry.kind === k);
  const { page, nextCursor } = mergeFeed([kind('notification'), kind('message')], opts.limit);
  return { items: page.map((row) => row.entry), nextCursor };
}
