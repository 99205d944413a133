/**
 * Every read the bench loads, in ONE list: who calls it and the app URL. When a branch
 * changes a route or its query string, change it here and nowhere else; the bare route's SQL is
 * captured from the app itself (capture.ts), so it follows on its own.
 */
import { createHash } from 'node:crypto';
import { CAPACITY_CELL_PAGE } from '../shared/api/capacity';
import { EVENT_PROMOTIONS_LIMIT, LIST_COUNT_CAP, REQUEST_LIST_LIMIT } from '../shared/api/requests';
import { COMPLETED_COUNT_CAP, TASK_PAGE_SIZE } from '../shared/api/tasks';
import { ACCOUNTABILITY_COUNT_CAP, ACCOUNTABILITY_TOP } from '../shared/domain/accountability';
import { TIER_DEFINITIONS } from '../shared/domain/tiers';
import { hashToken } from '../server/platform/auth/sessions';
import { monthGrid } from '../shared/domain/calendar';
import { addDaysIso } from '../shared/domain/dates';
import type { MainQuery } from './capture';
import { DRAWER } from './generate';

export type BenchRole = 'admin' | 'coordinator' | 'approver' | 'creative' | 'requester' | 'viewer';

export interface Read {
  /** Short stable key (used for file names and the bare route). */
  key: string;
  /** The row label of the report. */
  name: string;
  role: BenchRole;
  url: string;
  /**
   * Which captured statement is the read's main query, when the slowest one is not reliably it: a
   * read of two statements of a few milliseconds each (the calendar's grid and the reader's Sunday
   * work) would otherwise measure whichever a noisy machine slowed down during capture.
   */
  main?: RegExp;
  /**
   * 'export': a CSV export, measured as throughput and the app's peak memory over whole downloads
   * (exportLoad, run.ts) rather than as a p95 under 32 connections; its main query is still
   * captured and its plan asserted.
   */
  measure?: 'export' | 'build';
  /**
   * For 'build' (a calendar feed built cold): a statement run on the bench church before each
   * call, forgetting what the app keeps between calls, so each call does the whole work.
   */
  before?: string;
  /** Headers the app is called with besides the session cookie (a calendar app's Accept-Encoding). */
  headers?: Record<string, string>;
  /**
   * The answer is a text the app keeps (a calendar feed's gzip text): the bare route runs the
   * main query and then sends the same bytes, as any route serving that text must, so app/bare
   * compares the layers around them rather than the bytes sent against none.
   */
  bareSendsAnswer?: boolean;
  /**
   * For a list the small church does not fill: its main query cut to answer `rows` rows (at most),
   * so that the big church's statement can be timed at the small church's answer (the growth at
   * the same answer, decision 0050). `count` runs a statement and says how many rows it answers.
   */
  cutTo?: (main: MainQuery, rows: number, count: RowCounter, shown?: Shown) => Promise<MainQuery>;
  /**
   * The columns of the main query's answer that carry what is shown beside or instead of its rows:
   * a count walked up to a cap (My Tasks' recently finished work, Accountability's four counts) or
   * a list built as JSON (Accountability's four first pages). The same answer is then the small
   * church's values of these columns too, which the cut is given (`shown`: a count's value, a
   * list's length).
   */
  shownColumns?: string[];
}

/** Runs a statement on the scale's church and returns the rows of its answer. */
export type RowCounter = (main: MainQuery) => Promise<number>;

/** An answer's values of its shown columns (Read.shownColumns): a count's value, a JSON list's length. */
export type Shown = Record<string, number>;

/**
 * Cuts a list's first page, read with one row of look-ahead (`limit <page size + 1>`), to `rows`:
 * the LIMIT bound as the one parameter of that value, or written once in the text. Anything else
 * throws, so a change to the statement shows in the bench's test instead of timing the wrong cut.
 *
 * A first page that also counts its matches up to a cap (`countCap`: '200+', walked as `limit
 * <cap + 1>` written in the text, once or more) has its count cut too: on the small church that
 * count is the page's own rows, and a count of '200+' beside six rows is not the same answer. A
 * count of other rows than the page's (`countColumn`, one of Read.shownColumns) is cut to the count
 * the small church's answer showed.
 */
export function cutPage(pageSize: number, { countCap, countColumn }: { countCap?: number; countColumn?: string } = {}) {
  const limit = pageSize + 1;
  return async (main: MainQuery, rows: number, _count?: RowCounter, shown?: Shown): Promise<MainQuery> => {
    const shownCount = countColumn === undefined ? undefined : shown?.[countColumn];
    let { text, values } = main;
    const bound = values.flatMap((v, i) => (v === limit ? [i] : []));
    const written = new RegExp(`\\blimit ${limit}\\b`, 'g');
    const found = text.match(written)?.length ?? 0;
    if (bound.length === 1) values = values.map((v, i) => (i === bound[0] ? rows : v));
    else if (bound.length === 0 && found === 1) text = text.replace(written, `limit ${rows}`);
    else throw new Error(`cannot cut the page: ${bound.length} parameters and ${found} LIMITs of ${limit}`);
    if (countCap !== undefined) {
      const walk = new RegExp(`\\blimit ${countCap + 1}\\b`, 'g');
      if (!text.match(walk)) throw new Error(`cannot cut the count: no LIMIT of ${countCap + 1}`);
      text = text.replace(walk, `limit ${Math.max(1, shownCount ?? rows)}`);
    }
    // A cut that changes only a bound value keeps the app's text and so its statement's name, as
    // cutRange does; a changed text is another statement.
    const name = main.name && text !== main.text ? `${main.name}_cut${rows}` : main.name;
    return { ...main, text, values, name };
  };
}

/** Accountability's four lists in its statement's order: the column of each first page and of its count. */
const ACCOUNTABILITY_LISTS: Array<[page: string, count: string]> = [
  ['overdue', 'overdue_count'],
  ['events', 'events_count'],
  ['unassigned', 'unassigned_count'],
  ['at_risk', 'at_risk_count'],
];

/**
 * Cuts a statement of several lists, each a first page (`limit <page size + 1>` written in the
 * text) and its count walked up to a cap (`limit <cap + 1>`), in the order of `lists`: the n-th
 * page to the length of the small church's n-th list, the n-th count's walk to its count. The
 * statement answers one row whatever the church, so its rows cannot say whether it is the same
 * answer; these values do. Any other number of those LIMITs throws, so a change to the statement
 * shows in the bench's test instead of timing the wrong cut.
 */
export function cutLists(lists: Array<[page: string, count: string]>, pageSize: number, countCap: number) {
  return async (main: MainQuery, _rows: number, _count?: RowCounter, shown?: Shown): Promise<MainQuery> => {
    if (!shown) throw new Error("cannot cut the lists without the first scale's answer");
    const cutNth = (text: string, limit: number, to: (n: number) => number) => {
      const written = new RegExp(`\\blimit ${limit}\\b`, 'g');
      const found = text.match(written)?.length ?? 0;
      if (found !== lists.length) throw new Error(`cannot cut the lists: ${found} LIMITs of ${limit} for ${lists.length} lists`);
      let n = 0;
      return text.replace(written, () => `limit ${to(n++)}`);
    };
    const value = (column: string) => shown[column] ?? 0;
    let text = cutNth(main.text, pageSize + 1, (n) => value(lists[n][0]));
    text = cutNth(text, countCap + 1, (n) => value(lists[n][1]));
    const name = main.name && text !== main.text ? `${main.name}_cut` : main.name;
    return { ...main, text, name };
  };
}

/**
 * Cuts the answer over a range of days (the calendar's month, bounded per day rather than by a
 * page) to at most `rows` rows by ending the range earlier: every parameter equal to its last day
 * becomes the latest day that keeps the answer within `rows` (the first day at least), found by
 * halving, as the answer only grows with the range. The statement's text and name stay the app's.
 */
export function cutRange(from: string, to: string) {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDaysIso(day, 1)) days.push(day);
  return async (main: MainQuery, rows: number, count: RowCounter): Promise<MainQuery> => {
    if (!main.values.includes(to)) throw new Error(`cannot cut the range: no parameter is its last day ${to}`);
    const ending = (last: string): MainQuery => ({ ...main, values: main.values.map((v) => (v === to ? last : v)) });
    let [low, high] = [0, days.length - 1];
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((await count(ending(days[mid]))) <= rows) low = mid;
      else high = mid - 1;
    }
    return ending(days[low]);
  };
}

/** The month around today (the calendar's month view): first day to last day. */
function monthRange(today = new Date()): { from: string; to: string } {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
  return { from: iso(first), to: iso(last) };
}

/**
 * The token of the demo coordinator's calendar feed of a kind: fixed, so the read's URL is known
 * before the feed is written (bench-sessions.ts stores its hash as the app does).
 */
export function benchFeedToken(kind: 'personal' | 'team'): string {
  return createHash('sha256').update(`lampstand-bench-feed-${kind}`).digest('base64url');
}

/** A feed's rows' statement: a cold build's main query (the token's lookup can be slower on a small church). */
const FEED_ROWS = /\bas row_kind\b/;

/** What a calendar app sends besides the URL: it takes gzip. */
const CALENDAR_APP = { 'accept-encoding': 'gzip' };

/** Forgets the stored text of the bench coordinator's feed of a kind (its hash is the bench token's). */
function forgetFeedText(kind: 'personal' | 'team'): string {
  const hash = hashToken(benchFeedToken(kind));
  return `update calendar_feeds set body_gzip = null, body_built_at = null, body_role = null where token_hash = '${hash}'`;
}

export function benchReads(): Read[] {
  const month = monthRange();
  // The coordinator's month view: the whole grid of six weeks around this month (42 days at most).
  const grid = monthGrid(month.from.slice(0, 7));
  return [
    { key: 'intake', name: 'intake (coordinator)', role: 'coordinator', url: '/api/intake' },
    // A coordinator's My Requests screen reads its two sections apart (decision 0025).
    {
      key: 'my-requests',
      name: 'My Requests, team section (coordinator)',
      role: 'coordinator',
      url: '/api/requests/mine?section=team',
      cutTo: cutPage(REQUEST_LIST_LIMIT, { countCap: LIST_COUNT_CAP }),
    },
    {
      key: 'my-requests-mine',
      name: 'My Requests, own section (coordinator)',
      role: 'coordinator',
      url: '/api/requests/mine?section=mine',
      cutTo: cutPage(REQUEST_LIST_LIMIT, { countCap: LIST_COUNT_CAP }),
    },
    {
      key: 'event-promotions',
      name: 'event promotions',
      role: 'coordinator',
      url: '/api/event-promotions?days=90',
      cutTo: cutPage(EVENT_PROMOTIONS_LIMIT),
    },
    { key: 'archive', name: 'archive (recurring)', role: 'coordinator', url: '/api/archive?kind=recurring' },
    {
      key: 'calendar',
      name: 'task calendar (requester)',
      role: 'requester',
      url: `/api/calendar?from=${month.from}&to=${month.to}`,
      cutTo: cutRange(month.from, month.to),
    },
    {
      key: 'calendar-coordinator',
      name: 'task calendar, month grid (coordinator)',
      role: 'coordinator',
      url: `/api/calendar?from=${grid.from}&to=${grid.to}`,
      main: /\bday_count\b/,
      cutTo: cutRange(grid.from, grid.to),
    },
    { key: 'board', name: 'board (creative)', role: 'creative', url: '/api/board' },
    {
      key: 'my-tasks',
      name: 'My Tasks (creative)',
      role: 'creative',
      url: '/api/tasks?scope=mine',
      cutTo: cutPage(TASK_PAGE_SIZE, { countCap: COMPLETED_COUNT_CAP, countColumn: 'completed_count' }),
      shownColumns: ['completed_count'],
    },
    { key: 'all-tasks', name: 'All Tasks (coordinator)', role: 'coordinator', url: '/api/tasks?scope=all' },
    { key: 'drawer', name: 'drawer (40 items, 170 assets, 2,000 activity)', role: 'coordinator', url: `/api/requests/${DRAWER.id}` },
    { key: 'bell-count', name: 'bell count (admin)', role: 'admin', url: '/api/notifications/unread-count' },
    { key: 'bell-latest', name: 'bell latest 5 (admin)', role: 'admin', url: '/api/notifications?limit=5' },
    { key: 'runways', name: 'runways dashboard (coordinator)', role: 'coordinator', url: '/api/runways/dashboard' },
    {
      key: 'accountability',
      name: 'Accountability & Gaps (coordinator)',
      role: 'coordinator',
      url: '/api/accountability',
      cutTo: cutLists(ACCOUNTABILITY_LISTS, ACCOUNTABILITY_TOP, ACCOUNTABILITY_COUNT_CAP),
      shownColumns: ACCOUNTABILITY_LISTS.flat(),
    },
    { key: 'activity-feed', name: 'Master Activity Feed (coordinator)', role: 'coordinator', url: '/api/notifications/feed' },
    { key: 'admin-users', name: 'Admin users list, first page (admin)', role: 'admin', url: '/api/admin/users' },
    // The busiest coordinator's feeds (no cookie needed: the token is the key; the one sent is
    // ignored), polled as calendar apps poll them: taking gzip, with the text the app keeps for a
    // few minutes (the first call of a load builds it); then each built cold, one at a time.
    {
      key: 'feed-personal',
      name: 'personal calendar feed (coordinator)',
      role: 'coordinator',
      url: `/feeds/${benchFeedToken('personal')}.ics`,
      headers: CALENDAR_APP,
      bareSendsAnswer: true,
    },
    {
      key: 'feed-team',
      name: 'team calendar feed (coordinator)',
      role: 'coordinator',
      url: `/feeds/${benchFeedToken('team')}.ics`,
      headers: CALENDAR_APP,
      bareSendsAnswer: true,
    },
    {
      key: 'feed-personal-build',
      name: 'personal calendar feed built cold',
      role: 'coordinator',
      url: `/feeds/${benchFeedToken('personal')}.ics`,
      headers: CALENDAR_APP,
      measure: 'build',
      before: forgetFeedText('personal'),
      main: FEED_ROWS,
    },
    {
      key: 'feed-team-build',
      name: 'team calendar feed built cold',
      role: 'coordinator',
      url: `/feeds/${benchFeedToken('team')}.ics`,
      headers: CALENDAR_APP,
      measure: 'build',
      before: forgetFeedText('team'),
      main: FEED_ROWS,
    },
    { key: 'intake-csv', name: 'intake CSV export (coordinator)', role: 'coordinator', url: '/api/intake/export.csv', measure: 'export' },
    // People on Sundays (decision 0065): the schedule of six Sundays and a picker's availability, every person who can be given work.
    { key: 'schedule', name: 'schedule, 6 Sundays (coordinator)', role: 'coordinator', url: '/api/schedule' },
    {
      key: 'availability',
      name: "assignee picker's availability (coordinator)",
      role: 'coordinator',
      url: `/api/availability?date=${nextSunday()}`,
    },
    // Channel capacity (decision 0067): the coordinator's twelve weeks by channel (the kept counts), one
    // week's requests (request_item_bookings), and the new-request form's availability for a
    // tier-A request of every channel over a three-week window.
    {
      key: 'capacity',
      name: 'channel capacity, 12 weeks (coordinator)',
      role: 'coordinator',
      url: '/api/capacity',
      main: /channel_week_counts/,
    },
    {
      key: 'capacity-cell',
      name: "channel capacity, one week's requests (coordinator)",
      role: 'coordinator',
      url: `/api/capacity/cell?channel=sunday_slide&week=${addDaysIso(nextSunday(), 1)}`,
      main: /request_item_bookings/,
      cutTo: cutPage(CAPACITY_CELL_PAGE),
    },
    {
      key: 'form-availability',
      name: "new-request form's availability (requester)",
      role: 'requester',
      url: `/api/capacity/availability?promotionStart=${addDaysIso(nextSunday(), 14)}&eventStart=${addDaysIso(nextSunday(), 35)}&channels=${AVAILABILITY_CHANNELS}`,
      main: /channel_week_counts/,
    },
  ];
}

/** The demo church's tier A channels and two extras: what a large request asks the form about. */
const AVAILABILITY_CHANNELS = [...TIER_DEFINITIONS.A.channels, 'promotional_video', 'banner'].join(',');

/** The Sunday after today (UTC is close enough for a read's date). */
function nextSunday(): string {
  const today = new Date().toISOString().slice(0, 10);
  return addDaysIso(today, 7 - new Date(`${today}T00:00:00Z`).getUTCDay());
}

/** The demo sign-ins (seed-demo.ts) the reads run as. */
export const ROLE_EMAILS: Record<BenchRole, string> = {
  admin: 'admin@example.org',
  coordinator: 'coordinator@example.org',
  approver: 'approver@example.org',
  creative: 'creative@example.org',
  requester: 'requester@example.org',
  viewer: 'viewer@example.org',
};
