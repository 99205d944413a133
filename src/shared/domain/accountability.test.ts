import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { criticalCount, isAllClear, type FlagCounts } from './accountability';
import { workloadColour, workloadPercent } from './tasks';

const counts = fc.record<FlagCounts>({
  overdueItems: fc.nat(50),
  eventsNotReady: fc.nat(50),
  unassignedRequests: fc.nat(50),
  atRiskItems: fc.nat(50),
});

describe('accountability rules (guide/reports.md#accountability-and-gaps)', () => {
  it('workload is active tasks / 10 x 100, capped at 100, never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 500 }), (active) => {
        const pct = workloadPercent(active);
        expect(pct).toBeGreaterThanOrEqual(0);
        expect(pct).toBeLessThanOrEqual(100);
        if (active >= 0 && active <= 10) expect(pct).toBe(active * 10);
        if (active >= 10) expect(pct).toBe(100);
      }),
    );
  });

  it('colours the bar red above 90, orange above 70, green otherwise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (pct) => {
        const colour = workloadColour(pct);
        expect(colour).toBe(pct > 90 ? 'red' : pct > 70 ? 'orange' : 'green');
      }),
    );
    expect([workloadColour(70), workloadColour(71), workloadColour(90), workloadColour(91)]).toEqual(['green', 'orange', 'orange', 'red']);
  });

  it('says All Clear exactly when nothing is flagged', () => {
    fc.assert(
      fc.property(counts, (c) => {
        expect(isAllClear(c)).toBe(Object.values(c).every((n) => n === 0));
        expect(criticalCount(c)).toBe(c.overdueItems + c.eventsNotReady + c.unassignedRequests);
      }),
    );
  });
});
