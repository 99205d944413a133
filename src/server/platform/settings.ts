import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from './db/client';
import { appSettings } from './db/schema';
import { DEFAULT_LOCK_RULE, LOCK_TIME_PATTERN, type LockRule } from '../../shared/domain/sunday-lock';
import { DEFAULT_DIGEST_TIME, DIGEST_TIME_PATTERN } from '../../shared/domain/email-preferences';
import { scheduledBackupsSchema } from '../../shared/api/backups';

/**
 * Church-wide settings an admin changes in the app (the app_settings table, one row a key). Each
 * key has a schema and a default; a missing row, or a stored value that no longer fits the schema,
 * reads as the default, so a fresh install behaves as documented without any seeding.
 */
const SETTINGS = {
  /**
   * The Sunday lock rule (decision 0055): on or off, and the weekday and time before each Sunday,
   * church time. A value stored as a bare boolean (the switch before the rule had a day and time)
   * reads as that switch with Thursday 12:00.
   */
  sundayAutoLock: {
    schema: z.preprocess(
      (v) => (typeof v === 'boolean' ? { ...DEFAULT_LOCK_RULE, enabled: v } : v),
      z.object({ enabled: z.boolean(), weekday: z.number().int().min(0).max(6), time: z.string().regex(LOCK_TIME_PATTERN) }),
    ),
    fallback: DEFAULT_LOCK_RULE,
  },
  /**
   * Require a second factor of admins and coordinators: those without one are confined
   * to enrollment. Read with every session too (REQUIRE_SECOND_FACTOR_KEY in auth/sessions.ts).
   */
  requireSecondFactor: { schema: z.boolean(), fallback: false },
  /**
   * Whether people may sign in with a password; only an admin turns it off, and only while single
   * sign-on is configured (decision 0036): without OIDC_* the setting is ignored.
   */
  passwordSignIn: { schema: z.boolean(), fallback: true },
  /** When the daily e-mail digest goes, 'HH:MM' church time. */
  digestTime: { schema: z.string().regex(DIGEST_TIME_PATTERN), fallback: DEFAULT_DIGEST_TIME },
  /**
   * Scheduled backups and how many to keep (decision 0054); null until an admin chooses, which
   * means on for the embedded database and on PostgreSQL only when BACKUP_DIR is set (backupSchedule).
   */
  scheduledBackups: { schema: scheduledBackupsSchema.nullable(), fallback: null },
  /**
   * New assignments count as accepted at once instead of waiting for their person's answer
   * (guide/sunday-planning.md#answering-an-assignment). The database reads this key itself when an
   * assignee changes (assignment_response_at_start, migration people_on_sundays).
   */
  assignWithoutAsking: { schema: z.boolean(), fallback: false },
  /** The first-run setup checklist's review steps marked done and the steps dismissed (decision 0059). */
  setupChecklist: {
    schema: z.object({ done: z.array(z.string()), dismissed: z.array(z.string()) }),
    fallback: { done: [] as string[], dismissed: [] as string[] },
  },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;

export async function getSetting<K extends SettingKey>(db: Executor, key: K): Promise<SettingValue<K>> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  const parsed = SETTINGS[key].schema.safeParse(row?.value);
  return (parsed.success ? parsed.data : SETTINGS[key].fallback) as SettingValue<K>;
}

export interface SettingRecord<K extends SettingKey> {
  value: SettingValue<K>;
  updatedAt: Date | null;
  updatedById: string | null;
}

/** The value with who changed it last and when (null for a setting never changed). */
export async function getSettingRecord<K extends SettingKey>(db: Executor, key: K): Promise<SettingRecord<K>> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  const parsed = SETTINGS[key].schema.safeParse(row?.value);
  return {
    value: (parsed.success ? parsed.data : SETTINGS[key].fallback) as SettingValue<K>,
    updatedAt: row?.updatedAt ?? null,
    updatedById: row?.updatedBy ?? null,
  };
}

/** Stores a value (checked against the key's schema), recording who changed it. */
export async function setSetting<K extends SettingKey>(db: Executor, key: K, value: SettingValue<K>, userId: string | null): Promise<void> {
  const checked = SETTINGS[key].schema.parse(value);
  await db
    .insert(appSettings)
    .values({ key, value: checked, updatedBy: userId })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: checked, updatedBy: userId, updatedAt: sql`now()` } });
}

/**
 * The church's Sunday lock rule (weekday, time, or off), for anything that tells people when
 * Sundays lock (the landing copy with `lockRuleSentence`) and for the auto-lock job.
 */
export const sundayLockRule = (db: Executor): Promise<LockRule> => getSetting(db, 'sundayAutoLock');
