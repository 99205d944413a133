import { createHash } from 'node:crypto';
import { stageOf, STAGE_LABELS } from '../../../shared/domain/board';
import { addDaysIso, formatTimeRange } from '../../../shared/domain/dates';
import { sundayLockInstant } from '../../../shared/domain/sunday-lock';
import { SUNDAY_WORK_KIND_LABELS, SUNDAY_WORK_KINDS, sundayWorkPath, type SundayWorkKind } from '../../../shared/domain/sunday-work';
import type { FeedRow } from './queries';

/**
 * A feed as iCalendar text (RFC 5545), written line by line: the whole body is one string, so
 * its hash is the feed's ETag (decision 0033).
 *
 * - Dates are all-day events (DTSTART;VALUE=DATE): the event (its whole span), the promotion start
 *   and each task's due date; the team feed adds each of the next Sundays and, as a timed event in
 *   UTC, the instant it locks (Thursday noon in the church's time zone).
 * - UIDs come from the row's id and the date's role (`item-<id>@lampstand`,
 *   `request-<id>-event@lampstand`, `request-<id>-promotion@lampstand`, `sunday-<date>@lampstand`,
 *   `sunday-<date>-lock@lampstand`), so a calendar app updates an event instead of adding another.
 *   DTSTAMP is the row's updated_at (a Sunday's: the Sunday itself), so unchanged rows give the
 *   same text, byte for byte, and the same ETag.
 * - Each event links to the request in the app on its description's last line (every calendar app
 *   shows the notes; a URL property as well would add a fifth to a large feed).
 *
 * The calendar's time zone is given as X-WR-TIMEZONE only: all-day dates float by definition, and
 * the one timed event is written in UTC.
 */
export interface FeedCalendar {
  name: string;
  /**
   * 'team': a request is one event, its promotion start in the event's notes; 'personal': the
   * promotion start is an event of its own (the owner acts on it).
   */
  promotions: 'apart' | 'in-notes';
  origin: string;
  timeZone: string;
  rows: readonly FeedRow[];
  /** The team feed's Sundays (yyyy-MM-dd); empty for a personal feed. */
  sundays: readonly string[];
  /** The church's name for a channel (channelLabels). */
  channelLabel: (code: string) => string;
}

/** One VEVENT: `start`/`end` a yyyy-MM-dd date (all-day, end exclusive) or an instant. */
export interface FeedEvent {
  id: string;
  allDay: boolean;
  start: string | Date;
  end: string | Date;
  stamp: Date;
  summary: string;
  description: string;
  location?: string | null;
  url: string;
}

const UID_DOMAIN = 'lampstand';
/** How long the lock reminder lasts in a calendar: a point in time shown as a short slot. */
const LOCK_EVENT_MINUTES = 15;
/** Calendar apps that honour it poll hourly (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
const REFRESH = 'PT1H';

/** A yyyy-MM-dd date for people: 'Sun, Mar 9, 2031' (the date itself, never shifted by a zone). */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A yyyy-MM-dd date for people: 'Sun, Mar 9, 2031' (en-US, the date itself, never shifted by a zone; written by hand, as Intl costs more per call than the rest of an event). */
export function dayLabel(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${MONTHS[m - 1]} ${d}, ${y}`;
}

function lockLabel(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone })
    .format(instant)
    .replace(/[\u202f\u00a0]/g, ' ');
}

const requestUrl = (origin: string, requestId: string) => `${origin}/request/${requestId}`;
const lines = (...parts: Array<string | null | undefined | false>) => parts.filter((p): p is string => !!p).join('\n');

/** The events of one row: a request's event and promotion (when in the feed's rows), or an item's due date. */
export function rowEvents(
  row: FeedRow,
  origin: string,
  from: string,
  to: string,
  channelLabel: (code: string) => string,
  promotions: FeedCalendar['promotions'] = 'apart',
): FeedEvent[] {
  if (row.row_kind === 'sunday') return sundayWorkEvents(row, origin);
  const url = requestUrl(origin, row.request_id);
  const stamp = new Date(row.updated_ms);
  const common = { allDay: true, url, stamp };
  if (row.row_kind === 'item') {
    if (!row.item_id || !row.due_date || !row.channel) return [];
    const stage = row.item_status ? stageOf(row.item_status) : null;
    return [
      {
        ...common,
        id: `item-${row.item_id}@${UID_DOMAIN}`,
        start: row.due_date,
        end: addDaysIso(row.due_date, 1),
        summary: `${channelLabel(row.channel)} due: ${row.event_title}`,
        // The summary names the task; a personal feed's rows carry no assignee (they are the owner's).
        description: lines(stage && `Status: ${STAGE_LABELS[stage]}`, row.assignee_name && `Assigned to: ${row.assignee_name}`, url),
      },
    ];
  }
  const events: FeedEvent[] = [];
  const start = row.event_start_date;
  const promotion = row.promotion_start_date;
  const promotionNote = promotions === 'in-notes' && promotion ? `Promotion starts: ${dayLabel(promotion)}` : null;
  if (start) {
    const last = row.event_end_date && row.event_end_date > start ? row.event_end_date : start;
    if (start <= to && last >= from) {
      const times = formatTimeRange(row.start_time, row.end_time, 'en-US');
      events.push({
        ...common,
        id: `request-${row.request_id}-event@${UID_DOMAIN}`,
        start,
        end: addDaysIso(last, 1),
        summary: row.event_title,
        location: row.location || null,
        description: lines(times && `Time: ${times}`, row.ministry_name && `Ministry: ${row.ministry_name}`, promotionNote, url),
      });
    }
  }
  if (promotions === 'apart' && promotion && promotion >= from && promotion <= to) {
    events.push({
      ...common,
      id: `request-${row.request_id}-promotion@${UID_DOMAIN}`,
      start: promotion,
      end: addDaysIso(promotion, 1),
      summary: `Promotion starts: ${row.event_title}`,
      description: lines(start && `Event: ${dayLabel(start)}`, row.ministry_name && `Ministry: ${row.ministry_name}`, url),
    });
  }
  return events;
}

/** A Sunday and the instant its plans lock (guide/sunday-planning.md#a-runway-view-13, guide/tasks-and-calendar.md#calendar-feeds: Thursday noon). */
/** A piece of the owner's Sunday work (decision 0058): an all-day event on its due date, linking to the Sunday opened on it. */
function sundayWorkEvents(row: FeedRow, origin: string): FeedEvent[] {
  const kind = row.channel as SundayWorkKind | null;
  if (!row.item_id || !row.due_date || !row.event_start_date || !kind || !(SUNDAY_WORK_KINDS as readonly string[]).includes(kind))
    return [];
  const url = `${origin}${sundayWorkPath(row.event_start_date, kind, row.item_id)}`;
  const stamp = dayStart(row.event_start_date);
  const label = SUNDAY_WORK_KIND_LABELS[kind];
  return [
    {
      id: `work-${kind}-${row.item_id}@${UID_DOMAIN}`,
      allDay: true,
      start: row.due_date,
      end: addDaysIso(row.due_date, 1),
      stamp,
      url,
      summary: `${label} due: ${row.event_title}`,
      description: lines(
        `${label}: ${row.event_title} for Sunday ${dayLabel(row.event_start_date)}`,
        row.ministry_name && `Runway: ${row.ministry_name}`,
        url,
      ),
    },
  ];
}

export function sundayEvents(sunday: string, origin: string, timeZone: string): FeedEvent[] {
  const lock = sundayLockInstant(sunday, timeZone);
  // Stamped with the Sunday itself, not the fetch: the same Sundays give the same text.
  const now = dayStart(sunday);
  const url = `${origin}/runways`;
  return [
    {
      id: `sunday-${sunday}@${UID_DOMAIN}`,
      allDay: true,
      start: sunday,
      end: addDaysIso(sunday, 1),
      stamp: now,
      summary: `Sunday ${dayLabel(sunday)}`,
      description: lines(`Plans lock ${lockLabel(lock, timeZone)} (${timeZone}).`, url),
      url,
    },
    {
      id: `sunday-${sunday}-lock@${UID_DOMAIN}`,
      allDay: false,
      start: lock,
      end: new Date(lock.getTime() + LOCK_EVENT_MINUTES * 60_000),
      stamp: now,
      summary: `Sunday ${dayLabel(sunday)} locks`,
      description: lines(`From now on only admins can change the plans of ${dayLabel(sunday)}.`, url),
      url,
    },
  ];
}

/**
 * RFC 5545 line folding (3.1: lines of at most 75 octets, continued after CRLF and a space), the
 * same cut as ical-generator's `foldLines`, which measures every character with a new TextEncoder:
 * that took seconds for 5,000 events. Here a character's UTF-8 length is worked out from its code
 * point, and short lines are passed as they are.
 */
// eslint-disable-next-line no-control-regex -- every character below 0x80 is one UTF-8 octet
const ASCII = /^[\x00-\x7f]*$/;

export function fold(text: string): string {
  return text
    .split('\r\n')
    .map((line) => {
      if (line.length <= 18) return line;
      if (ASCII.test(line)) {
        // One octet a character: cut every 74 (a continuation's leading space makes it 75).
        if (line.length <= 74) return line;
        let out = line.slice(0, 74);
        for (let at = 74; at < line.length; at += 74) out += `\r\n ${line.slice(at, at + 74)}`;
        return out;
      }
      let out = '';
      let octets = 0;
      for (const char of line) {
        const cp = char.codePointAt(0)!;
        const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        octets += size;
        if (octets > 74) {
          out += '\r\n ';
          octets = size;
        }
        out += char;
      }
      return out;
    })
    .join('\r\n');
}

/** Midnight UTC of a yyyy-MM-dd date. */
const dayStart = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

const compactDate = (isoDate: string) => isoDate.slice(0, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10);
/** An instant in UTC: 20310306T170000Z. */
const utcStamp = (instant: Date) => {
  const iso = instant.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
};

/** One VEVENT's lines, folded, each ending in CRLF. */
export function eventText(e: FeedEvent): string {
  const when = (name: string, value: string | Date) =>
    typeof value === 'string' ? `${name};VALUE=DATE:${compactDate(value)}` : `${name}:${utcStamp(value)}`;
  let text = `BEGIN:VEVENT\r\nUID:${e.id}\r\nDTSTAMP:${utcStamp(e.stamp)}\r\n${when('DTSTART', e.start)}\r\n${when('DTEND', e.end)}\r\n`;
  text += fold(`SUMMARY:${escapeText(e.summary)}`) + '\r\n';
  if (e.location) text += fold(`LOCATION:${escapeText(e.location)}`) + '\r\n';
  if (e.description) text += fold(`DESCRIPTION:${escapeText(e.description)}`) + '\r\n';
  text += 'END:VEVENT\r\n';
  return text;
}

/** The calendar's lines before its events. */
function head(feed: FeedCalendar): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lampstand//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    fold(`NAME:${escapeText(feed.name)}`),
    fold(`X-WR-CALNAME:${escapeText(feed.name)}`),
    `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH}`,
    `X-PUBLISHED-TTL:${REFRESH}`,
    `X-WR-TIMEZONE:${feed.timeZone}`,
    '',
  ].join('\r\n');
}

/** A feed's whole text and its ETag (a hash of the text: any change to what it shows changes it). */
export interface FeedBody {
  text: string;
  etag: string;
}

/** The feed's text: the head, the Sundays, each row's events, the foot. */
export function feedCalendar(feed: FeedCalendar, window: { from: string; to: string }): FeedBody {
  const parts: string[] = [head(feed)];
  for (const sunday of feed.sundays) for (const e of sundayEvents(sunday, feed.origin, feed.timeZone)) parts.push(eventText(e));
  for (const row of feed.rows)
    for (const e of rowEvents(row, feed.origin, window.from, window.to, feed.channelLabel, feed.promotions)) parts.push(eventText(e));
  parts.push('END:VCALENDAR\r\n');
  const text = parts.join('');
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"` };
}
