import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_MODES, digestDue, effectiveModes, EMAIL_KINDS, groupDigestEntries, type DigestEntry } from './email-preferences';

const NY = 'America/New_York';

/** The church's wall clock read independently, through Intl: date and minutes since midnight. */
function wallClock(now: Date, timeZone: string): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const clock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

/** Instants in 2026, weighted towards the two daylight saving changes in New York (8 March, 1 November). */
const instant = fc.oneof(
  fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2026-12-31T23:59:59Z'), noInvalidDate: true }),
  fc.date({ min: new Date('2026-03-07T00:00:00Z'), max: new Date('2026-03-10T00:00:00Z'), noInvalidDate: true }),
  fc.date({ min: new Date('2026-10-31T00:00:00Z'), max: new Date('2026-11-03T00:00:00Z'), noInvalidDate: true }),
);

describe('when the daily digest is due', () => {
  it('is due at 07:00 church time on the days either side of each DST change, whatever the UTC offset', () => {
    const at = (iso: string) => digestDue(new Date(iso), NY, '07:00');
    // 7 March (EST, -5) and 8 March (EDT, -4): 07:00 is 12:00Z, then 11:00Z.
    expect(at('2026-03-07T11:59:00Z')).toEqual({ churchDate: '2026-03-07', due: false });
    expect(at('2026-03-07T12:00:00Z')).toEqual({ churchDate: '2026-03-07', due: true });
    expect(at('2026-03-08T10:59:00Z')).toEqual({ churchDate: '2026-03-08', due: false });
    expect(at('2026-03-08T11:00:00Z')).toEqual({ churchDate: '2026-03-08', due: true });
    // 31 October (EDT) and 1 November (EST): 11:00Z, then 12:00Z.
    expect(at('2026-10-31T11:00:00Z')).toEqual({ churchDate: '2026-10-31', due: true });
    expect(at('2026-11-01T11:30:00Z')).toEqual({ churchDate: '2026-11-01', due: false });
    expect(at('2026-11-01T12:00:00Z')).toEqual({ churchDate: '2026-11-01', due: true });
    // Just before church midnight it is still that day, and due; just after, the next and not yet.
    expect(at('2026-11-02T04:59:00Z')).toEqual({ churchDate: '2026-11-01', due: true });
    expect(at('2026-11-02T05:00:00Z')).toEqual({ churchDate: '2026-11-02', due: false });
  });

  it('a time the spring-forward day skips is due when the clock passes it; a repeated fall-back time on its first showing', () => {
    // 8 March: 02:00 EST jumps to 03:00 EDT, so 02:30 never shows; it is due from 03:00 (07:00Z).
    expect(digestDue(new Date('2026-03-08T06:59:00Z'), NY, '02:30').due).toBe(false);
    expect(digestDue(new Date('2026-03-08T07:00:00Z'), NY, '02:30')).toEqual({ churchDate: '2026-03-08', due: true });
    // 1 November: 01:30 shows twice (05:30Z EDT, 06:30Z EST); due from the first.
    expect(digestDue(new Date('2026-11-01T05:29:00Z'), NY, '01:30').due).toBe(false);
    expect(digestDue(new Date('2026-11-01T05:30:00Z'), NY, '01:30').due).toBe(true);
  });

  it('matches the wall clock read through Intl for any instant and any digest time', () => {
    fc.assert(
      fc.property(instant, clock, (now, time) => {
        const wall = wallClock(now, NY);
        const [h, m] = time.split(':').map(Number);
        expect(digestDue(now, NY, time)).toEqual({ churchDate: wall.date, due: wall.minutes >= h * 60 + m });
      }),
      { numRuns: 500 },
    );
  });

  it('a scheduler ticking across a DST week finds each church day due once, from within a tick of the digest time', () => {
    const weeks = {
      '2026-03-05T05:00:00Z': ['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'],
      '2026-10-29T04:00:00Z': ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03'],
    };
    fc.assert(
      fc.property(
        clock,
        fc.integer({ min: 2, max: 15 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom(...(Object.keys(weeks) as Array<keyof typeof weeks>)),
        (time, tickMinutes, offsetSeconds, start) => {
          const [h, m] = time.split(':').map(Number);
          // A time in a day's last tick (23:58 with a 3-minute tick) can fall between two ticks and
          // the day goes without a digest: its entries wait for the next day's (decision 0034).
          fc.pre(h * 60 + m <= 24 * 60 - tickMinutes);
          const firstDue = new Map<string, Date>();
          let previous: { churchDate: string; due: boolean } | null = null;
          const from = new Date(start).getTime() + offsetSeconds * 1000;
          for (let t = from; t < from + 7 * 86_400_000; t += tickMinutes * 60_000) {
            const now = new Date(t);
            const current = digestDue(now, NY, time);
            if (previous) {
              // Church dates only move forward, and within a day "due" never turns back off, except
              // in the hour the fall-back day repeats (01:00-01:59 on 1 November shows twice): there
              // the (person, date) claim, not this function, stops a second digest.
              expect(current.churchDate >= previous.churchDate).toBe(true);
              if (current.churchDate === previous.churchDate && previous.due && !current.due) {
                expect(current.churchDate).toBe('2026-11-01');
                expect(wallClock(now, NY).minutes).toBeLessThan(2 * 60);
                expect(h).toBe(1);
              }
            }
            if (current.due && !firstDue.has(current.churchDate)) firstDue.set(current.churchDate, now);
            previous = current;
          }
          for (const day of weeks[start]) {
            const at = firstDue.get(day);
            expect(at, day).toBeDefined();
            const wall = wallClock(at!, NY);
            expect(wall.date).toBe(day);
            const late = wall.minutes - (h * 60 + m);
            expect(late).toBeGreaterThanOrEqual(0);
            // Late by less than a tick; on 8 March the clock skips 02:00-02:59, so a time in that hour,
            // or one a tick before it (01:57 with a 4-minute tick: 01:56, then 03:00), reads up to an
            // hour later on the wall clock though less than a tick of real time passed.
            const target = h * 60 + m;
            const acrossTheGap = day === '2026-03-08' && target >= 120 - tickMinutes && target < 180;
            expect(late).toBeLessThan(acrossTheGap ? tickMinutes + 60 : tickMinutes);
          }
        },
      ),
      { numRuns: 40 },
    );
    // About 200,000 ticks through Intl: a few seconds on a quiet machine, 34 s seen on a busy one.
  }, 180_000);

  it('finds the digest of 8 March due at 03:00 when its time falls just before the skipped hour and the tick crosses it', () => {
    // 01:56 EST is before 01:57; the next tick, 4 minutes later, is 03:00 EDT.
    expect(digestDue(new Date('2026-03-08T06:56:00Z'), NY, '01:57')).toEqual({ churchDate: '2026-03-08', due: false });
    expect(digestDue(new Date('2026-03-08T07:00:00Z'), NY, '01:57')).toEqual({ churchDate: '2026-03-08', due: true });
  });

  it('an unreadable digest time counts as the default 07:00', () => {
    expect(digestDue(new Date('2026-06-01T10:59:00Z'), NY, '7am').due).toBe(false);
    expect(digestDue(new Date('2026-06-01T11:00:00Z'), NY, '7am').due).toBe(true);
  });
});

describe('preferences and their defaults', () => {
  it('are immediate for proofs and mentions and the digest for the rest, unless the person chose', () => {
    expect(effectiveModes([])).toEqual({
      assignment: 'digest',
      proof_ready: 'immediate',
      proof_decision: 'immediate',
      mention: 'immediate',
      reminder: 'digest',
    });
    expect(
      effectiveModes([
        { kind: 'mention', mode: 'off' },
        { kind: 'bogus', mode: 'off' },
        { kind: 'reminder', mode: 'loud' },
      ]),
    ).toEqual({
      ...DEFAULT_EMAIL_MODES,
      mention: 'off',
    });
  });
});

describe('grouping the digest by request', () => {
  const entry = fc.record({
    kind: fc.constantFrom(...EMAIL_KINDS),
    requestId: fc.constantFrom('r1', 'r2', 'r3', null),
    requestTitle: fc.constantFrom('Easter', 'Retreat'),
    summary: fc.string(),
    link: fc.constant('https://x.test/request/r'),
    createdAt: fc.date({ min: new Date('2026-01-01'), max: new Date('2026-01-02'), noInvalidDate: true }),
  });

  it('keeps every entry once, one group per request, each oldest first, groups by their first entry', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (entries: DigestEntry[]) => {
        const groups = groupDigestEntries(entries);
        expect(groups.flatMap((g) => g.entries)).toHaveLength(entries.length);
        const keys = groups.map((g) => g.requestId ?? `title:${g.requestTitle}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (const g of groups) {
          expect(g.entries.every((e) => e.requestId === g.requestId && (e.requestId !== null || e.requestTitle === g.requestTitle))).toBe(
            true,
          );
          const times = g.entries.map((e) => e.createdAt.getTime());
          expect(times).toEqual([...times].sort((a, b) => a - b));
        }
        const firsts = groups.map((g) => g.entries[0].createdAt.getTime());
        expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
      }),
    );
  });

  it('lists two requests as two groups with their own entries', () => {
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 9, m));
    const groups = groupDigestEntries([
      { kind: 'assignment', requestId: 'b', requestTitle: 'Retreat', summary: 'second', link: 'l/b', createdAt: at(5) },
      { kind: 'reminder', requestId: 'a', requestTitle: 'Easter', summary: 'first', link: 'l/a', createdAt: at(1) },
      { kind: 'mention', requestId: 'a', requestTitle: 'Easter', summary: 'third', link: 'l/a', createdAt: at(9) },
    ]);
    expect(groups.map((g) => [g.requestTitle, g.entries.map((e) => e.summary)])).toEqual([
      ['Easter', ['first', 'third']],
      ['Retreat', ['second']],
    ]);
  });
});
