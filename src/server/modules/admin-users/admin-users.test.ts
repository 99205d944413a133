import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_USERS_MESSAGES as M,
  ADMIN_USERS_PAGE_SIZE,
  type AdminMinistry,
  type AdminUser,
  type AdminUsersPage,
} from '../../../shared/api/admin-users';
import { isTemporaryPassword } from '../../../shared/domain/temporary-password';
import { activityLog, ministries, pendingEmails, sessions, users } from '../../platform/db/schema';
import { startOutboxWorker } from '../../platform/mail/outbox';
import { sessionAgent } from '../../test/agent';
import { buildMinistry, buildUser } from '../../test/factories';
import { updateUser } from './service';
import { BACKENDS, createTestApp, describeOnPostgres, signIn, type Agent, type TestApp } from '../../test/harness';

const tag = () => randomBytes(4).toString('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MISSING = randomUUID();

/** Every admin-users operation, with a body that passes validation. */
const ROUTES = (id: string) =>
  [
    { method: 'GET', url: '/api/admin/users' },
    { method: 'POST', url: '/api/admin/users', payload: { fullName: 'X', email: `x-${tag()}@example.test`, role: 'viewer' } },
    { method: 'PUT', url: `/api/admin/users/${id}`, payload: { fullName: 'X', role: 'viewer' } },
    { method: 'PUT', url: `/api/admin/users/${id}/active`, payload: { active: false } },
    { method: 'POST', url: `/api/admin/users/${id}/resend-invite` },
    { method: 'POST', url: `/api/admin/users/${id}/reset-password` },
    { method: 'DELETE', url: `/api/admin/users/${id}` },
    { method: 'GET', url: '/api/admin/ministries' },
    { method: 'POST', url: '/api/admin/ministries', payload: { name: `M ${tag()}` } },
    { method: 'PUT', url: `/api/admin/ministries/${id}`, payload: { name: `M ${tag()}` } },
    { method: 'PUT', url: `/api/admin/ministries/${id}/active`, payload: { active: false } },
  ] as const;

/** The newest outbox e-mail to `recipient`, and the temporary password in it. */
async function lastEmailTo(t: TestApp, recipient: string) {
  const rows = await t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.recipient, recipient));
  const email = rows.sort((a, b) => +b.createdAt - +a.createdAt)[0];
  const password = /Temporary password: (\S+)/.exec(email?.body ?? '')?.[1] ?? '';
  return { email, password, count: rows.length };
}

describe.each(BACKENDS)('admin users and ministries on %s', (backend) => {
  let t: TestApp;
  let admin: Agent;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    adminId = (await buildUser(t.ctx.db, { role: 'admin' })).id;
    admin = await sessionAgent(t.app, adminId);
  });
  afterAll(async () => t.close());

  const invite = (body: Record<string, unknown>) => admin.inject({ method: 'POST', url: '/api/admin/users', payload: body });
  const invitee = async (extra: Record<string, unknown> = {}) => {
    const email = `invitee-${tag()}@example.test`;
    const res = await invite({ fullName: 'New Person', email, role: 'creative', ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return { user: (res.json() as { user: AdminUser }).user, email };
  };

  it('a coordinator (and every role below admin) is refused on every route; nothing changes', async () => {
    const target = await buildUser(t.ctx.db, { role: 'viewer' });
    for (const role of ['viewer', 'requester', 'creative', 'approver', 'coordinator'] as const) {
      const agent = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role })).id);
      for (const call of ROUTES(target.id)) {
        const res = await agent.inject(call);
        expect(res.statusCode, `${role} ${call.method} ${call.url}`).toBe(403);
      }
    }
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(after).toMatchObject({ active: true, role: 'viewer' });
  });

  it('invite: argon2id temporary password, reset required, one outbox e-mail with a sign-in link from the configured origin', async () => {
    const ministry = await buildMinistry(t.ctx.db);
    const { user, email } = await invitee({ ministryId: ministry.id, role: 'requester' });
    expect(user).toMatchObject({ fullName: 'New Person', email, role: 'requester', ministryName: ministry.name, active: true });
    expect(user.passwordResetRequired).toBe(true);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const mail = await lastEmailTo(t, email);
    expect(mail.count).toBe(1);
    expect(mail.email).toMatchObject({ subject: M.inviteSubject, actionUrl: `${t.ctx.config.appOrigin}/login`, actionText: 'Sign in' });
    expect(isTemporaryPassword(mail.password)).toBe(true);
    // The person signs in with it and is told to change it.
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: mail.password } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { user: { passwordResetRequired: boolean } }).user.passwordResetRequired).toBe(true);
  });

  it("invite refuses a taken e-mail (any case) with 'Email already in use.' and a bad one; nothing is written", async () => {
    const { email } = await invitee();
    const before = await t.ctx.db.select().from(pendingEmails);
    const dup = await invite({ fullName: 'Twin', email: email.toUpperCase(), role: 'viewer' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ error: { message: M.emailInUse, fields: { email: M.emailInUse } } });
    const bad = await invite({ fullName: 'Bad', email: 'not-an-email', role: 'viewer' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { message: M.emailInvalid } });
    const noName = await invite({ fullName: '  ', email: `n-${tag()}@example.test`, role: 'viewer' });
    expect(noName.statusCode).toBe(400);
    const noMinistry = await invite({ fullName: 'N', email: `n-${tag()}@example.test`, role: 'viewer', ministryId: MISSING });
    expect(noMinistry.statusCode).toBe(400);
    expect(await t.ctx.db.select().from(pendingEmails)).toHaveLength(before.length);
  });

  it('the invite e-mail is delivered to a real SMTP peer', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (c: string) => (raw += c));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.server.address() as AddressInfo).port;
    const { email } = await invitee();
    const worker = startOutboxWorker(t.ctx.database, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Lampstand <no-reply@lampstand.test>',
      pollMs: 50,
    });
    try {
      for (let i = 0; i < 200 && !received.some((r) => r.includes(email)); i++) await sleep(50);
      const raw = received.find((r) => r.includes(email))!;
      expect(raw).toContain('Temporary password:');
      expect(raw).toContain(`${t.ctx.config.appOrigin}/login`);
    } finally {
      await worker.stop();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('lists with ministry name, searches name or e-mail, filters by role; the external squad is not listed', async () => {
    const name = `Findable ${tag()}`;
    const found = await buildUser(t.ctx.db, { role: 'approver', fullName: name });
    await buildUser(t.ctx.db, { role: 'creative', fullName: `${name} too` });
    const squad = await buildUser(t.ctx.db, { role: 'creative', isExternal: true, passwordHash: null });
    const all = (await admin.inject({ method: 'GET', url: '/api/admin/users' })).json() as { users: AdminUser[] };
    expect(all.users.some((u) => u.id === squad.id)).toBe(false);
    const res = await admin.inject({
      method: 'GET',
      url: `/api/admin/users?search=${encodeURIComponent(name.toLowerCase())}&role=approver`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { users: AdminUser[] }).users.map((u) => u.id)).toEqual([found.id]);
    const byEmail = await admin.inject({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(found.email)}` });
    expect((byEmail.json() as { users: AdminUser[] }).users.map((u) => u.id)).toEqual([found.id]);
    const [adminRow] = await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, adminId));
    const mine = await admin.inject({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(adminRow.email)}` });
    const me = (mine.json() as AdminUsersPage).users.find((u) => u.id === adminId)!;
    expect(me).toMatchObject({ canDeactivate: false, canDelete: false });
  });

  describe('the list a screen at a time', () => {
    /** Every page of a query, following nextCursor; `between` runs after each page but the last. */
    const allPages = async (query: string, between: (page: number) => Promise<void> = async () => {}) => {
      const seen: AdminUser[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 100; page++) {
        const res = await admin.inject({
          method: 'GET',
          url: `/api/admin/users?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as AdminUsersPage;
        expect(body.users.length).toBeLessThanOrEqual(ADMIN_USERS_PAGE_SIZE);
        seen.push(...body.users);
        cursor = body.nextCursor;
        if (!cursor) return seen;
        await between(page);
      }
      throw new Error('more than 100 pages');
    };

    it('pages by name then id with no gap and no repeat, even while people are invited between two pages', async () => {
      const family = `Pagewalk ${tag()}`;
      // Same names on purpose: the id decides between them.
      const people = [];
      for (let i = 0; i < ADMIN_USERS_PAGE_SIZE + 12; i++) {
        people.push(await buildUser(t.ctx.db, { role: 'requester', fullName: `${family} ${String.fromCharCode(97 + (i % 20))}` }));
      }
      const search = `search=${encodeURIComponent(family)}`;
      const invited: string[] = [];
      const seen = await allPages(search, async (page) => {
        // Someone sorted before the page read, one after it, one with the very name of a row read.
        for (const name of [`${family} a`, `${family} zz ${page}`, `${family} b`]) {
          const res = await admin.inject({
            method: 'POST',
            url: '/api/admin/users',
            payload: { fullName: name, email: `page-${tag()}@example.test`, role: 'viewer' },
          });
          expect(res.statusCode, res.body).toBe(200);
          invited.push((res.json() as { user: AdminUser }).user.id);
        }
      });
      const ids = seen.map((u) => u.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const p of people) expect(ids).toContain(p.id);
      // People of the same name come in id order (the names' order is the database's collation).
      for (let i = 1; i < seen.length; i++) {
        if (seen[i].fullName === seen[i - 1].fullName) expect(seen[i].id > seen[i - 1].id).toBe(true);
      }
      // Every person invited past the page already read is found on a later one.
      const laterOnes = invited.filter((_, i) => i % 3 === 1);
      for (const id of laterOnes) expect(ids).toContain(id);
    });

    it('filters by status: active, deactivated, invite pending', async () => {
      const family = `Statuses ${tag()}`;
      const on = await buildUser(t.ctx.db, { role: 'creative', fullName: `${family} on`, lastLoginAt: new Date() });
      const off = await buildUser(t.ctx.db, { role: 'creative', fullName: `${family} off`, active: false, lastLoginAt: new Date() });
      const pending = await buildUser(t.ctx.db, {
        role: 'creative',
        fullName: `${family} new`,
        passwordResetRequired: true,
        lastLoginAt: null,
      });
      const ids = async (status: string) =>
        (await allPages(`search=${encodeURIComponent(family)}&status=${status}`)).map((u) => u.id).sort();
      expect(await ids('active')).toEqual([on.id, pending.id].sort());
      expect(await ids('deactivated')).toEqual([off.id]);
      expect(await ids('invited')).toEqual([pending.id]);
      const bad = await admin.inject({ method: 'GET', url: '/api/admin/users?status=gone' });
      expect(bad.statusCode).toBe(400);
      const forged = await admin.inject({ method: 'GET', url: '/api/admin/users?cursor=bm90LWEtY3Vyc29y' });
      expect(forged.statusCode).toBe(400);
    });
  });

  it("edit: name, role and ministry change; the e-mail does not; 'Choose a ministry' for an unknown one", async () => {
    const { user, email } = await invitee();
    const ministry = await buildMinistry(t.ctx.db);
    const res = await admin.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}`,
      payload: { fullName: ' Renamed ', role: 'coordinator', ministryId: ministry.id, email: 'other@example.test' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { user: AdminUser }).user).toMatchObject({
      fullName: 'Renamed',
      role: 'coordinator',
      email,
      ministryId: ministry.id,
    });
    const bad = await admin.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}`,
      payload: { fullName: 'R', role: 'viewer', ministryId: MISSING },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await admin.inject({ method: 'PUT', url: `/api/admin/users/${MISSING}`, payload: { fullName: 'R', role: 'viewer' } });
    expect(missing.statusCode).toBe(404);
  });

  it('deactivation deletes their sessions (the next call is 401) and closes their open event stream; activation lets them back', async () => {
    const person = await buildUser(t.ctx.db, { role: 'creative' });
    const agent = await sessionAgent(t.app, person.id);
    expect((await agent.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(200);
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const stream = await new Promise<{ ended: Promise<'ended'>; destroy: () => void }>((resolve, reject) => {
      const req = http.get(`http://127.0.0.1:${port}/api/events`, { headers: { cookie: agent.cookie } }, (res) => {
        res.resume();
        resolve({ ended: new Promise((done) => res.on('close', () => done('ended'))), destroy: () => req.destroy() });
      });
      req.on('error', reject);
    });
    try {
      const off = await admin.inject({ method: 'PUT', url: `/api/admin/users/${person.id}/active`, payload: { active: false } });
      expect(off.statusCode, off.body).toBe(200);
      expect((off.json() as { user: AdminUser }).user.active).toBe(false);
      expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);
      expect((await agent.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(401);
      // The stream ends at once (well before the 25 s heartbeat).
      await expect(Promise.race([stream.ended, sleep(5000).then(() => 'still open')])).resolves.toBe('ended');
    } finally {
      stream.destroy();
    }
    const on = await admin.inject({ method: 'PUT', url: `/api/admin/users/${person.id}/active`, payload: { active: true } });
    expect((on.json() as { user: AdminUser }).user.active).toBe(true);
  });

  it('an admin cannot deactivate or delete their own account', async () => {
    const off = await admin.inject({ method: 'PUT', url: `/api/admin/users/${adminId}/active`, payload: { active: false } });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ error: { message: M.notYourself } });
    expect((await admin.inject({ method: 'DELETE', url: `/api/admin/users/${adminId}` })).statusCode).toBe(403);
  });

  it('delete: a person with no history is removed; one with activity is refused, and their row and activity stay', async () => {
    const { user } = await invitee();
    const gone = await admin.inject({ method: 'DELETE', url: `/api/admin/users/${user.id}` });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await t.ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);

    const author = await buildUser(t.ctx.db, { role: 'requester' });
    await t.ctx.db.insert(activityLog).values({ userId: author.id, actionType: 'comment', notes: 'wrote something' });
    const refused = await admin.inject({ method: 'DELETE', url: `/api/admin/users/${author.id}` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { message: M.hasHistory } });
    expect(await t.ctx.db.select().from(users).where(eq(users.id, author.id))).toHaveLength(1);
    expect(await t.ctx.db.select().from(activityLog).where(eq(activityLog.userId, author.id))).toHaveLength(1);
  });

  it('reset password: a new temporary password is e-mailed, reset is required again and their sessions end', async () => {
    const person = await buildUser(t.ctx.db, { role: 'viewer' });
    const agent = await sessionAgent(t.app, person.id);
    const res = await admin.inject({ method: 'POST', url: `/api/admin/users/${person.id}/reset-password` });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { user: AdminUser }).user.passwordResetRequired).toBe(true);
    expect((await agent.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(401);
    const mail = await lastEmailTo(t, person.email);
    expect(mail.email.subject).toBe(M.resetSubject);
    expect(isTemporaryPassword(mail.password)).toBe(true);
    await signIn(t.app, person.email, mail.password);
  });

  it('resend invite: a fresh password by e-mail before the first sign-in; refused after it', async () => {
    const { user, email } = await invitee();
    const first = await lastEmailTo(t, email);
    const res = await admin.inject({ method: 'POST', url: `/api/admin/users/${user.id}/resend-invite` });
    expect(res.statusCode, res.body).toBe(200);
    const second = await lastEmailTo(t, email);
    expect(second.count).toBe(2);
    expect(second.password).not.toBe(first.password);
    await signIn(t.app, email, second.password);
    const again = await admin.inject({ method: 'POST', url: `/api/admin/users/${user.id}/resend-invite` });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: { message: M.inviteOnlyBeforeSignIn } });
  });

  it('ministries: create (tier C by default), edit, refuse an empty or taken name, archive leaves the form but not the full list', async () => {
    const name = `Youth ${tag()}`;
    const created = await admin.inject({ method: 'POST', url: '/api/admin/ministries', payload: { name: ` ${name} ` } });
    expect(created.statusCode, created.body).toBe(200);
    const ministry = (created.json() as { ministry: AdminMinistry }).ministry;
    expect(ministry).toMatchObject({ name, defaultTier: 'C', active: true, requestCount: 0 });
    const empty = await admin.inject({ method: 'POST', url: '/api/admin/ministries', payload: { name: ' ' } });
    expect(empty.json()).toMatchObject({ error: { message: M.ministryNameRequired } });
    const twin = await admin.inject({ method: 'POST', url: '/api/admin/ministries', payload: { name: name.toUpperCase() } });
    expect(twin.statusCode).toBe(409);
    const badTier = await admin.inject({
      method: 'PUT',
      url: `/api/admin/ministries/${ministry.id}`,
      payload: { name, defaultTier: 'ZZ' },
    });
    expect(badTier.statusCode).toBe(400);
    expect(badTier.json().error).toMatchObject({ message: M.unknownTier, fields: { defaultTier: M.unknownTier } });
    const edited = await admin.inject({
      method: 'PUT',
      url: `/api/admin/ministries/${ministry.id}`,
      payload: { name: `${name} 2`, defaultTier: 'L1' },
    });
    expect((edited.json() as { ministry: AdminMinistry }).ministry).toMatchObject({ name: `${name} 2`, defaultTier: 'L1' });

    const archived = await admin.inject({ method: 'PUT', url: `/api/admin/ministries/${ministry.id}/active`, payload: { active: false } });
    expect((archived.json() as { ministry: AdminMinistry }).ministry.active).toBe(false);
    const form = (await admin.inject({ method: 'GET', url: '/api/ministries' })).json() as Array<{ id: string }>;
    expect(form.some((m) => m.id === ministry.id)).toBe(false);
    const listed = (await admin.inject({ method: 'GET', url: '/api/admin/ministries' })).json() as { ministries: AdminMinistry[] };
    expect(listed.ministries.find((m) => m.id === ministry.id)?.active).toBe(false);
    const [row] = await t.ctx.db.select().from(ministries).where(eq(ministries.id, ministry.id));
    expect(row.active).toBe(false);
    const missing = await admin.inject({ method: 'PUT', url: `/api/admin/ministries/${MISSING}/active`, payload: { active: true } });
    expect(missing.statusCode).toBe(404);
  });
});

describe.each(BACKENDS)("a ministry's default tier from the church's configuration on %s", (backend) => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp(backend, { churchConfig: 'general' });
    admin = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'admin' })).id);
  });
  afterAll(async () => t.close());

  const tierBody = {
    name: 'Tier E',
    examples: '',
    description: '',
    leadTimeDays: 7,
    leadTimeLabel: null,
    channels: [],
    extrasPreapproved: false,
  };
  const save = (payload: object, id?: string) =>
    admin.inject({ method: id ? 'PUT' : 'POST', url: id ? `/api/admin/ministries/${id}` : '/api/admin/ministries', payload });

  it('takes a tier the church added, refuses one it does not offer, and lets a ministry keep a tier archived since', async () => {
    // A new church has no L1: the demo church's own tier is not offered.
    expect((await save({ name: 'Young adults', defaultTier: 'L1' })).statusCode).toBe(400);
    expect((await admin.inject({ method: 'POST', url: '/api/admin/tiers', payload: { code: 'E', ...tierBody } })).statusCode).toBe(200);
    const created = await save({ name: 'Online', defaultTier: 'E' });
    expect(created.statusCode, created.body).toBe(200);
    const ministry = (created.json() as { ministry: AdminMinistry }).ministry;
    expect(ministry.defaultTier).toBe('E');

    const archived = await admin.inject({ method: 'PUT', url: '/api/admin/tiers/E', payload: { ...tierBody, archived: true } });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await save({ name: 'Online ministry', defaultTier: 'E' }, ministry.id)).statusCode).toBe(200);
    expect((await save({ name: 'Another', defaultTier: 'E' })).statusCode).toBe(400);
  });
});

describe.each(BACKENDS)('the last administrator on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  it("'Cannot remove the last administrator.': the only admin keeps the role; with a second admin, demotion works", async () => {
    const only = await buildUser(t.ctx.db, { role: 'admin', fullName: `Only ${tag()}` });
    const agent = await sessionAgent(t.app, only.id);
    const demote = (id: string) =>
      agent.inject({ method: 'PUT', url: `/api/admin/users/${id}`, payload: { fullName: 'Admin', role: 'coordinator' } });
    // Any other admins in this database are deactivated first: `only` is the last one.
    const others = (await t.ctx.db.select().from(users).where(eq(users.role, 'admin'))).filter((u) => u.id !== only.id);
    for (const o of others) await t.ctx.db.update(users).set({ active: false }).where(eq(users.id, o.id));
    const refused = await demote(only.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { message: M.lastAdmin, fields: { role: M.lastAdmin } } });
    expect((await t.ctx.db.select().from(users).where(eq(users.id, only.id)))[0].role).toBe('admin');

    const second = await buildUser(t.ctx.db, { role: 'admin' });
    expect((await demote(second.id)).statusCode).toBe(200);
  });
});

describeOnPostgres('two concurrent demotions of the last two admins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pg');
  });
  afterAll(async () => t.close());

  it('exactly one succeeds; one admin always remains', async () => {
    for (let round = 0; round < 5; round++) {
      await t.ctx.db.update(users).set({ active: false }).where(eq(users.role, 'admin'));
      const a = await buildUser(t.ctx.db, { role: 'admin' });
      const b = await buildUser(t.ctx.db, { role: 'admin' });
      const [asA, asB] = [await sessionAgent(t.app, a.id), await sessionAgent(t.app, b.id)];
      const demote = (agent: Agent, id: string) =>
        agent.inject({ method: 'PUT', url: `/api/admin/users/${id}`, payload: { fullName: 'Admin', role: 'viewer' } });
      const results = await Promise.all([demote(asA, b.id), demote(asB, a.id)]);
      // The loser is refused by the lock (422) or, when the winner committed before its request
      // was authorized, by the rank gate (403): it is no longer an admin.
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([403, 422]).toContain(codes[1]);
      const left = await t.ctx.db.select().from(users).where(eq(users.role, 'admin'));
      expect(left.filter((u) => u.active)).toHaveLength(1);
    }
  });

  it('the service under the rank gate: two parallel demotions serialize on the admin rows; the second is refused', async () => {
    for (let round = 0; round < 5; round++) {
      await t.ctx.db.update(users).set({ active: false }).where(eq(users.role, 'admin'));
      const a = await buildUser(t.ctx.db, { role: 'admin' });
      const b = await buildUser(t.ctx.db, { role: 'admin' });
      const actor = (u: typeof a) => ({ ...u, passwordResetRequired: false });
      const edit = { fullName: 'Admin', role: 'viewer' as const, ministryId: null };
      const results = await Promise.allSettled([updateUser(t.ctx, actor(a), b.id, edit), updateUser(t.ctx, actor(b), a.id, edit)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const failed = results.find((r) => r.status === 'rejected');
      expect((failed?.reason as Error).message).toBe(M.lastAdmin);
      const left = await t.ctx.db.select().from(users).where(eq(users.role, 'admin'));
      expect(left.filter((u) => u.active)).toHaveLength(1);
    }
  });
});
