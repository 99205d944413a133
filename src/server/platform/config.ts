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
  /** Calendar feed fetches allowed per address and minute (FEED_RATE_LIMIT; the bench raises it to load one feed). */
  feedRateLimit: number;
  outboxPollMs: number;
  reminderIntervalMs: number;
  logLevel: string;
  /** Where files go: an S3-compatible bucket when the S3_* variables are set, else DATA_DIR/files. */
  s3: S3Config | null;
  /**
   * Single sign-on through an OpenID Connect provider (OIDC_ISSUER, OIDC_CLIENT_ID,
   * OIDC_CLIENT_SECRET, OIDC_LABEL; decision 0036), or null when not configured. The provider's
   * redirect URI is APP_ORIGIN + /api/auth/oidc/callback.
   */
  oidc: OidcConfig | null;
  /**
   * Where backups go (BACKUP_DIR, else DATA_DIR/backups): the scheduled ones and `npm run backup`'s
   * default. `backupDirConfigured` says BACKUP_DIR was given: on PostgreSQL only then are scheduled
   * backups on by default (decision 0054).
   */
  backupDir: string;
  backupDirConfigured: boolean;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown as 'Sign in with {label}'. */
  label: string;
  redirectUri: string;
}

export const OIDC_REDIRECT_PATH = '/api/auth/oidc/callback';
export const OIDC_DEFAULT_LABEL = 'Single Sign-On';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether an issuer may be reached over plain http: only on this machine (development and tests). */
export function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** The OIDC_* variables: all three of issuer, client id and secret, or none. */
function oidc(env: NodeJS.ProcessEnv, appOrigin: string): OidcConfig | null {
  const issuer = env.OIDC_ISSUER?.trim() ?? '';
  const clientId = env.OIDC_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.OIDC_CLIENT_SECRET ?? '';
  if (!issuer && !clientId && !clientSecret) return null;
  const missing = [!issuer && 'OIDC_ISSUER', !clientId && 'OIDC_CLIENT_ID', !clientSecret && 'OIDC_CLIENT_SECRET'].filter(Boolean);
  if (missing.length > 0) {
    throw new ConfigError(
      `Single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together; missing: ${missing.join(', ')}.`,
    );
  }
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new ConfigError(`OIDC_ISSUER is not a URL: ${issuer} (e.g. OIDC_ISSUER=https://accounts.google.com).`);
  }
  if (url.protocol !== 'https:' && !isLoopbackHttp(issuer)) {
    throw new ConfigError(`OIDC_ISSUER must start with https:// (plain http only for a provider on this machine): ${issuer}`);
  }
  return {
    issuer,
    clientId,
    clientSecret,
    label: env.OIDC_LABEL?.trim() || OIDC_DEFAULT_LABEL,
    redirectUri: `${appOrigin}${OIDC_REDIRECT_PATH}`,
  };
}

/** An S3-compatible store (AWS S3, MinIO, Ceph, R2, ...) reached through the official client. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Bucket in the path (https://host/bucket/key) rather than the host name: what MinIO and most
   * self-hosted stores need. S3_FORCE_PATH_STYLE, on by default; 0 for virtual-hosted buckets.
   */
  forcePathStyle: boolean;
}

/** A configuration the server cannot start with: main prints the message alone, no stack. */
export class ConfigError extends Error {}

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
    throw new ConfigError(`APP_ORIGIN is not a URL: ${value} (e.g. APP_ORIGIN=https://lampstand.example.org).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`APP_ORIGIN must start with http:// or https://: ${value}`);
  }
  return url.origin;
}

export const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** S3's bucket naming rules: 3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The five S3_* variables go together: none of them keeps files on disk, all of them put files in
 * the bucket, and some but not all is a start-up error naming the missing ones (a half-configured
 * store must not silently fall back to the disk of one instance).
 */
function s3Config(env: NodeJS.ProcessEnv): S3Config | null {
  const value = (name: string) => env[name]?.trim() ?? '';
  const missing = S3_VARIABLES.filter((name) => !value(name));
  if (missing.length === S3_VARIABLES.length) return null;
  if (missing.length > 0) {
    throw new ConfigError(`Files on S3-compatible storage need all of ${S3_VARIABLES.join(', ')}; missing: ${missing.join(', ')}.`);
  }
  let endpoint: URL;
  try {
    endpoint = new URL(value('S3_ENDPOINT'));
  } catch {
    throw new ConfigError(`S3_ENDPOINT is not a URL: ${value('S3_ENDPOINT')} (e.g. S3_ENDPOINT=https://minio.example.org:9000).`);
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
    throw new ConfigError(`S3_ENDPOINT must start with http:// or https://: ${value('S3_ENDPOINT')}`);
  }
  const bucket = value('S3_BUCKET');
  if (!BUCKET_NAME.test(bucket)) {
    throw new ConfigError(`S3_BUCKET is not a bucket name: ${bucket} (3 to 63 lower-case letters, digits, dots and hyphens).`);
  }
  return {
    endpoint: value('S3_ENDPOINT'),
    bucket,
    region: value('S3_REGION'),
    accessKeyId: value('S3_ACCESS_KEY_ID'),
    secretAccessKey: value('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, true),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || null;
  const port = int(env.PORT, 3000);
  const appOrigin = env.APP_ORIGIN ? origin(env.APP_ORIGIN) : `http://localhost:${port}`;
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Lampstand <no-reply@lampstand.local>',
    // The demo church is seeded into an empty embedded database unless SEED_DEMO=0; on PostgreSQL
    // only when asked (npm run seed:demo).
    seedDemo: databaseUrl ? false : bool(env.SEED_DEMO, true),
    appOrigin,
    appOriginConfigured: !!env.APP_ORIGIN,
    trustProxy: trustProxy(env.TRUST_PROXY),
    cookieSecure: bool(env.COOKIE_SECURE, false),
    churchTimeZone: env.CHURCH_TIME_ZONE || 'America/New_York',
    sessionIdleDays: int(env.SESSION_IDLE_DAYS, 14),
    sessionCacheMs: Math.max(0, int(env.SESSION_CACHE_MS, 10_000)),
    feedRateLimit: Math.max(1, int(env.FEED_RATE_LIMIT, 60)),
    outboxPollMs: int(env.OUTBOX_POLL_MS, 5000),
    reminderIntervalMs: int(env.REMINDER_INTERVAL_MS, 60 * 60 * 1000),
    logLevel: env.LOG_LEVEL || 'info',
    s3: s3Config(env),
    oidc: oidc(env, appOrigin),
    backupDir: env.BACKUP_DIR?.trim() ? path.resolve(env.BACKUP_DIR.trim()) : path.join(dataDir, 'backups'),
    backupDirConfigured: !!env.BACKUP_DIR?.trim(),
  };
}
