import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../shared/api/auth';
import { todayIn, upcomingSundays } from '../../../shared/domain/dates';
import { MINISTRY_TIERS, REQUEST_STATUSES } from '../../../shared/domain/statuses';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import * as t from './schema';
import { DEMO_PASSWORD, DEMO_USERS, isEmpty } from './seed-demo';

describe.each(BACKENDS)('demo seed on %s', (backend) => {
  let app: TestApp;
  const tz = 'America/New_York';
  beforeAll(async () => {
    app = await createTestApp(backend, { seed: true });
  });
  afterAll(async () => app.close());
  const db = () => app.ctx.db;

  it('has a request in every status', async () => {
    const rows = await db().selectDistinct({ status: t.requests.status }).from(t.requests);
    expect(rows.map((r) => r.status).sort()).toEqual([...REQUEST_STATUSES].sort());
    const items = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(t.requestItems);
    expect(items[0].n).toBeGreaterThan(30);
  });

  it('has ministries with each default tier A, B, C, L1, L2', async () => {
    const rows = await db().select().from(t.ministries).where(eq(t.ministries.active, true));
    expect(new Set(rows.map((m) => m.defaultTier))).toEqual(new Set(MINISTRY_TIERS));
  });

  it('has five runways, each with requirement items', async () => {
    const runways = await db().select().from(t.runways);
    expect(runways).toHaveLength(5);
    for (const runway of runways) {
      const items = await db().select().from(t.runwayItems).where(eq(t.runwayItems.runwayId, runway.id));
      expect(items.length, runway.code).toBeGreaterThan(0);
      expect(items.every((i) => i.type === 'requirement')).toBe(true);
    }
  });

  it('has plans for the next six Sundays, for the service and every runway', async () => {
    const sundays = upcomingSundays(tz, 6);
    const service = await db().select().from(t.sundayPlans).where(isNull(t.sundayPlans.runwayId));
    expect(service.map((p) => p.sundayDate).sort()).toEqual(sundays);
    const all = await db().select().from(t.sundayPlans);
    expect(all).toHaveLength(6 * 6);
  });

  it('has a series, future notes and notifications', async () => {
    expect((await db().select().from(t.series)).length).toBeGreaterThan(0);
    const notes = await db().select().from(t.futureNotes);
    expect(notes.some((n) => n.targetDate !== null && n.targetDate > todayIn(tz))).toBe(true);
    expect((await db().select().from(t.notifications)).length).toBeGreaterThan(0);
    expect(await isEmpty(db())).toBe(false);
  });

  it('every demo user signs in except the deactivated one; the Church Media Squad never can', async () => {
    let n = 0;
    const signIn = (email: string, password = DEMO_PASSWORD) =>
      app.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: `10.9.0.${++n}` });
    for (const demo of DEMO_USERS) {
      const res = await signIn(demo.email);
      if (demo.key === 'inactive') {
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe(AUTH_MESSAGES.deactivated);
        continue;
      }
      expect(res.statusCode, demo.email).toBe(200);
      expect(res.json().user.role).toBe(demo.role);
      expect(res.json().user.passwordResetRequired).toBe(demo.key === 'newhire');
    }
    const [squad] = await db().select().from(t.users).where(eq(t.users.fullName, 'Church Media Squad'));
    expect(squad.isExternal).toBe(true);
    const res = await signIn(squad.email);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(AUTH_MESSAGES.invalidCredentials);
  });
});
