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
  created_at: string;
  cursor: string;
}

/**
 * Both sources past the cursor in ONE named statement (decision 0040), each newest first on its own index
 * (notifications_created_idx, request_messages_created_idx) with `limit + 1` rows: everyone's
 * notifications with the recipient and the request, every request's messages with the author and
 * the request. One round trip, and each branch is the walk it was as a statement of its own.
 */
function feedRows(cursor: KeysetCursor | null, limit: number): SQL {
  const n = { at: sql`n.created_at`, id: sql`n.id` };
  const m = { at: sql`m.created_at`, id: sql`m.id` };
  const utc = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return sql`
    (select 'notification' as kind, n.id, n.type, n.title, n.body, u.full_name as who, n.request_id,
            r.event_title as request_title, n.link, ${utc(n.at)} as created_at, ${cursorOf(n.at, n.id)} as cursor
     from notifications n
     join users u on u.id = n.user_id
     left join requests r on r.id = n.request_id
     ${cursor ? sql`where ${olderThan(n.at, n.id, cursor)}` : sql``}
     order by ${sql.join(newestFirst(n.at, n.id), sql`, `)}
     limit ${limit + 1})
    union all
    (select 'message', m.id, 'message', null, m.body, u.full_name, m.request_id,
            r.event_title, null, ${utc(m.at)}, ${cursorOf(m.at, m.id)}
     from request_messages m
     join requests r on r.id = m.request_id
     left join users u on u.id = m.author_id
     ${cursor ? sql`where ${olderThan(m.at, m.id, cursor)}` : sql``}
     order by ${sql.join(newestFirst(m.at, m.id), sql`, `)}
     limit ${limit + 1})`;
}

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
          createdAt: r.created_at,
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
          createdAt: r.created_at,
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
