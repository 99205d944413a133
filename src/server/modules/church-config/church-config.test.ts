import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChurchConfigResponse } from '../../../shared/api/church-config';
import { CONFIG_MESSAGES } from '../../../shared/domain/church-config';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { activityLog, requestItems, requests } from '../../platform/db/schema';
import { sessionAgent } from '../../test/agent';
import { buildMinistry } from '../../test/factories';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { buildTeam, type Team } from '../../test/task-fixtures';

/** A JSON submission as multipart/form-data, the way the form sends it. */
function multipart(request: unknown) {
  const boundary = `----lampstand${randomUUID()}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="request"\r\n\r\n${JSON.stringify(request)}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': randomUUID() } };
}

describe.each(BACKENDS)("configuring the church's tiers, channels and settings on %s", (backend) => {
  let t: TestApp;
  let team: Team;
  let admin: Agent;
  let coordinator: Agent;
  let requester: Agent;
  let ministryId: string;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
    admin = await sessionAgent(t.app, team.admin.id);
    coordinator = await sessionAgent(t.app, team.coordinator.id);
    requester = await sessionAgent(t.app, team.requester.id);
    ministryId = (await buildMinistry(t.ctx.db)).id;
    today = todayIn(t.ctx.config.churchTimeZone);
  });
  afterAll(async () => t.close());

  const read = async () => (await t.app.inject({ method: 'GET', url: '/api/church-config' })).json() as ChurchConfigResponse;
  const tier = async (code: string) => (await read()).tiers.find((x) => x.code === code)!;
  const channel = async (code: string) => (await read()).channels.find((x) => x.code === code)!;
  const put = (agent: Agent, url: string, payload: object) => agent.inject({ method: 'PUT', url, payload });
  const post = (agent: Agent, url: string, payload: object) => agent.inject({ method: 'POST', url, payload });
  const tierBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Tier E',
    examples: 'Online events',
    description: 'A social post and the website.',
    leadTimeDays: 10,
    leadTimeLabel: null,
    channels: ['social_media_story', 'website_event_page'],
    extrasPreapproved: false,
    archived: false,
    ...overrides,
  });

  const submission = (overrides: Record<string, unknown> = {}) => ({
    eventTitle: `Harvest Dinner ${randomUUID().slice(0, 8)}`,
    ministryId,
    promotionStartDate: addDaysIso(today, 20),
    eventStartDate: addDaysIso(today, 41),
    descriptionShort: 'A dinner for the whole church.',
    descriptionLong: 'Food, music and stories.',
    targetAudience: 'Families',
    tier: 'C',
    includedChannels: ['sunday_slide', 'social_media_story'],
    additionalChannels: {},
    planningCenterAdded: true,
    ...overrides,
  });
  const submit = (body: unknown) => requester.inject({ method: 'POST', url: '/api/requests', ...multipart(body) });

  it('anyone reads the configuration, signed in or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/church-config' });
    expect(res.statusCode).toBe(200);
    const config = res.json() as ChurchConfigResponse;
    expect(config.tiers.map((x) => x.code).slice(0, 6)).toEqual(['A', 'B', 'C', 'L1', 'L2', 'D']);
    expect(config.church.effectiveTimeZone).toBe(t.ctx.config.churchTimeZone);
  });

  it('only admins change it: a coordinator is refused and nothing changes', async () => {
    const res = await put(coordinator, '/api/admin/tiers/B', tierBody({ name: 'Renamed' }));
    expect(res.statusCode).toBe(403);
    expect((await tier('B')).name).toBe('Tier B');
    expect((await post(coordinator, '/api/admin/channels', { code: 'x', label: 'X' })).statusCode).toBe(403);
    expect((await put(coordinator, '/api/admin/church', { ...(await read()).church, churchName: 'No' })).statusCode).toBe(403);
  });

  it('refuses a tier without a name, a negative lead time, a duplicate code or an unknown channel, with nothing changed', async () => {
    const before = await read();
    const cases: Array<[object, string, string]> = [
      [{ code: 'Q', ...tierBody({ name: '  ' }) }, 'name', CONFIG_MESSAGES.name],
      [{ code: 'Q', ...tierBody({ leadTimeDays: -1 }) }, 'leadTimeDays', CONFIG_MESSAGES.leadTimeDays],
      [{ code: 'b', ...tierBody() }, 'code', CONFIG_MESSAGES.duplicateCode],
      [{ code: 'E E', ...tierBody() }, 'code', CONFIG_MESSAGES.code],
      [{ code: 'Q', ...tierBody({ channels: ['no_such_channel'] }) }, 'channels', CONFIG_MESSAGES.unknownChannel],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(admin, '/api/admin/tiers', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error).toMatchObject({ message, fields: { [field]: message } });
    }
    const edit = await put(admin, '/api/admin/tiers/B', tierBody({ name: '' }));
    expect(edit.statusCode).toBe(400);
    expect((await post(admin, '/api/admin/channels', { code: 'banner', label: 'Banner again' })).statusCode).toBe(400);
    expect((await post(admin, '/api/admin/channels', { code: 'new_one', label: ' ' })).json().error.fields).toEqual({
      label: CONFIG_MESSAGES.label,
    });
    const badRule = { code: 'cap_one', label: 'Cap', capacityPer: 'day', capacity: 0, runWeeks: 0, leadTimeDays: -1 };
    expect((await post(admin, '/api/admin/channels', badRule)).json().error.fields).toEqual({
      capacityPer: CONFIG_MESSAGES.capacityPer,
      capacity: CONFIG_MESSAGES.capacity,
      runWeeks: CONFIG_MESSAGES.runWeeks,
      leadTimeDays: CONFIG_MESSAGES.leadTimeDays,
    });
    expect((await put(admin, '/api/admin/tiers/ZZ', tierBody())).statusCode).toBe(404);
    expect(await read()).toEqual(before);
  });

  it('refuses church settings that cannot work', async () => {
    const church = { ...(await read()).church };
    const bad = [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ contactEmail: 'not an address' }, 'contactEmail'],
      [{ calendarName: '' }, 'calendarName'],
      [{ promotionMinDays: -3 }, 'promotionMinDays'],
    ] as const;
    for (const [change, field] of bad) {
      const res = await put(admin, '/api/admin/church', { ...church, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
    }
    expect((await read()).church).toEqual(church);
  });

  it('a new tier is offered at once and makes its own items; the request keeps the lead time it was submitted with', async () => {
    const res = await post(admin, '/api/admin/tiers', { code: 'E', ...tierBody() });
    expect(res.statusCode).toBe(200);
    expect((res.json() as ChurchConfigResponse).tiers.at(-1)).toMatchObject({ code: 'E', name: 'Tier E' });
    const sent = await submit(submission({ tier: 'E', includedChannels: ['website_event_page'], additionalChannels: { banner: true } }));
    expect(sent.statusCode).toBe(201);
    const { id } = sent.json() as { id: string };
    const [request] = await t.ctx.db.select().from(requests).where(eq(requests.id, id));
    expect(request).toMatchObject({ tier: 'E', leadTimeDays: 10 });
    const items = await t.ctx.db.select().from(requestItems).where(eq(requestItems.requestId, id));
    expect(items.map((i) => [i.channel, i.isAdditionalRequest, i.additionalRequestStatus, i.goesToCms]).sort()).toEqual([
      ['banner', true, 'pending', false],
      ['website_event_page', false, 'approved', true],
    ]);

    // Editing the tier afterwards never rewrites the request or its items.
    await put(admin, '/api/admin/tiers/E', tierBody({ name: 'Online', leadTimeDays: 30, channels: ['sunday_slide'] }));
    const [after] = await t.ctx.db.select().from(requests).where(eq(requests.id, id));
    expect(after).toMatchObject({ tier: 'E', leadTimeDays: 10, version: request.version });
    expect(await t.ctx.db.select().from(requestItems).where(eq(requestItems.requestId, id))).toEqual(items);
  });

  it('archiving is removing: an archived tier or channel is not offered, existing requests and items stay as they were', async () => {
    const sent = await submit(submission({ tier: 'C', includedChannels: ['sunday_slide', 'social_media_story'] }));
    const { id } = sent.json() as { id: string };
    const items = await t.ctx.db.select().from(requestItems).where(eq(requestItems.requestId, id));

    const archive = await put(admin, '/api/admin/channels/social_media_story', {
      ...(await channel('social_media_story')),
      archived: true,
    });
    expect(archive.statusCode).toBe(200);
    expect(await channel('social_media_story')).toMatchObject({ archived: true, label: 'Instagram Story' });
    expect(await t.ctx.db.select().from(requestItems).where(eq(requestItems.requestId, id))).toEqual(items);
    const refused = await submit(submission({ tier: 'C', includedChannels: ['social_media_story'] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(CONFIG_MESSAGES.unknownChannelChosen);

    await put(admin, '/api/admin/tiers/C', { ...(await tier('C')), archived: true });
    expect(await tier('C')).toMatchObject({ archived: true, name: 'Tier C' });
    const noTier = await submit(submission({ tier: 'C', includedChannels: [] }));
    expect(noTier.statusCode).toBe(400);
    expect(noTier.json().error.fields).toMatchObject({ tier: 'Communication tier is required.' });
    const [request] = await t.ctx.db.select().from(requests).where(eq(requests.id, id));
    expect(request.tier).toBe('C');

    // Brought back, both are offered again.
    await put(admin, '/api/admin/tiers/C', { ...(await tier('C')), archived: false });
    await put(admin, '/api/admin/channels/social_media_story', { ...(await channel('social_media_story')), archived: false });
    expect((await submit(submission())).statusCode).toBe(201);
  });

  it("keeps a channel's capacity, run and lead-time rule as the admin sets it", async () => {
    const before = await channel('print_posters');
    expect(before).toMatchObject({ capacityPer: 'week', capacity: null, runWeeks: 1, leadTimeDays: 14 });
    const res = await put(admin, '/api/admin/channels/print_posters', {
      ...before,
      capacityPer: 'sunday',
      capacity: 3,
      runWeeks: null,
      leadTimeDays: 21,
    });
    expect(res.statusCode).toBe(200);
    expect(await channel('print_posters')).toMatchObject({ capacityPer: 'sunday', capacity: 3, runWeeks: null, leadTimeDays: 21 });
    await put(admin, '/api/admin/channels/print_posters', before);
    expect(await channel('print_posters')).toEqual(before);
  });

  it("a channel's CMS setting applies to items made after the change only", async () => {
    const first = (await submit(submission({ tier: 'C', includedChannels: ['sunday_slide'] }))).json() as { id: string };
    await put(admin, '/api/admin/channels/sunday_slide', { ...(await channel('sunday_slide')), goesToCms: true, label: 'Slides' });
    const second = (await submit(submission({ tier: 'C', includedChannels: ['sunday_slide'] }))).json() as { id: string };
    const flag = async (id: string) =>
      (await t.ctx.db.select({ cms: requestItems.goesToCms }).from(requestItems).where(eq(requestItems.requestId, id)))[0].cms;
    expect(await flag(first.id)).toBe(false);
    expect(await flag(second.id)).toBe(true);
    await put(admin, '/api/admin/channels/sunday_slide', {
      ...(await channel('sunday_slide')),
      goesToCms: false,
      label: 'Sunday Slide Deck',
    });
  });

  it('a channel that always needs approval makes additional requests of it pending, even on a tier whose extras are pre-approved', async () => {
    await put(admin, '/api/admin/channels/facebook_event', { ...(await channel('facebook_event')), needsApproval: true });
    const sent = await submit(
      submission({
        tier: 'A',
        includedChannels: [],
        additionalChannels: { facebook_event: true, print_posters: true },
        eventTitle: 'Gala',
      }),
    );
    const { id } = sent.json() as { id: string };
    const items = await t.ctx.db.select().from(requestItems).where(eq(requestItems.requestId, id));
    expect(Object.fromEntries(items.map((i) => [i.channel, i.additionalRequestStatus]))).toEqual({ print_posters: 'approved' });
    // facebook_event is one of tier A's own channels, so it is no extra there; on tier C it is.
    const onC = (await submit(submission({ additionalChannels: { facebook_event: true } }))).json() as { id: string };
    const extra = await t.ctx.db
      .select()
      .from(requestItems)
      .where(and(eq(requestItems.requestId, onC.id), eq(requestItems.channel, 'facebook_event')));
    expect(extra[0].additionalRequestStatus).toBe('pending');
    await put(admin, '/api/admin/channels/facebook_event', { ...(await channel('facebook_event')), needsApproval: false });
  });

  it('the calendar question: a No blocks by default; asked but not required, or not asked, a No or no answer submits', async () => {
    const church = (await read()).church;
    const blocked = await submit(submission({ planningCenterAdded: false }));
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().error.message).toBe('Event must be on Planning Center calendar.');

    await put(admin, '/api/admin/church', { ...church, calendarName: 'Church Center' });
    const renamed = await submit(submission({ planningCenterAdded: false }));
    expect(renamed.json().error.message).toBe('Event must be on Church Center calendar.');

    await put(admin, '/api/admin/church', { ...church, calendarRequired: false });
    expect((await submit(submission({ planningCenterAdded: false }))).statusCode).toBe(201);
    expect((await submit(submission({ planningCenterAdded: null }))).statusCode).toBe(400);

    await put(admin, '/api/admin/church', { ...church, calendarQuestion: false });
    expect((await submit(submission({ planningCenterAdded: undefined }))).statusCode).toBe(201);
    expect((await submit(submission({ planningCenterAdded: false }))).statusCode).toBe(201);

    await put(admin, '/api/admin/church', church);
  });

  it('the minimum notice of a promotion start is a church setting', async () => {
    const church = (await read()).church;
    const early = submission({ promotionStartDate: addDaysIso(today, 10) });
    expect((await submit(early)).json().error.message).toBe('Promotion must start at least 2 weeks from today.');
    await put(admin, '/api/admin/church', { ...church, promotionMinDays: 5 });
    expect((await submit({ ...early, eventTitle: 'Five days' })).statusCode).toBe(201);
    await put(admin, '/api/admin/church', { ...church, promotionMinDays: 25 });
    expect((await submit({ ...early, eventTitle: 'Too soon' })).json().error.message).toBe(
      'Promotion must start at least 25 days from today.',
    );
    await put(admin, '/api/admin/church', church);
  });

  it("the church's time zone: stored, it is the one every date rule reads; cleared, CHURCH_TIME_ZONE is again", async () => {
    const church = (await read()).church;
    const envZone = t.ctx.config.churchTimeZone;
    const zone = envZone === 'Pacific/Auckland' ? 'Europe/Berlin' : 'Pacific/Auckland';
    const res = await put(admin, '/api/admin/church', {
      ...church,
      timeZone: zone,
      churchName: 'Grace Church',
      contactEmail: 'office@grace.test',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as ChurchConfigResponse).church).toMatchObject({
      timeZone: zone,
      effectiveTimeZone: zone,
      churchName: 'Grace Church',
    });
    expect(t.ctx.config.churchTimeZone).toBe(zone);
    await put(admin, '/api/admin/church', { ...church, timeZone: '' });
    expect((await read()).church).toMatchObject({ timeZone: null, effectiveTimeZone: envZone });
    expect(t.ctx.config.churchTimeZone).toBe(envZone);
  });

  it('reorders tiers and channels, refusing an order that leaves one out', async () => {
    const codes = (await read()).tiers.map((x) => x.code);
    const reversed = [...codes].reverse();
    expect((await put(admin, '/api/admin/tier-order', { codes: reversed.slice(1) })).json().error.message).toBe(CONFIG_MESSAGES.order);
    const res = await put(admin, '/api/admin/tier-order', { codes: reversed });
    expect((res.json() as ChurchConfigResponse).tiers.map((x) => x.code)).toEqual(reversed);
    await put(admin, '/api/admin/tier-order', { codes });
    const channels = (await read()).channels.map((c) => c.code);
    const moved = [channels[1], channels[0], ...channels.slice(2)];
    expect(
      ((await put(admin, '/api/admin/channel-order', { codes: moved })).json() as ChurchConfigResponse).channels.map((c) => c.code),
    ).toEqual(moved);
  });

  it('every change is written to the activity log with who made it', async () => {
    await put(admin, '/api/admin/tiers/D', { ...(await tier('D')), description: 'Private events only.' });
    await post(admin, '/api/admin/tiers', { code: 'LOG', ...tierBody() });
    await put(admin, '/api/admin/channels/banner', { ...(await channel('banner')), archived: true });
    await put(admin, '/api/admin/channels/banner', { ...(await channel('banner')), archived: false });
    const rows = await t.ctx.db
      .select()
      .from(activityLog)
      .where(and(isNull(activityLog.requestId), eq(activityLog.actionType, 'church_config_changed')));
    expect(rows.some((r) => r.userId === team.admin.id && r.notes === 'Changed tier D (Tier D)')).toBe(true);
    expect(rows.some((r) => r.notes === 'Archived channel banner (Banner)')).toBe(true);
    expect(rows.some((r) => r.notes === 'Restored channel banner (Banner)')).toBe(true);
    expect(rows.some((r) => r.notes === 'Added tier LOG (Tier E)')).toBe(true);
  });
});
