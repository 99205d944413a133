import ical, { ICalEvent, type ICalCalendar, type ICalEventData } from 'ical-generator';
import { stageOf, STAGE_LABELS } from '../../../shared/domain/board';
import { addDaysIso, formatTimeRange } from '../../../shared/domain/dates';
import { sundayLockInstant } from '../../../shared/domain/sunday-lock';
import { SUNDAY_WORK_KIND_LABELS, SUNDAY_WORK_KINDS, sundayWorkPath, type SundayWorkKind } from '../../../shared/domain/sunday-work';
import type { FeedRow } from './queries';

/**
 * A feed as iCalendar text (RFC 5545) made with ical-generator, yielded one event at a time so the
 * route streams it and no full calendar object is kept.
 *
 * - Dates are all-day events (DTSTART;VALUE=DATE): the event (its whole span), the promotion start
 *   and each task's due date; the team feed adds each of the next Sundays and, as a timed event in
 *   UTC, the instant it locks (Thursday noon in the church's time zone).
 * - UIDs come from the row's id and the date's role (`item-<id>@lampstand`,
 *   `request-<id>-event@lampstand`, `request-<id>-promotion@lampstand`, `sunday-<date>@lampstand`,
 *   `sunday-<date>-lock@lampstand`), so a calendar app updates an event instead of adding another.
 *   DTSTAMP and LAST-MODIFIED are the row's updated_at, so an unchanged row gives the same text.
 * - Each event links to the request in the app (URL and the description's last line).
 *
 * The calendar's time zone is given as X-WR-TIMEZONE only: all-day dates float by definition, and
 * the one timed event is written in UTC. (ical-generator writes timed events in the host's zone
 * when a calendar time zone is set without a VTIMEZONE generator, which would be wrong here.)
 */
export interface FeedCalendar {
  name: string;
  origin: string;
  timeZone: string;
  rows: readonly FeedRow[];
  /** The team feed's Sundays (yyyy-MM-dd); empty for a personal feed. */
  sundays: readonly string[];
  now: Date;
  /** The church's name for a channel (channelLabels). */
  channelLabel: (code: string) => string;
}

const UID_DOMAIN = 'lampstand';
/** How long the lock reminder lasts in a calendar: a point in time shown as a short slot. */
const LOCK_EVENT_MINUTES = 15;

/** A yyyy-MM-dd date for people: 'Sun, Mar 9, 2031' (the date itself, never shifted by a zone). */
function dayLabel(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

function lockLabel(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone })
    .format(instant)
    .replace(/[\u202f\u00a0]/g, ' ');
}

const requestUrl = (origin: string, requestId: string) => `${origin}/request/${requestId}`;
const lines = (...parts: Array<string | null | undefined | false>) => parts.filter((p): p is string => !!p).join('\n');

/** The events of one row: a request's event and promotion (when in the feed's rows), or an item's due date. */
export function rowEvents(row: FeedRow, origin: string, from: string, to: string, channelLabel: (code: string) => string): ICalEventData[] {
  if (row.row_kind === 'sunday') return sundayWorkEvents(row, origin);
  const url = requestUrl(origin, row.request_id);
  const stamp = new Date(row.updated_ms);
  const common = { allDay: true, url, stamp, lastModified: stamp };
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
        description: lines(
          `Task: ${channelLabel(row.channel)} for ${row.event_title}`,
          stage && `Status: ${STAGE_LABELS[stage]}`,
          row.assignee_name && `Assigned to: ${row.assignee_name}`,
          url,
        ),
      },
    ];
  }
  const events: ICalEventData[] = [];
  const start = row.event_start_date;
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
        description: lines(times && `Time: ${times}`, row.ministry_name && `Ministry: ${row.ministry_name}`, url),
      });
    }
  }
  const promotion = row.promotion_start_date;
  if (promotion && promotion >= from && promotion <= to) {
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

/** A Sunday and the instant its plans lock (DESIGN 5.12-13, spec 000 section 9: Thursday noon). */
/** A piece of the owner's Sunday work (decision 0058): an all-day event on its due date, linking to the Sunday opened on it. */
function sundayWorkEvents(row: FeedRow, origin: string): ICalEventData[] {
  const kind = row.channel as SundayWorkKind | null;
  if (!row.item_id || !row.due_date || !row.event_start_date || !kind || !(SUNDAY_WORK_KINDS as readonly string[]).includes(kind))
    return [];
  const url = `${origin}${sundayWorkPath(row.event_start_date, kind, row.item_id)}`;
  const stamp = new Date(row.updated_ms);
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

export function sundayEvents(sunday: string, origin: string, timeZone: string, now: Date): ICalEventData[] {
  const lock = sundayLockInstant(sunday, timeZone);
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
      start: lock,
      end: new Date(lock.getTime() + LOCK_EVENT_MINUTES * 60_000),
      stamp: now,
      summary: `Sunday ${dayLabel(sunday)} locks`,
      description: lines(`From now on only admins can change the plans of ${dayLabel(sunday)}.`, url),
      url,
    },
  ];
}

/** The calendar's head and foot around the events (ical-generator writes them; we split at END:VCALENDAR). */
function frame(calendar: ICalCalendar): { head: string; foot: string } {
  const text = calendar.toString();
  const at = text.lastIndexOf('END:VCALENDAR');
  return { head: text.slice(0, at), foot: text.slice(at) + '\r\n' };
}

/**
 * RFC 5545 line folding (3.1: lines of at most 75 octets, continued after CRLF and a space), the
 * same cut as ical-generator's `foldLines`, which measures every character with a new TextEncoder:
 * that took seconds for 5,000 events. Here a character's UTF-8 length is worked out from its code
 * point, and short lines are passed as they are.
 */
export function fold(text: string): string {
  return text
    .split('\r\n')
    .map((line) => {
      if (line.length <= 18) return line;
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

/** Events are written out in pieces of about this many characters (fewer, larger writes to the socket). */
const CHUNK_CHARS = 64 * 1024;

/** The feed's text, piece by piece: the head, the folded VEVENTs a chunk at a time, the foot. */
export function* feedCalendarChunks(feed: FeedCalendar, window: { from: string; to: string }): Generator<string> {
  const calendar = ical({
    name: feed.name,
    prodId: { company: 'Lampstand', product: 'Calendar feed', language: 'EN' },
    // Calendar apps that honour it poll hourly (REFRESH-INTERVAL and X-PUBLISHED-TTL).
    ttl: 60 * 60,
    x: { 'X-WR-TIMEZONE': feed.timeZone },
  });
  const { head, foot } = frame(calendar);
  yield head;
  const events = function* () {
    for (const sunday of feed.sundays) yield* sundayEvents(sunday, feed.origin, feed.timeZone, feed.now);
    for (const row of feed.rows) yield* rowEvents(row, feed.origin, window.from, window.to, feed.channelLabel);
  };
  let chunk = '';
  for (const data of events()) {
    chunk += fold(new ICalEvent(data, calendar).toString());
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + foot;
}
