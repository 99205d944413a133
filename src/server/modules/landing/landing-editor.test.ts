import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANDING_DEFAULTS, LANDING_SECTIONS, LANDING_LINE_MAX, FAQ_QUESTION_MAX, landingSections } from '../../../shared/domain/landing';
import type { LandingEditor } from '../../../shared/api/landing';
import { landingPageContent, landingPageFaqs } from '../../platform/db/schema';
import { sessionAgent } from '../../test/agent';
import { withTableGone } from '../../test/faults';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';

const faq = (question: string, active = true) => ({ id: randomUUID(), question, answer: `Answer to ${question}`, active });

describe.each(BACKENDS)('landing editor on %s', (backend) => {
  let t: TestApp;
  let admin: Agent;
  let coordinator: Agent;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'admin' })).id);
    coordinator = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'coordinator' })).id);
  });
  afterAll(async () => t.close());
  // Each test starts from nothing stored: the landing page is one page for the whole app.
  beforeEach(async () => {
    await t.ctx.db.delete(landingPageContent);
    await t.ctx.db.delete(landingPageFaqs);
  });

  const read = async () => (await admin.inject({ method: 'GET', url: '/api/admin/landing' })).json<LandingEditor>();
  const save = (payload: unknown, agent: Agent = admin) =>
    agent.inject({ method: 'PUT', url: '/api/admin/landing', payload: payload as object });
  const publicPage = () => t.app.inject({ method: 'GET', url: '/api/landing' });

  it('shows every section and a card for each live tier, with its built-in default when nothing is stored', async () => {
    const editor = await read();
    expect(editor.tiers.map((tier) => [tier.key, tier.name])).toEqual([
      ['a', 'Tier A'],
      ['b', 'Tier B'],
      ['c', 'Tier C'],
      ['l1', 'Tier L1'],
      ['l2', 'Tier L2'],
      ['d', 'Tier D'],
    ]);
    expect(Object.keys(editor.content)).toEqual(landingSections(['a', 'b', 'c', 'l1', 'l2', 'd']));
    for (const section of LANDING_SECTIONS) expect(editor.content[section]).toBe(LANDING_DEFAULTS[section]);
    expect(editor.defaults).toEqual(editor.content);
    expect(editor.faqs).toEqual([]);
    expect(editor.content.tier_a_name).toBe('Major Event');
    expect(editor.content.tier_a_description).toBe('Church-wide events that need every channel.');
    expect(editor.content.tier_b_features.split('\n')).toContain('No stage announcement');
    expect(editor.content.tier_l2_lead_time).toMatch(/3/);
    // Tier D is not promoted: its card is there to edit, and hidden unless the admin shows it.
    expect([editor.content.tier_a_shown, editor.content.tier_d_shown]).toEqual(['yes', 'no']);
  });

  it("the demo church's public page reads its built-in copy: five cards in order, Tier D's hidden", async () => {
    const page = (await publicPage()).json();
    expect(page.tierKeys).toEqual(['a', 'b', 'c', 'l1', 'l2']);
    expect([page.content.tier_b_name, page.content.tier_b_lead_time]).toEqual(['Standard Event', '4 Business Days']);
    expect(page.content.tier_l1_features).toBe(
      ['Sunday slide deck', 'Landing slide deck', 'Landing and church social', 'Both website calendars', 'No stage announcement'].join(
        '\n',
      ),
    );
    expect(page.content.tier_d_name).toBeUndefined();
  });

  it('a tier the church makes gets a card at once, built from its configuration; the admin edits, hides and archives it', async () => {
    const tier = {
      code: 'Y1',
      name: 'Youth Night',
      examples: 'Student events on Friday nights',
      description: 'A slide and a banner.',
      leadTimeDays: 10,
      leadTimeLabel: null,
      channels: ['sunday_slide', 'banner'],
      extrasPreapproved: false,
      archived: false,
    };
    expect((await admin.inject({ method: 'POST', url: '/api/admin/tiers', payload: tier })).statusCode).toBe(200);
    const update = (changes: object) =>
      admin.inject({ method: 'PUT', url: '/api/admin/tiers/Y1', payload: { ...tier, code: undefined, ...changes } });
    try {
      const page = (await publicPage()).json();
      expect(page.tierKeys).toEqual(['a', 'b', 'c', 'l1', 'l2', 'y1']);
      expect(page.content).toMatchObject({
        tier_y1_name: 'Youth Night',
        tier_y1_lead_time: '10 days',
        tier_y1_description: 'Student events on Friday nights',
        tier_y1_features: 'Sunday Slide Deck\nBanner',
      });
      const editor = await read();
      expect(editor.tiers.at(-1)).toEqual({ key: 'y1', code: 'Y1', name: 'Youth Night' });

      const saved = await save({
        content: { ...editor.content, tier_y1_name: 'Friday Youth Night', tier_y1_features: 'Slides\nNo print' },
        faqs: [],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await publicPage()).json().content).toMatchObject({
        tier_y1_name: 'Friday Youth Night',
        tier_y1_features: 'Slides\nNo print',
      });

      await save({ content: { ...editor.content, tier_y1_shown: 'no' }, faqs: [] });
      expect((await publicPage()).json().tierKeys).not.toContain('y1');
      await save({ content: { ...editor.content, tier_y1_shown: 'yes' }, faqs: [] });
      expect((await publicPage()).json().tierKeys).toContain('y1');
    } finally {
      expect((await update({ archived: true })).statusCode).toBe(200);
    }
    expect((await publicPage()).json().tierKeys).not.toContain('y1');
    expect((await read()).tiers.map((t) => t.key)).not.toContain('y1');
  });

  it('refuses the editor to a coordinator and to a visitor, on the server', async () => {
    const body = { content: { ...LANDING_DEFAULTS, hero_heading: 'Coordinator was here' }, faqs: [] };
    expect((await coordinator.inject({ method: 'GET', url: '/api/admin/landing' })).statusCode).toBe(403);
    expect((await save(body, coordinator)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/landing', payload: body })).statusCode).toBe(401);
    expect((await publicPage()).json().content.hero_heading).toBe(LANDING_DEFAULTS.hero_heading);
  });

  it('saves the sections and the FAQs in order, answers the saved state, and the public page shows them', async () => {
    const first = faq('When should I submit?');
    const hidden = faq('A draft question', false);
    const second = faq('Who designs the slides?');
    const res = await save({ content: { ...LANDING_DEFAULTS, hero_heading: 'Welcome, ministries' }, faqs: [first, hidden, second] });
    expect(res.statusCode).toBe(200);
    const saved = res.json<LandingEditor>();
    expect(saved.content.hero_heading).toBe('Welcome, ministries');
    expect(saved.faqs.map((f) => [f.id, f.orderIndex, f.active])).toEqual([
      [first.id, 0, true],
      [hidden.id, 1, false],
      [second.id, 2, true],
    ]);
    expect(await read()).toEqual(saved);
    const page = await publicPage();
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.json().content.hero_heading).toBe('Welcome, ministries');
    expect(page.json().faqs.map((f: { question: string }) => f.question)).toEqual([first.question, second.question]);
  });

  it('reorders, edits and deletes FAQs: ids left out are removed, the rest upserted', async () => {
    const [a, b, c] = [faq('A'), faq('B'), faq('C')];
    await save({ content: LANDING_DEFAULTS, faqs: [a, b, c] });
    const res = await save({ content: LANDING_DEFAULTS, faqs: [{ ...c, question: 'C edited' }, a] });
    expect(res.statusCode).toBe(200);
    expect(res.json<LandingEditor>().faqs.map((f) => [f.id, f.question, f.orderIndex])).toEqual([
      [c.id, 'C edited', 0],
      [a.id, 'A', 1],
    ]);
    expect((await save({ content: LANDING_DEFAULTS, faqs: [] })).json<LandingEditor>().faqs).toEqual([]);
    expect((await publicPage()).json().faqs).toEqual([]);
  });

  it('a blank section falls back to its default; stored text is never turned into markup', async () => {
    const markup = '<img src=x onerror=alert(1)>';
    await save({ content: { ...LANDING_DEFAULTS, hero_subheading: '   ', footer_contact: markup }, faqs: [] });
    const content = (await publicPage()).json().content;
    expect(content.hero_subheading).toBe(LANDING_DEFAULTS.hero_subheading);
    expect(content.footer_contact).toBe(markup);
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const kept = faq('Kept');
    await save({ content: { ...LANDING_DEFAULTS, hero_heading: 'Before' }, faqs: [kept] });
    const before = await read();
    const bad = [
      { content: { ...LANDING_DEFAULTS, hero_heading: 'x'.repeat(LANDING_LINE_MAX + 1) }, faqs: [] },
      { content: { ...LANDING_DEFAULTS, hero_heading: 'Nul \u0000 here' }, faqs: [] },
      { content: { ...LANDING_DEFAULTS, unknown_section: 'x' }, faqs: [] },
      { content: { ...LANDING_DEFAULTS, tier_zz_name: 'A tier the church does not have' }, faqs: [] },
      { content: { ...LANDING_DEFAULTS, tier_a_shown: 'maybe' }, faqs: [] },
      { content: { ...LANDING_DEFAULTS, tier_a_features: 'x'.repeat(2000) }, faqs: [] },
      { content: { hero_heading: 'Only one' }, faqs: [] },
      { content: LANDING_DEFAULTS, faqs: [{ ...faq('x'.repeat(FAQ_QUESTION_MAX + 1)) }] },
      { content: LANDING_DEFAULTS, faqs: [{ ...faq('Q'), answer: '  ' }] },
      { content: LANDING_DEFAULTS, faqs: [{ ...faq('Q'), id: 'not-a-uuid' }] },
      { content: LANDING_DEFAULTS, faqs: [kept, kept] },
      { content: LANDING_DEFAULTS, faqs: [{ ...faq('Q'), answer: 'Nul \u0000' }] },
    ];
    for (const payload of bad) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
    }
    expect(await read()).toEqual(before);
  });

  it('is one transaction: a failing FAQ write leaves the content unchanged', async () => {
    await save({ content: { ...LANDING_DEFAULTS, hero_heading: 'Before the failure' }, faqs: [faq('Stays')] });
    const before = await read();
    const res = await withTableGone(t.ctx.db, 'landing_page_faqs', () =>
      save({ content: { ...LANDING_DEFAULTS, hero_heading: 'Half a save' }, faqs: [faq('New')] }),
    );
    expect(res.statusCode).toBe(500);
    expect(await read()).toEqual(before);
  });

  it('tells signed-in browsers after the save commits (topic landing, every rank)', async () => {
    const published: unknown[] = [];
    const original = t.ctx.bus.publish.bind(t.ctx.bus);
    t.ctx.bus.publish = async (events) => {
      published.push(...events);
      return original(events);
    };
    try {
      await save({ content: LANDING_DEFAULTS, faqs: [] });
    } finally {
      t.ctx.bus.publish = original;
    }
    expect(published).toEqual([{ topic: 'landing', audience: { minRole: 'viewer' } }]);
  });
});
