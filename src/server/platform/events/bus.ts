import { EventEmitter } from 'node:events';
import { hasRank, type Role } from '../../../shared/domain/roles';
import type { Database } from '../db/client';
import { platformLog } from '../log';

/**
 * Realtime = invalidation (ARCHITECTURE.md#contracts): after a commit the server publishes small events; each
 * browser gets only the events its user may see and refetches through the authorized API.
 * No data travels on the stream. Across instances the events go through PostgreSQL NOTIFY.
 */
export interface AppEvent {
  topic: string;
  id?: string;
  /** Who may receive it: these users, and/or everyone of at least this rank. */
  audience: { userIds?: string[]; minRole?: Role };
}

export interface EventRecipient {
  id: string;
  role: string;
}

export function mayReceive(event: AppEvent, user: EventRecipient): boolean {
  if (event.audience.userIds?.includes(user.id)) return true;
  return !!event.audience.minRole && hasRank(user.role, event.audience.minRole);
}

const CHANNEL = 'lampstand_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; long audiences go in several notices. */
const MAX_PAYLOAD = 7000;
const USERS_PER_NOTICE = 100;

/** Splits an event whose payload would be too long for NOTIFY into events for fewer users each. */
export function notifyPayloads(event: AppEvent): string[] {
  const whole = JSON.stringify(event);
  const userIds = event.audience.userIds ?? [];
  if (whole.length < MAX_PAYLOAD || userIds.length <= USERS_PER_NOTICE) return [whole];
  const parts: string[] = [];
  for (let i = 0; i < userIds.length; i += USERS_PER_NOTICE) {
    const audience = { ...event.audience, userIds: userIds.slice(i, i + USERS_PER_NOTICE) };
    if (i > 0) delete audience.minRole; // the rank audience needs telling only once
    parts.push(JSON.stringify({ ...event, audience }));
  }
  return parts;
}

/** The notice that tells every instance to have its browsers refetch: some events went missing. */
const GAP_PAYLOAD = JSON.stringify({ gap: true });
/** Retry delays of that notice after a failed NOTIFY: 1 s, doubling, at most 30 s. */
export const GAP_RETRY_MS = { first: 1000, max: 30_000 };

export class EventBus {
  private readonly local = new EventEmitter();
  private unlisten: (() => Promise<void>) | null = null;
  private unrestored: (() => void) | null = null;
  /** Set while a failed NOTIFY's gap notice waits to be sent. */
  private gapTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly database: Database) {
    this.local.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (this.database.kind !== 'pg') return;
    this.unlisten = await this.database.listen(CHANNEL, (payload) => this.receive(payload));
    // Notices sent while the LISTEN connection was down never came: this instance's browsers refetch.
    this.unrestored = this.database.onListenerRestored(() => this.local.emit('gap'));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.gapTimer) clearTimeout(this.gapTimer);
    this.unrestored?.();
    await this.unlisten?.();
  }

  /** Call after the transaction committed. */
  async publish(events: AppEvent[]): Promise<void> {
    for (const event of events) {
      // This instance's own listeners that keep state (the session cache) hear it before NOTIFY
      // sends it around, so this instance's next request cannot see what the commit just ended.
      this.local.emit('own', event);
      if (this.database.kind === 'pg') {
        // NOTIFY reaches every instance, this one included, through its LISTEN connection.
        for (const payload of notifyPayloads(event)) {
          await this.database.notify(CHANNEL, payload).catch((err) => this.notifyFailed(err, payload));
        }
      } else {
        this.local.emit('event', event);
      }
    }
  }

  subscribe(listener: (event: AppEvent) => void): () => void {
    this.local.on('event', listener);
    return () => this.local.off('event', listener);
  }

  /**
   * Hears the events this instance publishes, synchronously, at the start of publish(): for state
   * this instance keeps (the session cache), which must not wait for its own notice to come back
   * through LISTEN. Events of other instances still arrive through subscribe().
   */
  subscribeOwn(listener: (event: AppEvent) => void): () => void {
    this.local.on('own', listener);
    return () => this.local.off('own', listener);
  }

  /**
   * Whether events of other instances reach this one right now: always on PGlite (one process),
   * while the LISTEN connection is up on PostgreSQL. Missed notices are followed by a gap.
   */
  hearsOtherInstances(): boolean {
    return this.database.listening();
  }

  /**
   * Called when events may have been missed (the LISTEN connection came back, or another instance
   * could not NOTIFY): whoever shows data should refetch all of it.
   */
  onGap(listener: () => void): () => void {
    this.local.on('gap', listener);
    return () => this.local.off('gap', listener);
  }

  private receive(payload: string): void {
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      return platformLog().warn({ payload: payload.slice(0, 200) }, 'ignored a malformed realtime notice');
    }
    if ((message as { gap?: boolean }).gap === true) this.local.emit('gap');
    else this.local.emit('event', message as AppEvent);
  }

  /**
   * A NOTIFY that failed still reaches this instance's browsers, but the other instances missed it:
   * the failure is logged (or counted in the outage) and, once NOTIFY works again, a gap notice
   * tells every instance to have its browsers refetch.
   */
  private notifyFailed(err: unknown, payload: string): void {
    if (!this.database.outage.absorb(err, 'events')) {
      platformLog().warn({ err }, 'realtime NOTIFY failed; delivered on this instance only, other instances will refetch');
    }
    this.local.emit('event', JSON.parse(payload) as AppEvent);
    if (!this.gapTimer) this.sendGapLater(GAP_RETRY_MS.first);
  }

  private sendGapLater(delay: number): void {
    if (this.stopped) return;
    this.gapTimer = setTimeout(() => {
      this.database.notify(CHANNEL, GAP_PAYLOAD).then(
        () => {
          this.gapTimer = null;
        },
        () => this.sendGapLater(Math.min(delay * 2, GAP_RETRY_MS.max)),
      );
    }, delay);
    this.gapTimer.unref();
  }
}
