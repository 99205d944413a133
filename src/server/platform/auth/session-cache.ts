import type { AppEvent, EventBus } from '../events/bus';
import type { SessionUser } from './sessions';

/** What a request needs of its session, as last read from the database. */
export interface SessionRow {
  id: string;
  csrfToken: string;
  expiresAt: Date;
  lastSeenAt: Date;
  /** aal1 or aal2 (guide/accounts-and-security.md#sessions), and what decides the second step still owed (decision 0037). */
  aal: string;
  secondFactor: { enrolled: boolean; requiredForStaff: boolean };
  user: SessionUser;
}

interface Entry {
  row: SessionRow;
  /** When this entry stops being used: its lifetime, or the session's own expiry if sooner. */
  until: number;
}

/** About 1 kB an entry: a few megabytes at most, for far more sessions than a church has people. */
export const SESSION_CACHE_MAX_ENTRIES = 5000;

/**
 * Sessions read recently, keyed by the session id (the token's hash), so that a burst of API calls
 * reads its session and user from the database once instead of once per call (decision 0028).
 *
 * An entry is dropped at once, on every instance, when the 'sessions' event names its user (sign-out,
 * password change, deactivation, role or name change, deletion); everything is dropped when events
 * may have been missed (a gap), and nothing is used while this instance cannot hear the other
 * instances. An entry never outlives its lifetime nor the session's expiry.
 *
 * A read that started before an invalidation must not store what it read after it: `begin()` gives
 * the read a ticket, and `store()` ignores a ticket older than the last invalidation.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private invalidations = 0;

  constructor(
    private readonly lifetimeMs: number,
    private readonly hearsOtherInstances: () => boolean = () => true,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  /** The session as read within the lifetime, or undefined: read the database. */
  get(id: string): SessionRow | undefined {
    if (this.lifetimeMs <= 0) return undefined;
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.until <= this.now() || !this.hearsOtherInstances()) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.row;
  }

  begin(): number {
    return this.invalidations;
  }

  /** Keeps a live session just read (ticket from `begin()` before the read). */
  store(row: SessionRow, ticket: number): void {
    if (this.lifetimeMs <= 0 || ticket !== this.invalidations || !this.hearsOtherInstances()) return;
    const until = Math.min(this.now() + this.lifetimeMs, row.expiresAt.getTime());
    // Re-inserting moves the entry to the end: the Map's order is the order of last fill, and the
    // oldest fill goes first when the cache is full.
    this.entries.delete(row.id);
    this.entries.set(row.id, { row, until });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Drops every entry of this user (and any read of theirs under way). */
  forgetUser(userId: string): void {
    this.invalidations++;
    for (const [id, entry] of this.entries) if (entry.row.user.id === userId) this.entries.delete(id);
  }

  clear(): void {
    this.invalidations++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Listens on the bus: the 'sessions' event (own at once, others' on arrival) and gaps. Returns a stop. */
  watch(bus: EventBus): () => void {
    const onEvent = (event: AppEvent) => {
      if (event.topic !== 'sessions') return;
      for (const userId of event.audience.userIds ?? []) this.forgetUser(userId);
    };
    const stops = [bus.subscribeOwn(onEvent), bus.subscribe(onEvent), bus.onGap(() => this.clear())];
    return () => stops.forEach((stop) => stop());
  }
}
