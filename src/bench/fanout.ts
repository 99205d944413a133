/**
 * Event-stream fan-out: N signed-in browsers hold /api/events open, one change that all of them
 * may see is published the way the app publishes (a NOTIFY on the app's channel in the app's
 * event format), and the time until each stream has it is measured, with the app's memory before
 * the streams opened and after the delivery.
 */
import http from 'node:http';
import pg from 'pg';
import { SESSION_COOKIE } from '../server/platform/auth/sessions';
import { quantile } from './load';
import type { Child } from './processes';

export interface FanoutResult {
  streams: number;
  delivered: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
  openSeconds: number;
  deliveryP50: number;
  deliveryP95: number;
  deliveryMax: number;
}

/** The app's realtime channel and event shape (platform/events/bus.ts). */
const CHANNEL = 'lampstand_events';

export async function fanout(app: Child, databaseUrl: string, tokens: string[], timeoutMs = 30_000): Promise<FanoutResult> {
  const marker = `bench-${Date.now()}`;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const arrivals: number[] = [];
  let sentAt = 0;
  const requests: http.ClientRequest[] = [];
  const rssBeforeMiB = app.rssMiB();
  const opened = performance.now();

  const open = (token: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: app.port,
          path: '/api/events',
          agent,
          headers: { cookie: `${SESSION_COOKIE}=${token}`, accept: 'text/event-stream' },
        },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`/api/events answered ${res.statusCode}`));
          res.setEncoding('utf8');
          let buffer = '';
          let ready = false;
          let got = false;
          res.on('data', (chunk: string) => {
            buffer += chunk;
            if (!ready && buffer.includes('event: ready')) {
              ready = true;
              resolve();
            }
            if (!got && sentAt && buffer.includes(marker)) {
              got = true;
              arrivals.push(performance.now() - sentAt);
            }
            if (buffer.length > 10_000) buffer = buffer.slice(-2000);
          });
          res.on('error', () => {});
        },
      );
      req.on('error', reject);
      requests.push(req);
    });

  try {
    // Opened in waves, as browsers would arrive, not all in one burst.
    for (let i = 0; i < tokens.length; i += 50) await Promise.all(tokens.slice(i, i + 50).map(open));
    const openSeconds = (performance.now() - opened) / 1000;
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      sentAt = performance.now();
      await c.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ topic: 'bench', id: marker, audience: { minRole: 'viewer' } })]);
    } finally {
      await c.end();
    }
    const deadline = Date.now() + timeoutMs;
    while (arrivals.length < tokens.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const rssAfterMiB = app.rssMiB();
    const sorted = [...arrivals].sort((a, b) => a - b);
    return {
      streams: tokens.length,
      delivered: arrivals.length,
      rssBeforeMiB,
      rssAfterMiB,
      openSeconds,
      deliveryP50: quantile(sorted, 0.5),
      deliveryP95: quantile(sorted, 0.95),
      deliveryMax: sorted[sorted.length - 1] ?? Number.NaN,
    };
  } finally {
    for (const r of requests) r.destroy();
    agent.destroy();
  }
}
