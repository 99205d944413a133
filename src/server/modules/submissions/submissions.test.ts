import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { TIER_DEFINITIONS } from '../../../shared/domain/tiers';
import { stillPossible } from '../../../shared/domain/capacity';
import { DEMO_CHANNELS } from '../../../shared/domain/church-config';
import { sessionAgent } from '../../test/agent';
import { buildMinistry, buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import {
  activityLog,
  idempotencyKeys,
  ministries,
  notifications,
  pendingEmails,
  requestAssets,
  requestItems,
  requests,
  users,
} from '../../platform/db/schema';
import { SAMPLE_FILES } from '../../test/sample-files';
import { UPLOAD_MESSAGES } from './upload';
import { DUPLICATE_NOT_FOUND } from './service';
import { withInsertsRefused, withTableGone } from '../../test/faults';

interface FilePart {
  name: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser's FormData would send it. */
function multipart(request: unknown, files: FilePart[] = []) {
  const boundary = `----lampstand${randomUUID()}`;
  const chunks: Buffer[] = [];
  if (request !== undefined) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="request"\r\n\r\n${typeof request === 'string' ? request : JSON.stringify(request)}\r\n`,
      ),
    );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.name.startsWith('.probe')).length;
}

describe.each(BACKENDS)('submissions on %s', (backend) => {
  let t: TestApp;
  let ministryId: string;
  let today: string;
  const agents: Record<string, Agent> = {};
  const filesDir = () => path.join(t.ctx.config.dataDir, 'files');

  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true });
    today = todayIn(t.ctx.config.churchTimeZone);
    ministryId = (await buildMinistry(t.ctx.db, { name: `Outreach ${randomUUID()}`, defaultTier: 'C' })).id;
    for (const role of ['requester', 'viewer', 'approver', 'coordinator'] as const) {
      const [u] = await t.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, `${role}@example.org`));
      agents[role] = await sessionAgent(t.app, u.id);
    }
  });
  afterAll(async () => t.close());

  const valid = (overrides: Record<string, unknown> = {}) => ({
    eventTitle: `Harvest Dinner ${randomUUID().slice(0, 8)}`,
    ministryId,
    promotionStartDate: addDaysIso(today, 20),
    eventStartDate: addDaysIso(today, 41),
    startTime: '18:00',
    location: 'Fellowship Hall',
    expectedAttendance: '150',
    descriptionShort: 'A dinner for the whole church.',
    descriptionLong: 'Food, music and stories.',
    targetAudience: 'Families',
    tier: 'C',
    includedChannels: ['sunday_slide', 'social_media_story'],
    additionalChannels: { banner: true, print_posters: true, other: true },
    otherChannelText: 'Bulletin insert',
    planningCenterAdded: true,
    designDirection: 'freedom',
    ...overrides,
  });

  const submit = (agent: Agent | null, body: unknown, files: FilePart[] = [], key: string | null = randomUUID()) => {
    const { payload, contentType } = multipart(body, files);
    const headers: Record<string, string> = { 'content-type': contentType };
    if (key) headers['idempotency-key'] = key;
    const opts = { method: 'POST' as const, url: '/api/requests', payload, headers };
    return agent ? agent.inject(opts) : t.app.inject(opts);
  };

  const totals = async () => {
    const db = t.ctx.db;
    const n = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0].n;
    return {
      requests: await n(requests),
      items: await n(requestItems),
      assets: await n(requestAssets),
      activity: await n(activityLog),
      notifications: await n(notifications),
      emails: await n(pendingEmails),
      keys: await n(idempotencyKeys),
      files: countFiles(filesDir()),
    };
  };

  const activeAdmins = async () =>
    t.ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.active, true), eq(users.isExternal, false)));

  it('creates the request, items, assets, activity, notifications and e-mails in one go', async () => {
    const before = await totals();
    const body = valid();
    const res = await submit(agents.requester, body, [
      { name: 'poster.png', data: SAMPLE_FILES.png },
      { name: 'brief.docx', data: SAMPLE_FILES.docx },
    ]);
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: string };

    const [row] = await t.ctx.db.select().from(requests).where(eq(requests.id, id));
    expect(row).toMatchObject({
      eventTitle: body.eventTitle,
      requesterId: agents.requester.userId,
      status: 'submitted',
      tier: 'C',
      isImpactInOne: false,
      contentCompleteScore: 100,
      expectedAttendance: 150,
      planningCenterAdded: true,
      designDirection: 'freedom',
      additionalChannels: { banner: true, print_posters: true, other: true },
      otherChannelText: 'Bulletin insert',
      duplicateOf: null,
    });

    const items = await t.ctx.db.select().from(requestItems).where(eq(requestItems.requestId, id));
    const byChannel = Object.fromEntries(items.map((i) => [i.channel, i]));
    expect(Object.keys(byChannel).sort()).toEqual(['banner', 'other', 'print_posters', 'social_media_story', 'sunday_slide']);
    expect(byChannel.sunday_slide).toMatchObject({ status: 'submitted', isAdditionalRequest: false, additionalRequestStatus: 'approved' });
    expect(byChannel.banner).toMatchObject({ isAdditionalRequest: true, additionalRequestStatus: 'pending' });
    expect(byChannel.print_posters).toMatchObject({ isAdditionalRequest: true, additionalRequestStatus: 'pending' });
    // Each item is due its channel's lead time (14 days for these) before its first run, and books its weeks.
    const window = { start: body.promotionStartDate, end: body.eventStartDate };
    for (const item of items) {
      const p = stillPossible(
        today,
        window,
        DEMO_CHANNELS.find((c) => c.code === item.channel)!,
      );
      expect(item.dueDate, item.channel).toBe(p.dueDate);
      expect(item.bookedWeeks, item.channel).toEqual(p.runs.map((r) => r.week));
    }
    expect(byChannel.social_media_story.dueDate).toBe(addDaysIso(body.promotionStartDate, -14));

    const assets = await t.ctx.db.select().from(requestAssets).where(eq(requestAssets.requestId, id));
    expect(assets.map((a) => a.fileName).sort()).toEqual(['brief.docx', 'poster.png']);
    const png = assets.find((a) => a.fileName === 'poster.png')!;
    expect(png).toMatchObject({ fileType: 'image/png', fileSize: SAMPLE_FILES.png.length, versionNumber: 1 });
    expect((await t.ctx.files.get(png.storageKey)).equals(SAMPLE_FILES.png)).toBe(true);

    const activity = await t.ctx.db.select().from(activityLog).where(eq(activityLog.requestId, id));
    expect(activity.map((a) => a.actionType)).toEqual(['request_submitted']);

    const admins = await activeAdmins();
    expect(admins.length).toBeGreaterThan(0);
    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.requestId, id));
    expect(notes.map((n) => n.userId).sort()).toEqual(admins.map((a) => a.id).sort());
    expect(notes[0]).toMatchObject({ title: 'New request submitted', link: `/request/${id}`, read: false });

    const after = await totals();
    expect(after.emails - before.emails).toBe(admins.length);
    const emails = await t.ctx.db
      .select()
      .from(pendingEmails)
      .where(sql`${pendingEmails.actionUrl} like ${`%/request/${id}`}`);
    expect(emails.map((e) => e.recipient).sort()).toEqual(admins.map((a) => a.email).sort());
    expect(after.files - before.files).toBe(2);

    const [key] = await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.requestId, id));
    expect(key.userId).toBe(agents.requester.userId);
  });

  it('makes one request for a retry or double click with the same Idempotency-Key', async () => {
    const key = randomUUID();
    const body = valid();
    const first = await submit(agents.requester, body, [], key);
    const second = await submit(agents.requester, body, [], key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    const rows = await t.ctx.db.select().from(requests).where(eq(requests.eventTitle, body.eventTitle));
    expect(rows).toHaveLength(1);
    // Someone else's key is never a way to read their request.
    expect((await submit(agents.approver, valid(), [], key)).statusCode).toBe(409);
    expect((await submit(agents.requester, body, [], null)).statusCode).toBe(400);
    expect((await submit(agents.requester, body, [], 'not-a-uuid')).statusCode).toBe(400);
  });

  it('rolls everything back, stored files included, when the transaction fails midway', async () => {
    // The database refuses the admins' notifications: the last writes of the transaction.
    await withInsertsRefused(t.ctx.db, 'notifications', async () => {
      const before = await totals();
      const key = randomUUID();
      const res = await submit(agents.requester, valid(), [{ name: 'flyer.pdf', data: SAMPLE_FILES.pdf }], key);
      expect(res.statusCode).toBe(500);
      expect(await totals()).toEqual(before);
      expect(await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
    });
  });

  it('refuses files by count, size, extension and content before storing anything', async () => {
    const before = await totals();
    const fake = await submit(agents.requester, valid(), [
      { name: 'ok.jpg', data: SAMPLE_FILES.jpg },
      { name: 'photo.png', data: Buffer.from('this is plain text, not a picture') },
    ]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toContain('photo.png');

    // The right first bytes are not enough: a PNG signature followed by HTML does not parse.
    const disguised = Buffer.concat([SAMPLE_FILES.png.subarray(0, 8), Buffer.from('<html><script>alert(1)</script></html>')]);
    const polyglot = await submit(agents.requester, valid(), [{ name: 'poster.png', data: disguised }]);
    expect(polyglot.statusCode).toBe(415);
    expect(polyglot.json().error.message).toBe(UPLOAD_MESSAGES.contentMismatch('poster.png'));

    const wrongKind = await submit(agents.requester, valid(), [{ name: 'sheet.xlsx', data: SAMPLE_FILES.docx }]);
    expect(wrongKind.statusCode).toBe(415);

    const exe = await submit(agents.requester, valid(), [{ name: 'setup.exe', data: SAMPLE_FILES.pdf }]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error.message).toBe('File type not allowed: setup.exe. Accepted types: .jpg, .jpeg, .png, .pdf, .docx, .xlsx.');

    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, data: SAMPLE_FILES.pdf }));
    const tooMany = await submit(agents.requester, valid(), six);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('File limit exceeded: You can upload a maximum of 5 files.');

    const big = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await submit(agents.requester, valid(), [{ name: 'big.pdf', data: big }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe('File too large: big.pdf exceeds the 10MB limit.');

    expect(await totals()).toEqual(before);
  });

  it('accepts five files of every accepted type', async () => {
    const res = await submit(agents.requester, valid(), [
      { name: 'a.jpeg', data: SAMPLE_FILES.jpg },
      { name: 'b.PNG', data: SAMPLE_FILES.png },
      { name: 'c.pdf', data: SAMPLE_FILES.pdf },
      { name: 'd.docx', data: SAMPLE_FILES.docx },
      { name: 'e.xlsx', data: SAMPLE_FILES.xlsx },
    ]);
    expect(res.statusCode).toBe(201);
  });

  it('re-checks every rule on the server whatever the browser sent (422)', async () => {
    const before = await totals();
    const early = await submit(agents.requester, valid({ promotionStartDate: addDaysIso(today, 13) }));
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe('Promotion must start at least 2 weeks from today.');

    const noPlanningCenter = await submit(agents.requester, valid({ planningCenterAdded: false }));
    expect(noPlanningCenter.statusCode).toBe(422);
    expect(noPlanningCenter.json().error.message).toBe('Event must be on Planning Center calendar.');

    const thin = await submit(agents.requester, { eventTitle: 'Only a title', planningCenterAdded: true, contentCompleteScore: 100 });
    expect(thin.statusCode).toBe(422);
    expect(thin.json().error.message).toBe('Content must be at least 60% complete.');

    const missing = await submit(agents.requester, valid({ descriptionShort: '', descriptionLong: '', targetAudience: '', tier: 'C' }), [
      { name: 'a.pdf', data: SAMPLE_FILES.pdf },
    ]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Short description is required.');

    const otherBlank = await submit(agents.requester, valid({ otherChannelText: ' ' }));
    expect(otherBlank.statusCode).toBe(400);
    expect(otherBlank.json().error.fields.otherChannelText).toBe('Please specify the other channel.');

    const inactive = await buildMinistry(t.ctx.db, { active: false });
    const closed = await submit(agents.requester, valid({ ministryId: inactive.id }));
    expect(closed.statusCode).toBe(400);

    expect((await submit(agents.requester, 'not json')).statusCode).toBe(400);
    expect(await totals()).toEqual(before);
  });

  it('forces tier A for Impact in One titles', async () => {
    const res = await submit(agents.requester, valid({ eventTitle: 'IMPACT in One Weekend', tier: 'C', additionalChannels: {} }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(requests).where(eq(requests.id, res.json().id));
    expect(row).toMatchObject({ tier: 'A', isImpactInOne: true });
    const items = await t.ctx.db.select().from(requestItems).where(eq(requestItems.requestId, row.id));
    expect(items.map((i) => i.channel).sort()).toEqual([...TIER_DEFINITIONS.A.channels].sort());
  });

  it('lets only approvers and above submit on behalf of someone else', async () => {
    const onBehalf = { requesterName: 'Martha Member', requesterEmail: 'martha@example.org' };
    const denied = await submit(agents.requester, valid(onBehalf));
    expect(denied.statusCode).toBe(403);
    const ok = await submit(agents.approver, valid(onBehalf));
    expect(ok.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(requests).where(eq(requests.id, ok.json().id));
    expect(row).toMatchObject({
      requesterId: agents.approver.userId,
      requesterNameOverride: 'Martha Member',
      requesterEmailOverride: 'martha@example.org',
    });
    const [note] = await t.ctx.db.select().from(notifications).where(eq(notifications.requestId, row.id)).limit(1);
    expect(note.body).toContain('Martha Member');
  });

  it('answers 401 signed out and 403 to a viewer', async () => {
    expect((await submit(null, valid())).statusCode).toBe(401);
    expect((await submit(agents.viewer, valid())).statusCode).toBe(403);
  });

  describe('duplicate source', () => {
    let sourceId: string;
    beforeAll(async () => {
      const res = await submit(
        agents.requester,
        valid({ eventTitle: 'Source Event', tier: 'B', includedChannels: ['landing_slide'], additionalChannels: { banner: true } }),
      );
      sourceId = res.json().id;
    });
    const get = (agent: Agent | null, id = sourceId) => {
      const opts = { method: 'GET' as const, url: `/api/requests/${id}/duplicate-source` };
      return agent ? agent.inject(opts) : t.app.inject(opts);
    };

    it('copies text fields and the extra items, without dates, times or Planning Center', async () => {
      const res = await get(agents.requester);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ id: sourceId, sourceTitle: 'Source Event' });
      expect(body.sourceEventStartDate).toBe(addDaysIso(today, 41));
      expect(body.values).toMatchObject({
        eventTitle: 'Source Event',
        ministryId,
        tier: 'B',
        location: 'Fellowship Hall',
        additionalChannels: { banner: true },
        designDirection: 'freedom',
      });
      for (const cleared of ['promotionStartDate', 'eventStartDate', 'startTime', 'planningCenterAdded', 'planningCenterLink']) {
        expect(body.values).not.toHaveProperty(cleared);
      }
    });

    it('is open to the requester and coordinators, hidden from other requesters', async () => {
      expect((await get(agents.coordinator)).statusCode).toBe(200);
      const other = await buildUser(t.ctx.db, { role: 'approver' });
      expect((await get(await sessionAgent(t.app, other.id))).statusCode).toBe(404);
      expect((await get(agents.requester, randomUUID())).statusCode).toBe(404);
      expect((await get(agents.viewer)).statusCode).toBe(403);
      expect((await get(null)).statusCode).toBe(401);
    });

    it('answers 400 for a source that is missing or hidden, and 500 (not 400) when reading it fails', async () => {
      const missing = await submit(agents.requester, valid({ duplicateOf: randomUUID() }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toBe(DUPLICATE_NOT_FOUND);
      const other = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'requester' })).id);
      expect((await submit(other, valid({ duplicateOf: sourceId }))).statusCode).toBe(400);
      const failed = await withTableGone(t.ctx.db, 'requests', () => submit(agents.requester, valid({ duplicateOf: sourceId })));
      expect(failed.statusCode).toBe(500);
      expect(failed.json().error.code).toBe('internal');
    });

    it('records duplicate_of on the new request', async () => {
      const res = await submit(agents.requester, valid({ duplicateOf: sourceId }));
      const [row] = await t.ctx.db.select().from(requests).where(eq(requests.id, res.json().id));
      expect(row.duplicateOf).toBe(sourceId);
    });
  });

  it('keeps ministries untouched', async () => {
    const [m] = await t.ctx.db.select().from(ministries).where(eq(ministries.id, ministryId));
    expect(m.active).toBe(true);
  });
});
