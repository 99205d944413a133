import { eq, sql } from 'drizzle-orm';
import { addDaysIso } from '../../../shared/domain/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { captureLog } from '../../test/log-capture';
import { buildItem, buildRequest } from '../../test/task-fixtures';
import { rowsOf } from '../db/client';
import { idempotencyKeys, jobRuns, loginAttempts, passwordResetTokens, reminderLog, sessions, teamReminderLog } from '../db/schema';
import { PURGE_JOB, purgeExpired, purgeJob } from './purge';
import { runIfDue } from './scheduler';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const ONE_EACH = { sessions: 1, resetTokens: 1, loginAttempts: 1, idempotencyKeys: 1, reminderLog: 1, teamReminderLog: 1 };

describe.each(BACKENDS)('the purge job on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  async function seedRows() {
    const db = t.ctx.db;
    const user = await buildUser(db);
    await db.insert(sessions).values([
      { id: `live-${user.id}`, userId: user.id, csrfToken: 'c', expiresAt: new Date(Date.now() + DAY) },
      { id: `expired-${user.id}`, userId: user.id, csrfToken: 'c', expiresAt: ago(1000) },
    ]);
    await db.insert(passwordResetTokens).values([
      { tokenHash: `live-${user.id}`, userId: user.id, expiresAt: new Date(Date.now() + HOUR) },
      // Expired an hour ago: kept for a day yet, beyond any reset-link limit window.
      { tokenHash: `recent-${user.id}`, userId: user.id, expiresAt: ago(HOUR), createdAt: ago(2 * HOUR) },
      { tokenHash: `old-${user.id}`, userId: user.id, expiresAt: ago(2 * DAY), createdAt: ago(2 * DAY + HOUR) },
    ]);
    await db.insert(loginAttempts).values([
      { email: user.email, ip: '10.0.0.1', succeeded: false, createdAt: ago(HOUR) },
      { email: user.email, ip: '10.0.0.1', succeeded: true, createdAt: ago(31 * DAY) },
    ]);
    await db.insert(idempotencyKeys).values([
      { key: `recent-${user.id}`, userId: user.id, createdAt: ago(DAY) },
      { key: `old-${user.id}`, userId: user.id, createdAt: ago(8 * DAY) },
    ]);
    // Reminder guards: today's and a week's are kept (days counted in the database's own date).
    const item = await buildItem(db, (await buildRequest(db, user.id)).id, { assigneeId: user.id });
    const [{ today }] = rowsOf<{ today: string }>(await db.execute(sql`select current_date::text as today`));
    const day = (n: number) => addDaysIso(today, -n);
    await db.insert(reminderLog).values([0, 7, 8].map((n) => ({ userId: user.id, itemId: item.id, reason: 'overdue', day: day(n) })));
    await db.insert(teamReminderLog).values([0, 8].map((n) => ({ itemId: item.id, reason: 'overdue', day: day(n), summarized: true })));
    return { ...user, itemId: item.id };
  }

  /** What is left of one user's rows: the other test's rows may be there too, in either order. */
  const remaining = async (user: { id: string; email: string; itemId: string }) => ({
    sessions: (await t.ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id)))
      .map((r) => r.id.split('-')[0])
      .sort(),
    tokens: (
      await t.ctx.db.select({ id: passwordResetTokens.tokenHash }).from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))
    )
      .map((r) => r.id.split('-')[0])
      .sort(),
    attempts: (await t.ctx.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email))).length,
    keys: (await t.ctx.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id)))
      .map((r) => r.key.split('-')[0])
      .sort(),
    reminderDays: (await t.ctx.db.select({ day: reminderLog.day }).from(reminderLog).where(eq(reminderLog.itemId, user.itemId))).length,
    teamDays: (await t.ctx.db.select({ day: teamReminderLog.day }).from(teamReminderLog).where(eq(teamReminderLog.itemId, user.itemId)))
      .length,
  });

  it('removes expired sessions, expired reset tokens, old sign-in attempts, idempotency keys and reminder guards, and nothing else', async () => {
    const user = await seedRows();
    expect(await purgeExpired(t.ctx.db)).toEqual(ONE_EACH);
    expect(await remaining(user)).toEqual({
      sessions: ['live'],
      tokens: ['live', 'recent'],
      attempts: 1,
      keys: ['recent'],
      reminderDays: 2,
      teamDays: 1,
    });
    expect(await purgeExpired(t.ctx.db)).toEqual({
      sessions: 0,
      resetTokens: 0,
      loginAttempts: 0,
      idempotencyKeys: 0,
      reminderLog: 0,
      teamReminderLog: 0,
    });
  });

  it('runs as a scheduled job, logs what it removed, and is not due again until its interval passed', async () => {
    await seedRows();
    const log = captureLog();
    try {
      const job = purgeJob(t.ctx.db);
      expect(job.name).toBe(PURGE_JOB);
      expect(await runIfDue(t.ctx.db, job)).toBe(true);
      expect(await runIfDue(t.ctx.db, job)).toBe(false);
      expect(log.lines).toEqual([
        {
          level: 'info',
          msg: 'purged expired rows',
          obj: { removed: ONE_EACH },
        },
      ]);
      const [run] = await t.ctx.db.select().from(jobRuns).where(eq(jobRuns.name, PURGE_JOB));
      expect(run.lastRunAt).toBeInstanceOf(Date);
    } finally {
      log.restore();
    }
  });
});
