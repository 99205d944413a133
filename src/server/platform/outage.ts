import { platformLog } from './log';

/**
 * Database outages. While PostgreSQL restarts or cannot be reached, every request, every
 * outbox poll and every job tick fails the same way; logging each with its stack floods the log
 * (hundreds of entries in seconds) and hides what happened. The tracker recognises these errors,
 * logs the outage once when it starts, counts the failures, probes the database with backoff and
 * logs once more, with the counts, when the database answers again.
 */

/** SQLSTATEs of a server that went away or does not take connections (admin shutdown, crash, starting up, connection failures). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);
/** Socket errors of a database connection that could not be made or was cut. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres says these in words only: a dropped connection, a pool that could not connect in time. */
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * The error, among `err` and what it wraps (drizzle's "Failed query" keeps the driver's error as
 * `cause`; a refused connect to several addresses is an AggregateError), that says the database
 * is unreachable; null when it is some other failure.
 */
export function unavailableCause(err: unknown, depth = 0): Error | null {
  if (!err || typeof err !== 'object' || depth > 5) return null;
  const e = err as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_MESSAGES.some((re) => re.test(message))) {
    return err as Error;
  }
  const nested = [e.cause, ...(Array.isArray(e.errors) ? e.errors : [])];
  for (const inner of nested) {
    const found = unavailableCause(inner, depth + 1);
    if (found) return found;
  }
  return null;
}

export const isUnavailableError = (err: unknown) => unavailableCause(err) !== null;

/** Where a failure was met, for the counts in the log. */
export type OutageSource = 'requests' | 'outbox' | 'jobs' | 'events' | 'listener';

export interface OutageOptions {
  /** First probe delay; it doubles after each failed probe up to `maxProbeMs`. */
  probeMs?: number;
  maxProbeMs?: number;
  /** A probe that has not answered by then counts as failed. */
  probeTimeoutMs?: number;
}

interface Outage {
  startedAt: number;
  failures: Partial<Record<OutageSource, number>>;
}

export class OutageTracker {
  private current: Outage | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly probeMs: number;
  private readonly maxProbeMs: number;
  private readonly probeTimeoutMs: number;

  /** `probe` is a trivial query (`select 1`): it resolving means the database answers again. */
  constructor(
    private readonly probe: () => Promise<unknown>,
    opts: OutageOptions = {},
  ) {
    this.probeMs = opts.probeMs ?? 500;
    this.maxProbeMs = opts.maxProbeMs ?? 5000;
    this.probeTimeoutMs = opts.probeTimeoutMs ?? 5000;
  }

  get active(): boolean {
    return this.current !== null;
  }

  /**
   * When `err` says the database is unreachable: counts it (starting an outage, logged once, if
   * none is open) and returns true, so the caller does not log it again. Other errors: false.
   */
  absorb(err: unknown, source: OutageSource): boolean {
    const cause = unavailableCause(err);
    if (!cause) return false;
    if (!this.current) this.begin(cause, source);
    const failures = this.current!.failures;
    failures[source] = (failures[source] ?? 0) + 1;
    return true;
  }

  /** Stops probing (on shutdown); an outage still open is logged as such. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.current) {
      platformLog().warn(this.summary(this.current), 'database still unavailable at shutdown');
      this.current = null;
    }
  }

  private begin(cause: Error, source: OutageSource): void {
    this.current = { startedAt: Date.now(), failures: {} };
    // The driver's own error, not drizzle's wrapper: that one carries the query's parameters.
    const { code } = cause as ErrorLike;
    platformLog().error(
      { source, cause: { message: cause.message, code } },
      'database unavailable: outage started (further failures are counted, not logged, until it ends)',
    );
    this.scheduleProbe(this.probeMs);
  }

  private scheduleProbe(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.runProbe(delay), delay);
    this.timer.unref();
  }

  private async runProbe(delay: number): Promise<void> {
    this.timer = null;
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.probe(),
        new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error('probe timed out')), this.probeTimeoutMs);
        }),
      ]);
    } catch {
      return this.scheduleProbe(Math.min(delay * 2, this.maxProbeMs));
    } finally {
      clearTimeout(timeout);
    }
    this.end();
  }

  private end(): void {
    const outage = this.current;
    if (!outage || this.stopped) return;
    this.current = null;
    platformLog().warn(this.summary(outage), 'database available again: outage ended');
  }

  private summary(outage: Outage) {
    const total = Object.values(outage.failures).reduce((a, b) => a + (b ?? 0), 0);
    return { durationMs: Date.now() - outage.startedAt, failures: { ...outage.failures, total } };
  }
}
