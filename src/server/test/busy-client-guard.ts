import pg from 'pg';

export const BUSY_CLIENT = 'Statements were sent to a connection that was still running another';

let installed = false;
const busySends: string[] = [];

/**
 * Records each statement the app sends to a node-postgres client that is still running one (a
 * Promise.all over a transaction, say), so the API tests on PostgreSQL fail where that happens
 * (the harness's close asks takeBusySends). pg 8 only queues such a statement, with a deprecation
 * warning printed once per process far from its cause; pg 9 refuses it. The statement still goes
 * through here: refusing it would leave the transaction's rollback, and the next test's connection,
 * stuck behind it.
 */
export function guardBusyClients(): void {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: { _activeQuery?: unknown; _queryQueue?: unknown[] }, ...args: unknown[]) {
    if (this._activeQuery || (this._queryQueue?.length ?? 0) > 0) {
      const config = args[0] as string | { text?: string } | undefined;
      const text = typeof config === 'string' ? config : (config?.text ?? '');
      busySends.push(text.replace(/\s+/g, ' ').trim().slice(0, 160));
    }
    return original.apply(this, args);
  };
}

/** The statements sent to a busy client since the last call, and forgets them. */
export function takeBusySends(): string[] {
  return busySends.splice(0);
}

/** Throws, naming them, when statements were sent to a busy client. */
export function assertNoBusySends(): void {
  const sent = [...new Set(takeBusySends())];
  if (sent.length) throw new Error(`${BUSY_CLIENT} (pg 9 refuses it; send them one at a time, or use readTogether): ${sent.join(' | ')}`);
}
