import fc from 'fast-check';
import { foldLines } from 'ical-generator';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { CHANNEL_LABELS } from '../../../shared/domain/channels';
import { escapeText, eventText, feedCalendar, fold, rowEvents, sundayEvents } from './ics';

/** The demo church's channel names. */
const label = (code: string) => CHANNEL_LABELS[code as keyof typeof CHANNEL_LABELS] ?? code;
import type { FeedRow } from './queries';

const ORIGIN = 'https://lampstand.example.org';
const WINDOW = { from: '2031-01-01', to: '2031-12-31' };

const request = (overrides: Partial<FeedRow> = {}): FeedRow => ({
  row_kind: 'request',
  request_id: '11111111-1111-4111-8111-111111111111',
  event_title: 'Easter Sunday',
  ministry_name: 'Worship',
  location: null,
  start_time: null,
  end_time: null,
  event_start_date: '2031-04-13',
  event_end_date: null,
  promotion_start_date: '2031-03-30',
  item_id: null,
  channel: null,
  item_status: null,
  due_date: null,
  assignee_name: null,
  updated_ms: Date.UTC(2031, 0, 2, 3, 4, 5),
  ...overrides,
});

describe('fold', () => {
  it('cuts lines exactly as ical-generator does, for any text (multi-byte and astral characters too)', () => {
    const line = fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀', ' ', ';', ','), maxLength: 200 });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 4 }), (lines) => {
        const text = lines.join('\r\n');
        expect(fold(text)).toBe(foldLines(text));
      }),
    );
  });

  it('keeps every line within 75 octets', () => {
    const folded = fold(`DESCRIPTION:${'Café 😀 '.repeat(40)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});

describe('rowEvents', () => {
  it('a request gives its event over its whole span and its promotion start, each in the window only', () => {
    const events = rowEvents(request({ event_end_date: '2031-04-15', location: 'Main Hall' }), ORIGIN, WINDOW.from, WINDOW.to, label);
    expect(events.map((e) => [e.id, e.start, e.end, e.summary])).toEqual([
      ['request-11111111-1111-4111-8111-111111111111-event@lampstand', '2031-04-13', '2031-04-16', 'Easter Sunday'],
      ['request-11111111-1111-4111-8111-111111111111-promotion@lampstand', '2031-03-30', '2031-03-31', 'Promotion starts: Easter Sunday'],
    ]);
    expect(events[0]).toMatchObject({ allDay: true, location: 'Main Hall', url: `${ORIGIN}/request/11111111-1111-4111-8111-111111111111` });
    expect(rowEvents(request({ promotion_start_date: '2030-12-01' }), ORIGIN, WINDOW.from, WINDOW.to, label).map((e) => e.id)).toEqual([
      'request-11111111-1111-4111-8111-111111111111-event@lampstand',
    ]);
  });

  it("in the team feed a request is one event, its promotion start in the event's notes", () => {
    const row = request({ ministry_name: 'Youth', start_time: '18:00', end_time: '20:00' });
    const events = rowEvents(row, ORIGIN, WINDOW.from, WINDOW.to, label, 'in-notes');
    expect(events.map((e) => e.id)).toEqual(['request-11111111-1111-4111-8111-111111111111-event@lampstand']);
    expect(events[0].description.split('\n')).toEqual([
      'Time: 6:00 PM - 8:00 PM',
      'Ministry: Youth',
      'Promotion starts: Sun, Mar 30, 2031',
      `${ORIGIN}/request/11111111-1111-4111-8111-111111111111`,
    ]);
  });

  it('an end date before the start is read as a one-day event', () => {
    const [event] = rowEvents(request({ event_end_date: '2031-04-01', promotion_start_date: null }), ORIGIN, WINDOW.from, WINDOW.to, label);
    expect([event.start, event.end]).toEqual(['2031-04-13', '2031-04-14']);
  });
});

describe('sundayEvents', () => {
  it('a Sunday and its lock on Thursday at noon in the church time zone, written in UTC', () => {
    const [day, lock] = sundayEvents('2031-03-09', ORIGIN, 'America/New_York');
    expect(day).toMatchObject({ id: 'sunday-2031-03-09@lampstand', start: '2031-03-09', end: '2031-03-10', allDay: true });
    expect(day.description).toContain('Plans lock Thursday, Mar 6, 12:00 PM (America/New_York).');
    expect((lock.start as Date).toISOString()).toBe('2031-03-06T17:00:00.000Z');
  });
});

describe('escapeText', () => {
  it('escapes what iCalendar TEXT reserves, and ical.js reads back the text written', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'é', '😀', ' ', ';', ',', '\\', '\n', ':'), maxLength: 120 }), (summary) => {
        const text = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n${eventText({
          id: 'x@lampstand',
          allDay: true,
          start: '2031-01-01',
          end: '2031-01-02',
          stamp: new Date(0),
          summary,
          description: summary,
          url: ORIGIN,
        })}END:VCALENDAR\r\n`;
        const [event] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
        expect(event.summary).toBe(summary);
      }),
      { numRuns: 60 },
    );
  });
});

describe('feedCalendar', () => {
  const feed = (rows: FeedRow[]) =>
    feedCalendar(
      {
        name: 'Lampstand',
        promotions: 'apart',
        origin: ORIGIN,
        timeZone: 'America/New_York',
        rows,
        sundays: ['2031-03-09'],
        channelLabel: label,
      },
      WINDOW,
    );

  it('is one VCALENDAR that ical.js reads back, whatever the host time zone', () => {
    const { text } = feed([request({ event_title: 'Café, crêpes; and 😀 '.repeat(5) })]);
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('X-WR-TIMEZONE:America/New_York');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Lampstand');
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid)).toEqual([
      'sunday-2031-03-09@lampstand',
      'sunday-2031-03-09-lock@lampstand',
      'request-11111111-1111-4111-8111-111111111111-event@lampstand',
      'request-11111111-1111-4111-8111-111111111111-promotion@lampstand',
    ]);
    expect(events[2].summary).toBe('Café, crêpes; and 😀 '.repeat(5));
    expect(events[2].startDate.isDate).toBe(true);
    // The link is the notes' last line (every calendar app shows them), not a URL property as well.
    expect(events[2].description.split('\n').at(-1)).toBe(`${ORIGIN}/request/11111111-1111-4111-8111-111111111111`);
    expect(text).not.toMatch(/^URL/m);
    expect(events[1].startDate.toJSDate().toISOString()).toBe('2031-03-06T17:00:00.000Z');
  });

  it('gives the same text and ETag for the same rows, and another ETag when anything shown changes', () => {
    const same = feed([request()]);
    expect(feed([request()])).toEqual(same);
    expect(feed([request({ ministry_name: 'Youth' })]).etag).not.toBe(same.etag);
    expect(feed([request({ updated_ms: Date.UTC(2031, 0, 3) })]).etag).not.toBe(same.etag);
    expect(feed([]).etag).not.toBe(same.etag);
  });
});
