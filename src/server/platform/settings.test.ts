import { DEFAULT_LOCK_RULE } from '../../shared/domain/sunday-lock';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../test/harness';
import { buildUser } from '../test/factories';
import { appSettings } from './db/schema';
import { getSetting, getSettingRecord, setSetting } from './settings';

const ON = DEFAULT_LOCK_RULE;
const OFF = { ...DEFAULT_LOCK_RULE, enabled: false };

describe.each(BACKENDS)('app settings on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.ctx.db.delete(appSettings);
  });

  it('sundayAutoLock is on, Thursday 12:00, when no row says otherwise', async () => {
    expect(await getSetting(t.ctx.db, 'sundayAutoLock')).toEqual(ON);
    expect(await getSettingRecord(t.ctx.db, 'sundayAutoLock')).toEqual({ value: ON, updatedAt: null, updatedById: null });
  });

  it('a switch stored as a bare boolean reads as that switch with Thursday 12:00', async () => {
    await t.ctx.db.insert(appSettings).values({ key: 'sundayAutoLock', value: false });
    expect(await getSetting(t.ctx.db, 'sundayAutoLock')).toEqual(OFF);
  });

  it('stores a value, overwrites it, and records who changed it', async () => {
    const admin = await buildUser(t.ctx.db, { role: 'admin' });
    await setSetting(t.ctx.db, 'sundayAutoLock', OFF, admin.id);
    expect(await getSetting(t.ctx.db, 'sundayAutoLock')).toEqual(OFF);
    const record = await getSettingRecord(t.ctx.db, 'sundayAutoLock');
    expect(record.updatedById).toBe(admin.id);
    expect(record.updatedAt).toBeInstanceOf(Date);
    await setSetting(t.ctx.db, 'sundayAutoLock', ON, null);
    expect(await getSetting(t.ctx.db, 'sundayAutoLock')).toEqual(ON);
    expect(await t.ctx.db.select().from(appSettings)).toHaveLength(1);
  });

  it('a stored value of the wrong shape reads as the default, and a wrong value is refused', async () => {
    await t.ctx.db.insert(appSettings).values({ key: 'sundayAutoLock', value: 'yes' });
    expect(await getSetting(t.ctx.db, 'sundayAutoLock')).toEqual(ON);
    await expect(setSetting(t.ctx.db, 'sundayAutoLock', 'no' as unknown as typeof ON, null)).rejects.toThrow();
    const [row] = await t.ctx.db.select().from(appSettings).where(eq(appSettings.key, 'sundayAutoLock'));
    expect(row.value).toBe('yes');
  });
});
