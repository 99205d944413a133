import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHANNELS, DEMO_TIERS, GENERAL_CHANNELS, GENERAL_TIERS } from '../../shared/domain/church-config';
import { CMS_CHANNELS } from '../../shared/domain/channels';
import { BACKENDS, createTestApp, type TestApp } from '../test/harness';
import { buildItem, buildRequest, buildTeam } from '../test/task-fixtures';
import { churchConfig, readChurchConfig } from './church-config';
import { channels, requestItems } from './db/schema';

describe.each(BACKENDS)("the church's configuration on %s", (backend) => {
  describe('a new church (fresh database, no demo)', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp(backend, { churchConfig: 'general' });
    });
    afterAll(async () => app.close());

    it('starts from the general defaults: tiers A, B, C and D, no church words, no contact address', async () => {
      const config = await readChurchConfig(app.ctx.db, 'Europe/Berlin');
      expect(config.tiers.map((t) => t.code)).toEqual(['A', 'B', 'C', 'D']);
      expect(config.tiers).toEqual(GENERAL_TIERS);
      expect(config.channels).toEqual(GENERAL_CHANNELS);
      const words = JSON.stringify(config);
      expect(words).not.toMatch(/Landing|example\.org/);
      expect(config.church).toMatchObject({ churchName: '', contactEmail: null, calendarQuestion: true, calendarRequired: true });
      // No stored time zone: CHURCH_TIME_ZONE rules.
      expect(config.church.effectiveTimeZone).toBe('Europe/Berlin');
    });

    it('every CMS channel of the built-in list goes to the CMS queue, and nothing else does', async () => {
      const config = await churchConfig(app.ctx);
      expect(
        config.channels
          .filter((c) => c.goesToCms)
          .map((c) => c.code)
          .sort(),
      ).toEqual([...CMS_CHANNELS].sort());
    });
  });

  describe('the demo church', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp(backend, { seed: true });
    });
    afterAll(async () => app.close());

    it('gets exactly the tiers A/B/C/L1/L2/D, channels and lead times the app had built in', async () => {
      const config = await readChurchConfig(app.ctx.db, 'America/New_York');
      expect(config.tiers).toEqual(DEMO_TIERS);
      expect(config.tiers.map((t) => [t.code, t.name, t.leadTimeLabel])).toEqual([
        ['A', 'Tier A', '4-6 weeks'],
        ['B', 'Tier B', '3-4 weeks'],
        ['C', 'Tier C', '2 weeks'],
        ['L1', 'Tier L1', '3 weeks'],
        ['L2', 'Tier L2', '2 weeks'],
        ['D', 'Tier D', 'No lead time'],
      ]);
      expect(config.channels).toEqual(DEMO_CHANNELS);
      expect(config.church.contactEmail).toBe('communications@example.org');
    });

    it("its items record their channel's CMS setting", async () => {
      const rows = await app.ctx.db.select({ channel: requestItems.channel, cms: requestItems.goesToCms }).from(requestItems);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.cms, row.channel).toBe((CMS_CHANNELS as readonly string[]).includes(row.channel));
    });
  });

  describe('an item records the CMS setting of its channel when it is made', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp(backend);
    });
    afterAll(async () => app.close());

    it('whoever writes it, and a later change of the channel leaves it alone', async () => {
      const team = await buildTeam(app.ctx.db);
      const request = await buildRequest(app.ctx.db, team.requester.id);
      const before = await buildItem(app.ctx.db, request.id, { channel: 'sunday_slide', status: 'approved' });
      const cms = await buildItem(app.ctx.db, request.id, { channel: 'website_event_page', status: 'approved' });
      await app.ctx.db.update(channels).set({ goesToCms: true }).where(eq(channels.code, 'sunday_slide'));
      await app.ctx.db.update(channels).set({ goesToCms: false }).where(eq(channels.code, 'website_event_page'));
      const after = await buildItem(app.ctx.db, request.id, { channel: 'sunday_slide', status: 'approved' });
      const flag = async (id: string) =>
        (await app.ctx.db.select({ cms: requestItems.goesToCms }).from(requestItems).where(eq(requestItems.id, id)))[0].cms;
      expect(await flag(before.id)).toBe(false);
      expect(await flag(cms.id)).toBe(true);
      expect(await flag(after.id)).toBe(true);
    });
  });
});

describe.each(BACKENDS)('the landing page under the configuration on %s', (backend) => {
  it("a new church's page shows no one church's words: no Landing tier cards, no example address", async () => {
    const app = await createTestApp(backend, { churchConfig: 'general' });
    try {
      const body = (await app.app.inject({ method: 'GET', url: '/api/landing' })).json() as {
        content: Record<string, string>;
        tierKeys: string[];
      };
      expect(body.tierKeys).toEqual(['a', 'b', 'c']);
      expect(body.content.footer_contact).toBe('Questions? Contact the Communications Team.');
    } finally {
      await app.close();
    }
  });

  it('the demo church keeps its five tier cards and its contact address', async () => {
    const app = await createTestApp(backend);
    try {
      const body = (await app.app.inject({ method: 'GET', url: '/api/landing' })).json() as {
        content: Record<string, string>;
        tierKeys: string[];
      };
      expect(body.tierKeys).toEqual(['a', 'b', 'c', 'l1', 'l2']);
      expect(body.content.footer_contact).toBe('Questions? Contact the Communications Team at communications@example.org');
    } finally {
      await app.close();
    }
  });
});
