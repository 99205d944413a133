import path from 'node:path';

/** Configuration from the environment; every variable is listed in the README. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  seedDemo: boolean;
  appOrigin: string | null;
  /**
   * Whether to believe X-Forwarded-* headers (TRUST_PROXY: true, a hop count, or addresses).
   * Off by default: otherwise any client could pick its own address and dodge the sign-in limits.
   */
  trustProxy: TrustProxy;
  cookieSecure: boolean;
  churchTimeZone: string;
  sessionIdleDays: number;
  outboxPollMs: number;
  reminderIntervalMs: number;
  logLevel: string;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number): number {
  const n = value ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(n) ? n : fallback;
}

export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

function trustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value.trim() === '') return false;
  if (/^\d+$/.test(value.trim())) {
    const hops = Number.parseInt(value, 10);
    return (_address: string, hop: number) => hop < hops;
  }
  const lower = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
  if (['0', 'false', 'no', 'off'].includes(lower)) return false;
  return value.trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || null;
  return {
    port: int(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Lampstand <no-reply@lampstand.local>',
    // The demo church is seeded into an empty embedded database unless SEED_DEMO=0; on PostgreSQL
    // only when asked (npm run seed:demo).
    seedDemo: databaseUrl ? false : bool(env.SEED_DEMO, true),
    appOrigin: env.APP_ORIGIN || null,
    trustProxy: trustProxy(env.TRUST_PROXY),
    cookieSecure: bool(env.COOKIE_SECURE, false),
    churchTimeZone: env.CHURCH_TIME_ZONE || 'America/New_York',
    sessionIdleDays: int(env.SESSION_IDLE_DAYS, 14),
    outboxPollMs: int(env.OUTBOX_POLL_MS, 5000),
    reminderIntervalMs: int(env.REMINDER_INTERVAL_MS, 60 * 60 * 1000),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
