import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { mayReceive, type EventRecipient } from '../../platform/events/bus';
import { liveSession } from '../../platform/auth/sessions';

/** A comment line that keeps proxies from closing an idle stream. It reads nothing. */
export const HEARTBEAT_MS = 25_000;
/** setTimeout's longest delay; a session expiring later is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Server-Sent Events: tells a signed-in browser, and only it, which of the things it may see
 * changed. The browser refetches through the normal authorized API (ARCHITECTURE.md#contracts).
 *
 * An open stream reads the database only when it has a reason to (decision 0028): a 'sessions'
 * event of its user (sign-out, password change, deactivation, role change, on any instance), a gap
 * (events may have been missed), or its session's expiry time. Never on a timer of its own.
 */
export async function eventRoutes(app: ZApp, ctx: AppContext) {
  // Open streams never finish on their own; they are ended on shutdown, or closing the server
  // would wait for every browser to go away.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get('/api/events', { config: { policy: { minRole: 'viewer' } } }, (request, reply) => {
    const recipient: EventRecipient = { id: request.user!.id, role: request.user!.role };
    const sessionId = request.sessionInfo!.id;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    res.write(`event: ready\ndata: {}\n\n`);
    let closed = false;
    let expiry: NodeJS.Timeout | null = null;
    /** At the session's expiry the stream looks once more: another request may have moved it. */
    const endAt = (expiresAt: Date) => {
      if (expiry) clearTimeout(expiry);
      expiry = setTimeout(check, Math.min(Math.max(expiresAt.getTime() - Date.now(), 0), MAX_TIMER_MS));
      expiry.unref();
    };
    // A stream must not outlive its session, nor keep the rank its user lost. A check that fails
    // keeps the stream (the next reason checks again); the failure is counted in the outage when
    // the database is away, logged otherwise.
    const check = () =>
      liveSession(ctx.db, sessionId)
        .then((live) => {
          if (closed) return;
          if (!live) return end();
          recipient.role = live.role;
          endAt(live.expiresAt);
        })
        .catch((err) => ctx.database.outage.absorb(err, 'events') || request.log.warn({ err }, 'event stream session check failed'));
    const unsubscribe = ctx.bus.subscribe((event) => {
      if (!mayReceive(event, recipient)) return;
      if (event.topic === 'sessions') return void check();
      res.write(`data: ${JSON.stringify({ topic: event.topic, id: event.id })}\n\n`);
    });
    // Events may have been missed (a lost LISTEN connection, a failed NOTIFY elsewhere): the
    // browser refetches everything it shows, and the session is checked (a sign-out may be among them).
    const unsubscribeGaps = ctx.bus.onGap(() => {
      res.write(`event: refetch\ndata: {}\n\n`);
      void check();
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    endAt(request.sessionInfo!.expiresAt);
    const close = () => {
      closed = true;
      clearInterval(heartbeat);
      if (expiry) clearTimeout(expiry);
      unsubscribe();
      unsubscribeGaps();
      open.delete(end);
    };
    const end = () => {
      close();
      res.end();
    };
    open.add(end);
    request.raw.on('close', close);
    res.on('error', close);
  });
}
