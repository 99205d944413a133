import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestTemplatesResponse } from '../../../shared/api/request-templates';
import { OWN_TEMPLATE_LIMIT } from '../../../shared/api/request-templates';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { requestTemplates, users } from '../../platform/db/schema';
import { sessionAgent } from '../../test/agent';
import { buildMinistry, buildUser } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';

const ROLES = ['requester', 'coordinator', 'admin', 'viewer'] as const;

describe.each(BACKENDS)('request templates on %s', (backend) => {
  let t: TestApp;
  const as = {} as Record<(typeof ROLES)[number] | 'other', Agent>;
  const ids = {} as Record<(typeof ROLES)[number] | 'other', string>;
  let ministryId: string;
  let requestId: string;

  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true });
    for (const role of ROLES) {
      const [u] = await t.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, `${role}@example.org`));
      ids[role] = u.id;
      as[role] = await sessionAgent(t.app, u.id);
    }
    const other = await buildUser(t.ctx.db, { role: 'requester' });
    ids.other = other.id;
    as.other = await sessionAgent(t.app, other.id);
    ministryId = (await buildMinistry(t.ctx.db, { name: `Youth ${randomUUID()}`, defaultTier: 'C' })).id;
    const today = todayIn(t.ctx.config.churchTimeZone);
    const body = {
      eventTitle: 'Youth Night',
      ministryId,
      promotionStartDate: addDaysIso(today, 20),
      eventStartDate: addDaysIso(today, 41),
      startTime: '18:30',
      location: 'Youth Room',
      expectedAttendance: '80',
      descriptionShort: 'Games, worship and pizza.',
      descriptionLong: 'Every other Friday.',
      targetAudience: 'Students',
      tier: 'C',
      includedChannels: ['sunday_slide'],
      additionalChannels: { banner: true },
      planningCenterAdded: true,
      designDirection: 'freedom',
      designNotes: 'Bright colours',
    };
    const { payload, headers } = multipartRequest(body);
    const res = await as.requester.inject({ method: 'POST', url: '/api/requests', payload, headers });
    expect(res.statusCode, res.body).toBe(201);
    requestId = (res.json() as { id: string }).id;
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.ctx.db.execute(sql`truncate table ${requestTemplates}`);
  });

  function multipartRequest(body: unknown) {
    const boundary = `----lampstand${randomUUID()}`;
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="request"\r\n\r\n${JSON.stringify(body)}\r\n--${boundary}--\r\n`,
    );
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': randomUUID() } };
  }

  const save = (agent: Agent, body: Record<string, unknown>, id = requestId) =>
    agent.inject({ method: 'POST', url: `/api/requests/${id}/template`, payload: body });
  const list = async (agent: Agent) =>
    (await agent.inject({ method: 'GET', url: '/api/request-templates' })).json() as RequestTemplatesResponse;

  it('saving a request as a template keeps its fields but no dates, and fills what the form needs', async () => {
    const res = await save(as.requester, { name: 'Youth Night' });
    expect(res.statusCode, res.body).toBe(200);
    const { items, canSaveChurch } = await list(as.requester);
    expect(canSaveChurch).toBe(false);
    expect(items).toHaveLength(1);
    const [tpl] = items;
    expect([tpl.name, tpl.church, tpl.canManage, tpl.owner?.id]).toEqual(['Youth Night', false, true, ids.requester]);
    expect(tpl.values).toEqual({
      eventTitle: 'Youth Night',
      ministryId,
      startTime: '18:30',
      endTime: '',
      location: 'Youth Room',
      expectedAttendance: '80',
      descriptionShort: 'Games, worship and pizza.',
      descriptionLong: 'Every other Friday.',
      targetAudience: 'Students',
      tier: 'C',
      includedChannels: ['sunday_slide'],
      additionalChannels: { banner: true },
      otherChannelText: '',
      infoLink: '',
      websiteDescription: '',
      registrationLink: '',
      designDirection: 'freedom',
      designNotes: 'Bright colours',
    });
    expect(JSON.stringify(tpl.values)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("own templates are private: others neither list, rename nor delete them; someone else's request is not found", async () => {
    const { id } = (await save(as.requester, { name: 'Mine' })).json() as { id: string };
    expect((await list(as.other)).items).toEqual([]);
    expect((await list(as.coordinator)).items).toEqual([]);
    for (const agent of [as.other, as.coordinator]) {
      expect((await agent.inject({ method: 'PATCH', url: `/api/request-templates/${id}`, payload: { name: 'Taken' } })).statusCode).toBe(
        404,
      );
      expect((await agent.inject({ method: 'DELETE', url: `/api/request-templates/${id}` })).statusCode).toBe(404);
    }
    expect((await save(as.other, { name: 'Stolen' })).statusCode).toBe(404);
    // A coordinator may save anyone's request as their own template.
    expect((await save(as.coordinator, { name: 'From theirs' })).statusCode).toBe(200);
  });

  it('church templates: coordinators save and manage them, every requester starts from them', async () => {
    expect((await save(as.requester, { name: 'For all', church: true })).statusCode).toBe(403);
    const res = await save(as.coordinator, { name: 'Youth Night', church: true });
    expect(res.statusCode).toBe(200);
    const { id } = res.json() as { id: string };
    const seen = await list(as.other);
    expect(seen.items.map((i) => [i.name, i.church, i.canManage])).toEqual([['Youth Night', true, false]]);
    expect((await as.other.inject({ method: 'DELETE', url: `/api/request-templates/${id}` })).statusCode).toBe(403);
    expect(
      (await as.admin.inject({ method: 'PATCH', url: `/api/request-templates/${id}`, payload: { name: 'Youth Night (2)' } })).statusCode,
    ).toBe(200);
    expect((await list(as.requester)).items.map((i) => i.name)).toEqual(['Youth Night (2)']);
    // The viewer submits nothing, so has no templates either.
    expect((await as.viewer.inject({ method: 'GET', url: '/api/request-templates' })).statusCode).toBe(403);
    expect((await as.coordinator.inject({ method: 'DELETE', url: `/api/request-templates/${id}` })).statusCode).toBe(200);
    expect((await list(as.requester)).items).toEqual([]);
  });

  it('names are unique case-blind per owner and within the church; own and church lists are separate', async () => {
    expect((await save(as.requester, { name: 'Youth Night' })).statusCode).toBe(200);
    const again = await save(as.requester, { name: 'YOUTH NIGHT' });
    expect(again.statusCode).toBe(422);
    expect((again.json() as { error: { message: string } }).error.message).toBe('You already have a template with that name.');
    expect((await save(as.coordinator, { name: 'Youth Night' })).statusCode).toBe(200);
    expect((await save(as.coordinator, { name: 'Youth Night', church: true })).statusCode).toBe(200);
    expect((await save(as.admin, { name: 'youth night', church: true })).statusCode).toBe(422);
    expect((await list(as.requester)).items.map((i) => [i.name, i.church])).toEqual([
      ['Youth Night', false],
      ['Youth Night', true],
    ]);
    const blank = await save(as.requester, { name: '  ' });
    expect(blank.statusCode).toBe(400);
  });

  it('two saves of one name at once keep one template', async () => {
    const both = await Promise.all([save(as.requester, { name: 'Twice' }), save(as.requester, { name: 'twice' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect((await list(as.requester)).items).toHaveLength(1);
  });

  it(`a person keeps at most ${OWN_TEMPLATE_LIMIT} templates of their own`, async () => {
    const values = (await save(as.requester, { name: 'First' }), (await list(as.requester)).items[0].values);
    await t.ctx.db
      .insert(requestTemplates)
      .values(Array.from({ length: OWN_TEMPLATE_LIMIT - 1 }, (_, i) => ({ ownerId: ids.requester, name: `Old ${i}`, values })));
    const over = await save(as.requester, { name: 'One more' });
    expect(over.statusCode).toBe(422);
    expect((await list(as.requester)).items).toHaveLength(OWN_TEMPLATE_LIMIT);
  });
});
