import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDaysIso } from '../../../shared/domain/dates';
import { DEFAULT_LOCK_RULE, sundayLockInstant } from '../../../shared/domain/sunday-lock';
import { ensureRunways, ownSunday } from '../../test/runway-fixtures';
import { BACKENDS, createTestApp, describeOnPostgres, type TestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { appSettings, jobRuns, sundayPlans } from '../db/schema';
import type { AppEvent } from '../events/bus';
import { setSetting } from '../settings';
import { runIfDue } from './scheduler';
import { runSundayAutoLock, SUNDAY_AUTO_LOCK_JOB, sundayAutoLockJob } from './sunday-auto-lock';

const MINUTE = 60_000;

async function planSunday(t: TestApp, sundayDate: string, opts: { service?: boolean; runways?: string[] } = {}) {
  const rows = [
    ...(opts.service === false ? [] : [{ sundayDate, runwayId: null }]),
    ...(opts.runways ?? []).map((runwayId) => ({ sundayDate, runwayId })),
  ];
  await t.ctx.db.insert(sundayPlans).values(rows.map((r) => ({ ...r, version: 3 })));
}
const plansOf = (t: TestApp, sundayDate: string) => t.ctx.db.select().from(sundayPlans).where(eq(sundayPlans.sundayDate, sundayDate));
/** A moment relative to a Sunday's Thursday-noon lock in the church's time zone. */
const aroundLock = (t: TestApp, sundayDate: string, offsetMs: number) =>
  new Date(sundayLockInstant(sundayDate, t.ctx.config.churchTimeZone).getTime() + offsetMs);

describe.each(BACKENDS)('the Thursday-noon Sunday lock on %s', (backend) => {
  let t: TestApp;
  let runway: Awaited<ReturnType<typeof ensureRunways>>;
  beforeAll(async () => {
    t = await createTestApp(backend);
    runway = await ensureRunways(t.ctx.db);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.ctx.db.delete(appSettings);
  });

  it('locks every plan of a Sunday once its Thursday noon has passed, by the System, and says so to coordinators', async () => {
    const sunday = ownSunday();
    await planSunday(t, sunday, { runways: [runway.message, runway.media] });
    const publish = vi.spyOn(t.ctx.bus, 'publish');
    try {
      const now = aroundLock(t, sunday, 5 * MINUTE);
      expect(await runSundayAutoLock(t.ctx, now)).toEqual([sunday]);
      const plans = await plansOf(t, sunday);
      expect(plans).toHaveLength(3);
      for (const p of plans) {
        expect(p).toMatchObject({ isLocked: true, status: 'locked', lockedById: null });
        expect(p.lockedAt?.getTime()).toBe(now.getTime());
        // Versions stay: an editor open before the lock gets the lock's answer, not a stale one.
        expect(p.version).toBe(3);
      }
      const events = publish.mock.calls.flatMap(([list]) => list as AppEvent[]);
      expect(events).toEqual([{ topic: 'sundays', id: sunday, audience: { minRole: 'coordinator' } }]);
    } finally {
      publish.mockRestore();
    }
  });

  it('leaves a Sunday alone before its Thursday noon, and Sundays further out', async () => {
    const sunday = ownSunday();
    const next = addDaysIso(sunday, 7);
    await planSunday(t, sunday);
    await planSunday(t, next);
    expect(await runSundayAutoLock(t.ctx, aroundLock(t, sunday, -1))).toEqual([]);
    expect((await plansOf(t, sunday))[0].isLocked).toBe(false);
    expect(await runSundayAutoLock(t.ctx, aroundLock(t, sunday, 0))).toEqual([sunday]);
    expect((await plansOf(t, next))[0].isLocked).toBe(false);
  });

  it('leaves past Sundays and Sundays nobody planned alone', async () => {
    const past = ownSunday();
    await planSunday(t, past);
    // The Monday after: the lock came and went while the job was not running; the Sunday is over.
    expect(await runSundayAutoLock(t.ctx, new Date(`${addDaysIso(past, 1)}T18:00:00Z`))).toEqual([]);
    expect((await plansOf(t, past))[0].isLocked).toBe(false);
    const empty = ownSunday();
    expect(await runSundayAutoLock(t.ctx, aroundLock(t, empty, MINUTE))).toEqual([]);
    expect(await plansOf(t, empty)).toEqual([]);
  });

  it('is idempotent: a second run changes nothing, and a Sunday locked by hand keeps its locker', async () => {
    const sunday = ownSunday();
    await planSunday(t, sunday);
    const first = aroundLock(t, sunday, MINUTE);
    expect(await runSundayAutoLock(t.ctx, first)).toEqual([sunday]);
    expect(await runSundayAutoLock(t.ctx, aroundLock(t, sunday, 10 * MINUTE))).toEqual([]);
    expect((await plansOf(t, sunday))[0].lockedAt?.getTime()).toBe(first.getTime());

    const manual = ownSunday();
    const coordinator = await buildUser(t.ctx.db, { role: 'coordinator' });
    await planSunday(t, manual, { runways: [runway.logistics] });
    await t.ctx.db
      .update(sundayPlans)
      .set({ isLocked: true, lockedById: coordinator.id, lockedAt: new Date(), status: 'locked' })
      .where(and(eq(sundayPlans.sundayDate, manual), isNull(sundayPlans.runwayId)));
    expect(await runSundayAutoLock(t.ctx, aroundLock(t, manual, MINUTE))).toEqual([]);
    const plans = await plansOf(t, manual);
    expect(plans.find((p) => p.runwayId === null)?.lockedById).toBe(coordinator.id);
  });

  it('makes the whole-service plan when the Sunday has only runway plans, and locks it too', async () => {
    const sunday = ownSunday();
    await planSunday(t, sunday, { service: false, runways: [runway.announcements] });
    expect(await runSundayAutoLock(t.ctx, aroundLock(t, sunday, MINUTE))).toEqual([sunday]);
    const plans = await plansOf(t, sunday);
    expect(plans.map((p) => [p.runwayId, p.isLocked]).sort()).toEqual(
      [
        [runway.announcements, true],
        [null, true],
      ].sort(),
    );
    expect(plans.find((p) => p.runwayId === null)?.version).toBe(0);
  });

  it('does nothing while the setting is off', async () => {
    const sunday = ownSunday();
    await planSunday(t, sunday);
    await setSetting(t.ctx.db, 'sundayAutoLock', { ...DEFAULT_LOCK_RULE, enabled: false }, null);
    expect(await runSundayAutoLock(t.ctx, aroundLock(t, sunday, MINUTE))).toEqual([]);
    expect((await plansOf(t, sunday))[0].isLocked).toBe(false);
    await setSetting(t.ctx.db, 'sundayAutoLock', DEFAULT_LOCK_RULE, null);
    expect(await runSundayAutoLock(t.ctx, aroundLock(t, sunday, MINUTE))).toEqual([sunday]);
  });

  it('runs as a scheduled job every five minutes', async () => {
    const job = sundayAutoLockJob(t.ctx);
    expect(job.name).toBe(SUNDAY_AUTO_LOCK_JOB);
    expect(job.intervalMs).toBe(5 * MINUTE);
    expect(await runIfDue(t.ctx.db, job)).toBe(true);
    expect(await runIfDue(t.ctx.db, job)).toBe(false);
    const [run] = await t.ctx.db.select().from(jobRuns).where(eq(jobRuns.name, SUNDAY_AUTO_LOCK_JOB));
    expect(run.lastRunAt).toBeInstanceOf(Date);
  });
});

describeOnPostgres('two Thursday-noon runs at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pg');
  });
  afterAll(async () => t.close());

  it('lock each Sunday once', async () => {
    const runway = await ensureRunways(t.ctx.db);
    const sundays = [ownSunday(), ownSunday()];
    // Two Sundays share one run's window only when a week apart; each is checked on its own Thursday.
    for (const sunday of sundays) {
      await planSunday(t, sunday, { service: false, runways: [runway.message, runway.media, runway.generosity] });
      const now = aroundLock(t, sunday, MINUTE);
      const runs = await Promise.all([runSundayAutoLock(t.ctx, now), runSundayAutoLock(t.ctx, now), runSundayAutoLock(t.ctx, now)]);
      expect(runs.flat()).toEqual([sunday]);
      const plans = await plansOf(t, sunday);
      expect(plans).toHaveLength(4);
      expect(plans.every((p) => p.isLocked)).toBe(true);
    }
  });
});
