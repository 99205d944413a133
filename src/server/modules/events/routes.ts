import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { mayReceive } from '../../platform/events/bus';
import { sessionAlive } from '../../platform/auth/sessions';

const HEARTBEAT_MS = 25_000;

/**
 * Server-Sent Events: tells a signed-in browser, and only it, which of the things it may see
 * changed. The browser refetches through the normal authorized API (DESIGN 4).
 */
export async function eventRoutes(app: ZApp, ctx: AppContext) {
  // Open streams never finish on their own; they are ended on shutdown, or closing the server
  // would wait for every browser to go away.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get('/api/events', { config: { policy: { minRole: 'viewer' } } }, (request, reply) => {
    const user = request.user!;
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
    // A stream must not outlive its session: sign-out, password changes and deactivation end it,
    // at once when they announce it ('sessions' event) and at the next heartbeat otherwise.
    // A check that fails keeps the stream (the next heartbeat checks again); the failure is counted
    // in the outage when the database is away, logged otherwise.
    const recheck = () =>
      sessionAlive(ctx.db, sessionId)
        .then((alive) => !alive && end())
        .catch((err) => ctx.database.outage.absorb(err, 'events') || request.log.warn({ err }, 'event stream session check failed'));
    const unsubscribe = ctx.bus.subscribe((event) => {
      if (!mayReceive(event, user)) return;
      if (event.topic === 'sessions') return void recheck();
      res.write(`data: ${JSON.stringify({ topic: event.topic, id: event.id })}\n\n`);
    });
    // Events may have been missed (a lost LISTEN connection, a failed NOTIFY elsewhere): the
    // browser refetches everything it shows, and the session is checked (a sign-out may be among them).
    const unsubscribeGaps = ctx.bus.onGap(() => {
      res.write(`event: refetch\ndata: {}\n\n`);
      void recheck();
    });
    const heartbeat = setInterval(() => {
      res.write(': ping\n\n');
      void recheck();
    }, HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
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
