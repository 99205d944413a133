import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../src/server/platform/config';
import { openContext } from '../../src/server/platform/bootstrap';
import { DEMO_USERS, seedDemo } from '../../src/server/platform/db/seed-demo';
import { users } from '../../src/server/platform/db/schema';
import { openSession } from '../../src/server/modules/auth/service';
import { DEVICE_COOKIE, deviceSecret, withDevice } from '../../src/server/platform/auth/device-cookies';
import { SESSION_COOKIE } from '../../src/server/platform/auth/sessions';
import { runIfDue } from '../../src/server/platform/jobs/scheduler';
import { scheduledJobs } from '../../src/server/jobs';
import { SESSIONS_FILE, SESSIONS_PER_ROLE, SIGNED_IN_ROLES, type SessionFile } from './sessions';

/**
 * The browser flows' demo church (run by global-setup.ts, DATA_DIR = the template directory): the
 * demo church seeded, then for each role a few sessions opened by the app's own sign-in code, as a
 * full password sign-in opens them (the attempt recorded, the last sign-in set), and the device
 * cookie that sign-in would have given the browser. Every flow server starts on a copy of this
 * database, so the sessions are there in each; their cookies go to the file the fixtures read.
 * Then the church's jobs run once, as the first pass of a server's scheduler would: each copy starts
 * with the day's backup, reminders and audit done, instead of every server doing them at boot
 * while its flows run (a server on a copy made the same day finds none of them due).
 */
const config = loadConfig();
const { ctx, close } = await openContext(config);
try {
  await seedDemo(ctx.db, config.churchTimeZone, ctx.files);
  const secret = await deviceSecret(ctx.db);
  const roles = {} as SessionFile['roles'];
  for (const role of SIGNED_IN_ROLES) {
    const email = DEMO_USERS.find((u) => u.key === role)!.email;
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const sessions = [];
    for (let i = 0; i < SESSIONS_PER_ROLE; i++) {
      const { token, expiresAt } = await openSession(ctx, user, { email, ip: '127.0.0.1', userAgent: 'Lampstand browser flows' });
      sessions.push({ token, expires: Math.floor(expiresAt.getTime() / 1000) });
    }
    roles[role] = { device: withDevice(secret, undefined, user.id), sessions };
  }
  const out: SessionFile = { cookies: { session: SESSION_COOKIE, device: DEVICE_COOKIE }, roles };
  fs.writeFileSync(SESSIONS_FILE, JSON.stringify(out));
  for (const job of scheduledJobs(ctx)) await runIfDue(ctx.db, job);
} finally {
  await close();
}
