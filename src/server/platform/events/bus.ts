import { EventEmitter } from 'node:events';
import { hasRank, type Role } from '../../../shared/domain/roles';
import type { Database } from '../db/client';

/**
 * Realtime = invalidation (DESIGN 4): after a commit the server publishes small events; each
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

export class EventBus {
  private readonly local = new EventEmitter();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {
    this.local.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (this.database.kind !== 'pg') return;
    this.unlisten = await this.database.listen(CHANNEL, (payload) => {
      try {
        this.local.emit('event', JSON.parse(payload) as AppEvent);
      } catch {
        /* ignore malformed payloads */
      }
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  /** Call after the transaction committed. */
  async publish(events: AppEvent[]): Promise<void> {
    for (const event of events) {
      if (this.database.kind === 'pg') {
        // NOTIFY reaches every instance, this one included, through its LISTEN connection.
        for (const payload of notifyPayloads(event)) {
          await this.database.notify(CHANNEL, payload).catch(() => this.local.emit('event', JSON.parse(payload)));
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
}
