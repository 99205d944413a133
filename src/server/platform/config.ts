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
  /**
   * The origin of every e-mailed link: APP_ORIGIN, or without it http://localhost:PORT, fixed at
   * start-up and said in the start-up log. Never taken from a request's Host header, which the
   * client (or a proxy passing it through) chooses.
   */
  appOrigin: string;
  /** Whether APP_ORIGIN was given: only then is it the one origin the CSRF check accepts. */
  appOriginConfigured: boolean;
  /**
   * Whether to believe X-Forwarded-* headers (TRUST_PROXY: true, a hop count, or addresses).
   * Off by default: otherwise any client could pick its own address and dodge the sign-in limits.
   */
  trustProxy: TrustProxy;
  cookieSecure: boolean;
  churchTimeZone: string;
  sessionIdleDays: number;
  /**
   * How long a request may reuse the session and user read by an earlier request of the same
   * session instead of reading them again (SESSION_CACHE_MS, 0 turns the cache off). Every
   * sign-out, deactivation, role or password change drops the entry at once on every instance
   * (decision 0028); the lifetime only bounds a change made behind the app's back.
   */
  sessionCacheMs: number;
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

/** APP_ORIGIN as an origin (scheme, host and port; a trailing slash or path is dropped). */
function origin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`APP_ORIGIN is not a URL: ${value} (e.g. APP_ORIGIN=https://lampstand.example.org).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`APP_ORIGIN must start with http:// or https://: ${value}`);
  }
  return url.origin;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || null;
  const port = int(env.PORT, 3000);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Lampstand <no-reply@lampstand.local>',
    // The demo church is seeded into an empty embedded database unless SEED_DEMO=0; on PostgreSQL
    // only when asked (npm run seed:demo).
    seedDemo: databaseUrl ? false : bool(env.SEED_DEMO, true),
    appOrigin: env.APP_ORIGIN ? origin(env.APP_ORIGIN) : `http://localhost:${port}`,
    appOriginConfigured: !!env.APP_ORIGIN,
    trustProxy: trustProxy(env.TRUST_PROXY),
    cookieSecure: bool(env.COOKIE_SECURE, false),
    churchTimeZone: env.CHURCH_TIME_ZONE || 'America/New_York',
    sessionIdleDays: int(env.SESSION_IDLE_DAYS, 14),
    sessionCacheMs: Math.max(0, int(env.SESSION_CACHE_MS, 10_000)),
    outboxPollMs: int(env.OUTBOX_POLL_MS, 5000),
    reminderIntervalMs: int(env.REMINDER_INTERVAL_MS, 60 * 60 * 1000),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
