/**
 * The benchmark church: a PostgreSQL database of 1,000 or 100,000 requests with the
 * shape of a church after five years of use. The app's own migrations make the schema and its own
 * demo seed makes the demo sign-ins, runways and upcoming Sundays; everything else is set-based SQL
 * (`insert ... select ... from generate_series`) whose "random" choices are hashes of the row number,
 * so two runs at one scale make the same church.
 *
 *   npx tsx src/bench/generate.ts --scale 1k|100k|300k [--fresh]
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPostgres } from '../server/platform/db/client';
import { accountableWorkSql, bookingItemSql, calendarItemSql } from '../server/platform/db/predicates';
import { seedDemo } from '../server/platform/db/seed-demo';
import { diskBlobStore } from '../server/platform/files/blob-store';
import { ARCHIVED_REQUEST_STATUSES, FINISHED_REQUEST_STATUSES } from '../shared/domain/statuses';

/** Bumped when the generated shape changes: a database of an older version is regenerated. */
export const GENERATOR_VERSION = 10;

/**
 * 1k and 100k are the issue's scales (`--scale both`). 300k is asked for by name only: it shows
 * whether a read's growth from 1k to 100k has reached its bound (a first page that filled up) or
 * goes on growing with the church (decision 0044).
 */
export const SCALES = { '1k': 1_000, '100k': 100_000, '300k': 300_000 } as const;
export const DEFAULT_SCALES: Scale[] = ['1k', '100k'];
export type Scale = keyof typeof SCALES;

/** The request whose drawer the bench opens: exactly these many items, assets and activity rows. */
export const DRAWER = { id: 'b0000000-0000-4000-8000-00000000d4a1', items: 40, assets: 170, activity: 2000, messages: 60 };

/** Users beside the demo seed's ten: 510 in all. */
const BENCH_USERS = { requester: 380, creative: 50, coordinator: 25, approver: 20, admin: 10, viewer: 15 } as const;
/** Notifications per request (1,000,000 at 100k). */
const NOTIFICATIONS_PER_REQUEST = 10;
/** Requests submitted in the last LIVE_DAYS are current work in every status; older ones are mostly archived or complete. */
const LIVE_DAYS = 90;
const HISTORY_DAYS = 1826;

/** The prefix of the bench databases' names (`--database-prefix` names others, e.g. a copy to experiment on). */
export const BENCH_DATABASE_PREFIX = 'lampstand_bench_';

export function benchDatabaseName(scale: Scale, prefix = BENCH_DATABASE_PREFIX): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`database prefix ${prefix}: lower-case letters, digits and _ only`);
  return `${prefix}${scale}`;
}

/** The URL of another database on the server of `baseUrl`. */
export function databaseUrl(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface GenerateResult {
  url: string;
  database: string;
  reused: boolean;
  seconds: number;
}

const log = (msg: string) => {
  if (process.env.BENCH_QUIET !== '1') console.log(`[generate] ${msg}`);
};

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Whether the database holds a finished church of this scale and generator version. */
async function isComplete(url: string, scale: Scale): Promise<boolean> {
  return withClient(url, async (c) => {
    const { rows } = await c.query(`select to_regclass('public.bench_meta') is not null as present`);
    if (!rows[0].present) return false;
    const meta = await c.query(`select scale, version, finished_at from bench_meta where key = 'church'`);
    const m = meta.rows[0];
    return !!m && m.scale === scale && m.version === GENERATOR_VERSION && m.finished_at !== null;
  });
}

/**
 * Makes (or reuses) the church of `scale` on the server of `baseUrl`. A reused database is
 * migrated again, which is a no-op unless new migrations arrived (other branches add indexes).
 */
export async function generate(baseUrl: string, scale: Scale, opts: { fresh?: boolean; database?: string } = {}): Promise<GenerateResult> {
  const started = Date.now();
  const database = opts.database ?? benchDatabaseName(scale);
  const url = databaseUrl(baseUrl, database);
  const exists = await withClient(baseUrl, async (c) => {
    const { rows } = await c.query('select 1 from pg_database where datname = $1', [database]);
    return rows.length > 0;
  });
  if (exists && !opts.fresh && (await isComplete(url, scale))) {
    const migrated = await openPostgres(url, 1);
    await migrated.close();
    log(`${database}: reusing the ${scale} church (generator version ${GENERATOR_VERSION})`);
    return { url, database, reused: true, seconds: (Date.now() - started) / 1000 };
  }
  await withClient(baseUrl, async (c) => {
    await c.query(`drop database if exists ${database} with (force)`);
    await c.query(`create database ${database}`);
  });
  log(`${database}: migrating and seeding the demo church`);
  const opened = await openPostgres(url, 2);
  try {
    // The demo's proofs go to a scratch store: the bench reads rows, never the files.
    await seedDemo(opened.db, 'America/New_York', diskBlobStore(mkdtempSync(path.join(os.tmpdir(), 'lampstand-bench-files-'))));
  } finally {
    await opened.close();
  }
  await withClient(url, (c) => fill(c, scale));
  log(`${database}: ${scale} church ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { url, database, reused: false, seconds: (Date.now() - started) / 1000 };
}

async function step(c: pg.Client, label: string, text: string, params: unknown[] = []) {
  const t0 = Date.now();
  const res = await c.query(text, params);
  log(`  ${label}: ${res.rowCount ?? 0} rows, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** Secondary indexes of a table (not those behind a constraint): dropped for the load, rebuilt after. */
async function dropIndexes(c: pg.Client, table: string): Promise<string[]> {
  const { rows } = await c.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
      where i.indrelid = $1::regclass
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [table],
  );
  for (const r of rows) await c.query(`drop index ${r.name}`);
  return rows.map((r) => r.def);
}

async function fill(c: pg.Client, scale: Scale): Promise<void> {
  const n = SCALES[scale];
  // The rows are made consistent by construction: foreign-key triggers are skipped for the load
  // (superuser session setting), and commits need not wait for the disk.
  await c.query(`set session_replication_role = replica`);
  await c.query(`set synchronous_commit = off`);
  await c.query(`set work_mem = '64MB'`);
  await c.query(`set maintenance_work_mem = '256MB'`);
  await c.query(`create table bench_meta (key text primary key, scale text not null, version int not null,
    requests int not null, started_at timestamptz not null default now(), finished_at timestamptz)`);
  await c.query(`insert into bench_meta (key, scale, version, requests) values ('church', $1, $2, $3)`, [scale, GENERATOR_VERSION, n]);
  // h(i, salt): a stable pseudo-random non-negative bigint of a row number.
  await c.query(`create function pg_temp.h(i bigint, salt int) returns bigint language sql immutable
    as $$ select abs(hashint8extended(i, salt::bigint)) $$`);
  await c.query(`create function pg_temp.uid(kind text, i bigint) returns uuid language sql immutable
    as $$ select md5(kind || ':' || i)::uuid $$`);

  const big = ['requests', 'request_items', 'request_assets', 'activity_log', 'request_messages', 'request_viewers', 'notifications'];
  const indexDefs: string[] = [];
  for (const table of big) indexDefs.push(...(await dropIndexes(c, table)));

  const hash = (await c.query(`select password_hash from users where email = 'admin@example.org'`)).rows[0].password_hash as string;
  await step(
    c,
    'users',
    `insert into users (id, role, full_name, email, password_hash, ministry_id, created_at)
     select pg_temp.uid('user', row_number() over ()), r.role,
            'Bench ' || initcap(r.role) || ' ' || lpad(g::text, 3, '0'),
            'bench-' || r.role || '-' || lpad(g::text, 3, '0') || '@example.org', $1,
            case when r.role = 'requester' then (select id from ministries where active order by name
                 offset (g % 7) limit 1) end,
            now() - interval '5 years'
       from (values ('requester', ${BENCH_USERS.requester}), ('creative', ${BENCH_USERS.creative}),
                    ('coordinator', ${BENCH_USERS.coordinator}), ('approver', ${BENCH_USERS.approver}),
                    ('admin', ${BENCH_USERS.admin}), ('viewer', ${BENCH_USERS.viewer})) r(role, cnt),
            generate_series(1, r.cnt) g`,
    [hash],
  );
  // The pools every row picks its people from, by hash.
  await c.query(`create temporary table pool as select
    (select array_agg(id order by email) from users where email like 'bench-requester-%') as requesters,
    (select array_agg(id order by email) from users where email like 'bench-creative-%') as creatives,
    (select array_agg(id order by email) from users where email like 'bench-coordinator-%') as coordinators,
    (select array_agg(id order by email) from users where email like 'bench-viewer-%') as viewers,
    (select array_agg(id order by email) from users where active and not is_external) as everyone,
    (select array_agg(id order by name) from ministries where active) as ministries,
    (select id from users where email = 'admin@example.org') as admin,
    (select id from users where email = 'coordinator@example.org') as coordinator,
    (select id from users where email = 'approver@example.org') as approver,
    (select id from users where email = 'creative@example.org') as creative,
    (select id from users where email = 'designer@example.org') as designer,
    (select id from users where email = 'requester@example.org') as requester,
    (select id from users where email = 'viewer@example.org') as viewer,
    (select id from users where is_external limit 1) as squad`);

  // One row per request with the choices its items, assets and activity follow.
  await step(
    c,
    'request plan',
    `create temporary table g_req as
     with base as (
       select i, now() - ((${n} - i)::float8 / ${n}) * interval '${HISTORY_DAYS} days'
                        - (pg_temp.h(i, 1) % 86400) * interval '1 second' as submitted_at
         from generate_series(1, ${n}) i)
     select b.i, pg_temp.uid('request', b.i) as id, b.submitted_at,
            b.submitted_at > now() - interval '${LIVE_DAYS} days' as live,
            case when b.submitted_at > now() - interval '${LIVE_DAYS} days' then
                   (array['submitted','needs_approval','approved','in_production','in_review','revisions_needed',
                          'final_approval','scheduled','published','complete','on_hold','cancelled','proof_ready',
                          'in_progress'])[1 + pg_temp.h(b.i, 2) % 14]
                 else case when pg_temp.h(b.i, 2) % 100 < 45 then 'archived_recurring'
                           when pg_temp.h(b.i, 2) % 100 < 75 then 'archived_onetime'
                           when pg_temp.h(b.i, 2) % 100 < 90 then 'complete'
                           when pg_temp.h(b.i, 2) % 100 < 95 then 'published'
                           when pg_temp.h(b.i, 2) % 100 < 98 then 'cancelled'
                           else 'on_hold' end end as status,
            (b.submitted_at + (14 + pg_temp.h(b.i, 3) % 50) * interval '1 day')::date as event_start,
            case when pg_temp.h(b.i, 4) % 100 < 3 then p.requester
                 when pg_temp.h(b.i, 4) % 100 < 4 then p.coordinator
                 else p.requesters[1 + pg_temp.h(b.i, 5) % array_length(p.requesters, 1)] end as requester_id,
            case when pg_temp.h(b.i, 6) % 100 < 10 then p.coordinator
                 when pg_temp.h(b.i, 6) % 100 < 13 then p.admin
                 else p.coordinators[1 + pg_temp.h(b.i, 7) % array_length(p.coordinators, 1)] end as coordinator_id,
            p.ministries[1 + pg_temp.h(b.i, 8) % array_length(p.ministries, 1)] as ministry_id,
            3 + pg_temp.h(b.i, 9) % 9 as item_count
       from base b, pool p`,
  );
  await c.query(`create unique index on g_req (i)`);
  await c.query(`analyze g_req`);

  await step(
    c,
    'requests',
    `insert into requests (id, event_title, ministry_id, requester_id, promotion_start_date, event_start_date,
        event_end_date, start_time, end_time, location, expected_attendance, description_short, description_long,
        target_audience, tier, planning_center_added, status, priority, current_coordinator_id,
        content_complete_score, submitted_at, archived_at, archived_by, additional_channels, version, updated_at)
     select r.id,
            (array['Family Picnic','Worship Night','Serve Day','Youth Retreat','Marriage Workshop','Kids Camp',
                   'Missions Lunch','Prayer Walk','Baptism Sunday','Choir Concert','Food Drive','Men''s Breakfast'])
              [1 + pg_temp.h(r.i, 10) % 12] || ' #' || r.i,
            r.ministry_id, r.requester_id, r.event_start - 21, r.event_start,
            r.event_start + (pg_temp.h(r.i, 11) % 3)::int, '18:00', '20:00', 'Main Campus',
            (pg_temp.h(r.i, 12) % 400)::int, 'Join us for a great time together.',
            'Everything you need to know about this event, who it is for and how to sign up.',
            'Whole church', (array['A','B','C','L1','L2','D'])[1 + pg_temp.h(r.i, 13) % 6], true, r.status,
            (array['low','medium','medium','high','urgent'])[1 + pg_temp.h(r.i, 14) % 5],
            case when r.status in ('submitted', 'needs_approval') and pg_temp.h(r.i, 15) % 100 < 70 then null
                 else r.coordinator_id end,
            60 + (pg_temp.h(r.i, 16) % 41)::int, r.submitted_at,
            case when r.status like 'archived%' then r.submitted_at + interval '75 days' end,
            case when r.status like 'archived%' then r.coordinator_id end,
            '{}'::jsonb, 1, r.submitted_at + interval '2 days'
       from g_req r`,
  );

  // Items: finished work on old requests, every status on current ones.
  await step(
    c,
    'request_items',
    `insert into request_items (id, request_id, channel, assignee_id, status, priority, due_date,
        is_additional_request, additional_request_status, published_url, published_at, created_at, updated_at, stage_entered_at)
     select pg_temp.uid('item', r.i * 16 + j), r.id, x.channel,
            case when x.status = 'submitted' then null
                 when pg_temp.h(r.i * 16 + j, 20) % 200 < 6 then p.creative
                 when pg_temp.h(r.i * 16 + j, 20) % 200 < 10 then p.designer
                 when pg_temp.h(r.i * 16 + j, 20) % 200 < 16 then p.squad
                 when pg_temp.h(r.i * 16 + j, 20) % 200 < 18 then p.coordinator
                 when pg_temp.h(r.i * 16 + j, 20) % 200 < 20 then p.approver
                 when pg_temp.h(r.i * 16 + j, 20) % 200 < 21 then p.admin
                 else p.creatives[1 + pg_temp.h(r.i * 16 + j, 21) % array_length(p.creatives, 1)] end,
            x.status, (array['low','medium','medium','high','urgent'])[1 + pg_temp.h(r.i * 16 + j, 22) % 5],
            r.event_start - 7 + (j % 5)::int,
            x.additional, case when x.additional then (array['pending','approved','rejected'])[1 + pg_temp.h(r.i * 16 + j, 23) % 3] end,
            case when x.status = 'published' then 'https://example.org/e/' || r.i end,
            case when x.status in ('published', 'complete') then r.submitted_at + interval '20 days' end,
            r.submitted_at,
            case when x.status in ('submitted', 'not_started') then r.submitted_at
                 else least(now(), r.submitted_at + (1 + pg_temp.h(r.i * 16 + j, 24) % 40) * interval '1 day') end,
            -- The stage was entered at the item's last change (the nudges' read walks it, decision 0066).
            case when x.status in ('submitted', 'not_started') then r.submitted_at
                 else least(now(), r.submitted_at + (1 + pg_temp.h(r.i * 16 + j, 24) % 40) * interval '1 day') end
       from g_req r cross join pool p
       cross join lateral generate_series(1, r.item_count) j
       cross join lateral (select
            (array['stage_announcement','landing_slide','sunday_slide','facebook_event','social_media_posts',
                   'social_media_story','website_feature_page','website_event_page','website_calendar_listing',
                   'app_push_notification','email_feature','email_mention','registration_page','landing_social_media',
                   'promotional_video','print_posters','happenings_flyer','banner','mass_email','other'])
              [1 + (pg_temp.h(r.i, 25) + j) % 20] as channel,
            case when r.status in ('submitted', 'needs_approval') then 'submitted'
                 when r.live and r.status not in ('complete', 'published', 'cancelled') then
                   (array['submitted','not_started','in_progress','proof_ready','changes_requested','approved',
                          'published','complete'])[1 + pg_temp.h(r.i * 16 + j, 26) % 8]
                 when pg_temp.h(r.i * 16 + j, 26) % 200 < 180 then 'complete'
                 when pg_temp.h(r.i * 16 + j, 26) % 200 < 189 then 'approved'
                 when pg_temp.h(r.i * 16 + j, 26) % 200 < 199 then 'published'
                 else 'in_progress' end as status,
            pg_temp.h(r.i * 16 + j, 27) % 100 < 5 as additional) x`,
  );

  await step(
    c,
    'request_assets',
    `insert into request_assets (id, request_id, item_id, file_name, storage_key, file_size, file_type, uploaded_by,
        version_number, created_at)
     select pg_temp.uid('asset', r.i * 8 + k), r.id,
            case when k = 1 then pg_temp.uid('item', r.i * 16 + 1) end,
            'artwork-' || r.i || '-' || k || '.png', 'bench/' || r.i || '/' || k, 20000 + (pg_temp.h(r.i * 8 + k, 30) % 900000)::int,
            'image/png', case when k = 1 then p.creative else r.requester_id end, 1,
            r.submitted_at + k * interval '1 hour'
       from g_req r cross join pool p cross join lateral generate_series(1, (pg_temp.h(r.i, 31) % 4)::int) k`,
  );

  await step(
    c,
    'activity_log',
    `insert into activity_log (id, request_id, user_id, action_type, old_value, new_value, notes, created_at)
     select pg_temp.uid('activity', r.i * 16 + k), r.id,
            case when k = 1 then r.requester_id else r.coordinator_id end,
            case when k = 1 then 'request_submitted'
                 else (array['Status Changed','Coordinator Assigned','Assignee Changed','Item Status Changed',
                             'Asset Uploaded','Priority Set'])[1 + pg_temp.h(r.i * 16 + k, 32) % 6] end,
            'submitted', 'in_production', case when k = 1 then 'Request submitted' end,
            r.submitted_at + (k - 1) * interval '6 hours'
       from g_req r cross join lateral generate_series(1, (2 + pg_temp.h(r.i, 33) % 7)::int) k`,
  );

  await step(
    c,
    'request_messages',
    `insert into request_messages (id, request_id, author_id, body, created_at)
     select pg_temp.uid('message', r.i * 8 + k), r.id,
            case when k % 2 = 1 then r.coordinator_id else r.requester_id end,
            'Thanks, we are on it (message ' || k || ').', r.submitted_at + k * interval '5 hours'
       from g_req r cross join lateral generate_series(1, (pg_temp.h(r.i, 34) % 4)::int) k`,
  );

  await step(
    c,
    'request_viewers',
    `insert into request_viewers (request_id, user_id, added_by, created_at)
     select r.id, case when pg_temp.h(r.i, 35) % 100 < 2 then p.viewer
                       else p.viewers[1 + pg_temp.h(r.i, 36) % array_length(p.viewers, 1)] end,
            r.coordinator_id, r.submitted_at + interval '1 day'
       from g_req r cross join pool p where pg_temp.h(r.i, 35) % 100 < 4`,
  );

  // Notifications: mostly read; thousands unread for the demo admin.
  await step(
    c,
    'notifications',
    `insert into notifications (id, user_id, read, created_at, title, body, type, request_id, link)
     select pg_temp.uid('notification', k), x.user_id,
            case when x.user_id = p.admin then pg_temp.h(k, 41) % 10 <> 0
                 else not (x.created_at > now() - interval '14 days' and pg_temp.h(k, 41) % 3 = 0) end,
            x.created_at, x.title, 'Something on a request needs your attention.', x.type, r.id, '/request/' || r.id
       from generate_series(1, ${n * NOTIFICATIONS_PER_REQUEST}) k cross join pool p
       join g_req r on r.i = (k - 1) / ${NOTIFICATIONS_PER_REQUEST} + 1
       cross join lateral (select
            case when pg_temp.h(k, 40) % 100 < 5 then p.admin
                 when pg_temp.h(k, 40) % 100 < 8 then p.coordinator
                 when pg_temp.h(k, 40) % 100 < 10 then p.creative
                 when pg_temp.h(k, 40) % 100 < 12 then p.requester
                 when pg_temp.h(k, 40) % 100 < 13 then p.approver
                 when pg_temp.h(k, 40) % 100 < 14 then p.viewer
                 else p.everyone[1 + pg_temp.h(k, 42) % array_length(p.everyone, 1)] end as user_id,
            least(now(), r.submitted_at + (pg_temp.h(k, 43) % 30) * interval '1 day') as created_at,
            (array['New request submitted','You were assigned a task','Proof ready for review','Status changed'])
              [1 + pg_temp.h(k, 44) % 4] as title,
            (array['assignment','assignment','review_ready','status_change'])[1 + pg_temp.h(k, 44) % 4] as type) x`,
  );

  await fillDrawerRequest(c);
  await fillSundays(c);
  // The load skips triggers (replica role), so each request's item due range (decision 0041) is set here, once.
  await step(
    c,
    'requests item due ranges',
    `update requests r set items_due_from = s.due_from, items_due_to = s.due_to
       from (select request_id, min(due_date) as due_from, max(due_date) as due_to from request_items group by request_id) s
      where r.id = s.request_id`,
  );
  // And each item's copies of its request's facts (decisions 0046, 0060 and 0070): archived,
  // finished, event title, ministry and event start date, from its request.
  await step(
    c,
    'items know their request',
    `update request_items i set request_archived = r.status in (${ARCHIVED_REQUEST_STATUSES.map((s) => `'${s}'`).join(', ')}),
            request_finished = r.status in (${FINISHED_REQUEST_STATUSES.map((s) => `'${s}'`).join(', ')}),
            request_cancelled = r.status = 'cancelled',
            request_event_title = r.event_title, request_ministry_id = r.ministry_id,
            request_event_start_date = r.event_start_date
       from requests r where r.id = i.request_id`,
  );
  // And the weeks each item books as planned in its request's window (decision 0067), by the SQL twin
  // of the app's rule.
  await step(
    c,
    'items book their weeks',
    `update request_items i set booked_weeks = planned_booked_weeks(r.promotion_start_date,
            coalesce(r.event_start_date, r.promotion_start_date), ch.capacity_per, ch.run_weeks)
       from requests r, channels ch where r.id = i.request_id and ch.code = i.channel and r.promotion_start_date is not null`,
  );
  // And whether each item goes through the CMS queue (decision 0056), from its channel's setting.
  await step(
    c,
    'items of CMS channels',
    `update request_items i set goes_to_cms = true from channels ch where ch.code = i.channel and ch.goes_to_cms`,
  );
  // And each person's count of owed work (decision 0064), which the triggers skipped keep on a live church.
  await step(
    c,
    'workload counts',
    `insert into workload_counts (user_id, owed)
       select assignee_id, count(*)::int from request_items where assignee_id is not null and ${accountableWorkSql()} group by assignee_id
     on conflict (user_id) do update set owed = excluded.owed`,
  );
  // And the task calendar's count a day and ministry (decision 0064), likewise.
  await step(
    c,
    'calendar day counts',
    `insert into calendar_day_counts (due_date, ministry_key, tasks)
       select due_date, coalesce(request_ministry_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)::int from request_items
       where due_date is not null and ${calendarItemSql()} group by 1, 2
     on conflict (due_date, ministry_key) do update set tasks = excluded.tasks`,
  );

  // And each channel's bookings a week (decision 0067), likewise.
  await step(
    c,
    'channel week counts',
    `insert into channel_week_counts (channel, week, booked)
       select i.channel, w, count(*)::int from request_items i cross join lateral unnest(i.booked_weeks) as w
       where ${bookingItemSql('i')} group by 1, 2
     on conflict (channel, week) do update set booked = excluded.booked`,
  );
  // And each booking as a row (decision 0073), as its triggers keep it.
  await step(
    c,
    'item bookings',
    `insert into request_item_bookings (channel, week, item_id)
       select i.channel, w, i.id from request_items i cross join lateral unnest(i.booked_weeks) as w
       where ${bookingItemSql('i')}
     on conflict do nothing`,
  );

  for (const def of indexDefs) {
    const t0 = Date.now();
    await c.query(def);
    log(`  ${def.replace(/ USING .*/, '')}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  await c.query(`set session_replication_role = origin`);
  // Visibility map and statistics as on a database that has been in use a while.
  const t0 = Date.now();
  await c.query(`vacuum analyze`);
  log(`  vacuum analyze: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await c.query(`update bench_meta set finished_at = now() where key = 'church'`);
}

/** The drawer the bench opens: a live request with 40 items, 170 assets, 2,000 activity rows. */
async function fillDrawerRequest(c: pg.Client) {
  const d = DRAWER;
  await step(
    c,
    'drawer request',
    `insert into requests (id, event_title, ministry_id, requester_id, promotion_start_date, event_start_date,
        event_end_date, start_time, end_time, location, description_short, tier, status, priority,
        current_coordinator_id, content_complete_score, submitted_at, updated_at)
     select $1::uuid, 'Easter Weekend (bench drawer)', p.ministries[1], p.requester, current_date + 10, current_date + 31,
            current_date + 31, '09:00', '12:00', 'Main Campus', 'Every service of Easter weekend.', 'A',
            'in_production', 'high', p.coordinator, 95, now() - interval '10 days', now() - interval '1 day'
       from pool p`,
    [d.id],
  );
  await c.query(
    `insert into request_items (id, request_id, channel, assignee_id, status, priority, due_date, created_at, updated_at)
     select pg_temp.uid('drawer-item', j), $1::uuid,
            (array['stage_announcement','landing_slide','sunday_slide','facebook_event','social_media_posts',
                   'website_feature_page','email_feature','promotional_video','print_posters','banner'])[1 + j % 10],
            case when j % 3 = 0 then p.creative when j % 3 = 1 then p.designer else p.squad end,
            (array['not_started','in_progress','proof_ready','changes_requested','approved','published','complete'])[1 + j % 7],
            'high', current_date + (j % 20)::int, now() - interval '10 days', now() - (j % 9) * interval '1 hour'
       from pool p, generate_series(1, ${d.items}) j`,
    [d.id],
  );
  await c.query(
    `insert into request_assets (id, request_id, item_id, file_name, storage_key, file_size, file_type, uploaded_by,
        version_number, created_at)
     select pg_temp.uid('drawer-asset', k), $1::uuid,
            case when k % 2 = 0 then pg_temp.uid('drawer-item', 1 + k % ${d.items}) end,
            'easter-' || k || '.png', 'bench/drawer/' || k, 150000 + k, 'image/png', p.creative, 1 + k / 40,
            now() - interval '10 days' + k * interval '1 hour'
       from pool p, generate_series(1, ${d.assets}) k`,
    [d.id],
  );
  await c.query(
    `insert into activity_log (id, request_id, user_id, action_type, old_value, new_value, created_at)
     select pg_temp.uid('drawer-activity', k), $1::uuid, case when k % 2 = 0 then p.coordinator else p.creative end,
            (array['Status Changed','Assignee Changed','Item Status Changed','Asset Uploaded'])[1 + k % 4],
            'in_progress', 'proof_ready', now() - interval '10 days' + k * interval '6 minutes'
       from pool p, generate_series(1, ${d.activity}) k`,
    [d.id],
  );
  await c.query(
    `insert into request_messages (id, request_id, author_id, body, created_at)
     select pg_temp.uid('drawer-message', k), $1::uuid, case when k % 2 = 0 then p.coordinator else p.requester end,
            'Easter update ' || k, now() - interval '10 days' + k * interval '3 hours'
       from pool p, generate_series(1, ${d.messages}) k`,
    [d.id],
  );
  await c.query(`insert into request_viewers (request_id, user_id, added_by) select $1::uuid, p.viewer, p.coordinator from pool p`, [d.id]);
}

/** Five years of past Sunday plans (the seed made the upcoming six), every task done. */
async function fillSundays(c: pg.Client) {
  await step(
    c,
    'past sunday plans',
    `with sundays as (
       select d::date as sunday_date
         from generate_series(date_trunc('week', now() - interval '${HISTORY_DAYS} days')::date - 1,
                              (select min(sunday_date) from sunday_plans) - 7, interval '7 days') d)
     insert into sunday_plans (id, sunday_date, runway_id, is_locked, status, created_at)
     select gen_random_uuid(), s.sunday_date, w.id, true, 'locked', s.sunday_date - 30
       from sundays s cross join (select null::uuid as id union all select id from runways) w
     on conflict do nothing`,
  );
  await step(
    c,
    'past sunday plan items',
    `insert into sunday_plan_items (sunday_plan_id, task_name, is_complete, created_at)
     select sp.id, ri.title, true, sp.created_at
       from sunday_plans sp join runway_items ri on ri.runway_id = sp.runway_id
      where sp.sunday_date < current_date
     on conflict do nothing`,
  );
}

async function main() {
  const { values } = parseArgs({
    options: { scale: { type: 'string', default: '1k' }, fresh: { type: 'boolean', default: false } },
  });
  const scale = values.scale as Scale;
  if (!(scale in SCALES)) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(', ')}`);
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('DATABASE_URL must name a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).');
  const result = await generate(baseUrl, scale, { fresh: values.fresh });
  console.log(JSON.stringify(result));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
