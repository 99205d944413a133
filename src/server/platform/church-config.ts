import { asc, sql } from 'drizzle-orm';
import {
  configChannelLabel,
  DEMO_CHANNELS,
  DEMO_CHURCH,
  DEMO_TIERS,
  type ChannelConfig,
  type ChurchConfig,
  type ChurchSettings,
  type TierConfig,
} from '../../shared/domain/church-config';
import type { AppContext } from './context';
import type { Executor } from './db/client';
import { channels, churchSettings, tiers } from './db/schema';
import type { AppEvent, EventBus } from './events/bus';
import { platformLog } from './log';

/**
 * The church's configuration (decision 0056), read once per instance and kept until it changes:
 * every change publishes the 'church-config' event, which drops this instance's copy at once (before
 * NOTIFY goes round) and the other instances' on arrival; a gap in the notices drops it too.
 */
export const CHURCH_CONFIG_TOPIC = 'church-config';

/** The event a configuration change publishes after its commit; browsers refetch the configuration. */
export const churchConfigChanged = (): AppEvent => ({ topic: CHURCH_CONFIG_TOPIC, audience: { minRole: 'viewer' } });

export async function readChurchConfig(db: Executor, envTimeZone: string): Promise<ChurchConfig> {
  const [settingsRows, tierRows, channelRows] = [
    await db.select().from(churchSettings),
    await db.select().from(tiers).orderBy(asc(tiers.position), asc(tiers.code)),
    await db.select().from(channels).orderBy(asc(channels.position), asc(channels.code)),
  ];
  const row = settingsRows[0];
  const church: ChurchSettings = row
    ? {
        churchName: row.churchName,
        timeZone: row.timeZone,
        contactEmail: row.contactEmail,
        calendarQuestion: row.calendarQuestion,
        calendarName: row.calendarName,
        calendarRequired: row.calendarRequired,
        promotionMinDays: row.promotionMinDays,
        proofNudgeDays: row.proofNudgeDays,
        nudgeEscalateDays: row.nudgeEscalateDays,
        stageStuckDays: row.stageStuckDays,
      }
    : { ...DEMO_CHURCH, churchName: '', contactEmail: null };
  return {
    church: { ...church, effectiveTimeZone: church.timeZone ?? envTimeZone },
    tiers: tierRows.map((t): TierConfig => ({
      code: t.code,
      name: t.name,
      examples: t.examples,
      description: t.description,
      leadTimeDays: t.leadTimeDays,
      leadTimeLabel: t.leadTimeLabel,
      channels: t.channels,
      extrasPreapproved: t.extrasPreapproved,
      position: t.position,
      archived: t.archived,
    })),
    channels: channelRows.map((c): ChannelConfig => ({
      code: c.code,
      label: c.label,
      needsApproval: c.needsApproval,
      goesToCms: c.goesToCms,
      capacityPer: c.capacityPer === 'sunday' ? 'sunday' : 'week',
      capacity: c.capacity,
      runWeeks: c.runWeeks,
      leadTimeDays: c.leadTimeDays,
      position: c.position,
      archived: c.archived,
    })),
  };
}

class ChurchConfigCache {
  private current: Promise<ChurchConfig> | null = null;

  constructor(
    private readonly ctx: AppContext,
    /** CHURCH_TIME_ZONE as configured at start: the time zone while the church has none stored. */
    private readonly envTimeZone: string,
  ) {}

  get(): Promise<ChurchConfig> {
    if (!this.current) {
      const loading = readChurchConfig(this.ctx.db, this.envTimeZone).then((config) => {
        // ctx.config.churchTimeZone is the time zone every date rule reads: the church's own. Every
        // read is of committed rows, so whichever read ends last wrote what is current.
        this.ctx.config.churchTimeZone = config.church.effectiveTimeZone;
        return config;
      });
      this.current = loading;
      loading.catch(() => {
        if (this.current === loading) this.current = null;
      });
    }
    return this.current;
  }

  forget(): void {
    this.current = null;
    // Read again now, so the time zone every date rule reads follows a change made on any instance.
    this.get().catch((err) => platformLog().warn({ err }, 'could not read the church configuration again'));
  }

  watch(bus: EventBus): () => void {
    const onEvent = (event: AppEvent) => {
      if (event.topic === CHURCH_CONFIG_TOPIC) this.forget();
    };
    const stops = [bus.subscribeOwn(onEvent), bus.subscribe(onEvent), bus.onGap(() => this.forget())];
    return () => stops.forEach((stop) => stop());
  }
}

const caches = new WeakMap<AppContext, { cache: ChurchConfigCache; stop: () => void }>();

/**
 * Reads the configuration into this instance's copy and keeps it current (called once when the app
 * is built); returns the stop for the app's close.
 */
export async function attachChurchConfig(ctx: AppContext): Promise<() => void> {
  const existing = caches.get(ctx);
  if (existing) return existing.stop;
  const cache = new ChurchConfigCache(ctx, ctx.config.churchTimeZone);
  const stop = cache.watch(ctx.bus);
  caches.set(ctx, { cache, stop });
  await cache.get();
  return stop;
}

/** The church's configuration: this instance's copy (read once, dropped on every change). */
export function churchConfig(ctx: AppContext): Promise<ChurchConfig> {
  let entry = caches.get(ctx);
  if (!entry) {
    const cache = new ChurchConfigCache(ctx, ctx.config.churchTimeZone);
    entry = { cache, stop: cache.watch(ctx.bus) };
    caches.set(ctx, entry);
  }
  return entry.cache.get();
}

/**
 * How the church names its channels: the one way server text (notifications, e-mails, calendar
 * feeds, CSV exports) turns a channel code into words, from this instance's copy of the
 * configuration; a code the configuration does not know reads as itself.
 */
export async function channelLabels(ctx: AppContext): Promise<(code: string) => string> {
  const config = await churchConfig(ctx);
  return (code) => configChannelLabel(config, code);
}

/**
 * Writes the demo church's configuration over the general defaults the migration inserted: exactly
 * the tiers A/B/C/L1/L2/D, channels, lead times and words the app had built in.
 */
export async function writeDemoChurchConfig(db: Executor): Promise<void> {
  for (const c of DEMO_CHANNELS) {
    await db
      .insert(channels)
      .values(c)
      .onConflictDoUpdate({
        target: channels.code,
        set: {
          label: c.label,
          needsApproval: c.needsApproval,
          goesToCms: c.goesToCms,
          capacityPer: c.capacityPer,
          capacity: c.capacity,
          runWeeks: c.runWeeks,
          leadTimeDays: c.leadTimeDays,
          position: c.position,
          archived: false,
        },
      });
  }
  for (const t of DEMO_TIERS) {
    const { code, ...rest } = t;
    await db.insert(tiers).values(t).onConflictDoUpdate({ target: tiers.code, set: rest });
  }
  await db
    .insert(churchSettings)
    .values({ id: 1, ...DEMO_CHURCH })
    .onConflictDoUpdate({ target: churchSettings.id, set: { ...DEMO_CHURCH, updatedAt: sql`now()` } });
}
