import { afterEach, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { captureLog, until } from '../test/log-capture';
import { isUnavailableError, OutageTracker, unavailableCause } from './outage';

const withCode = (code: string, message = 'boom') => Object.assign(new Error(message), { code });

describe('unavailable errors', () => {
  it('recognises a server that went away, refused or timed out, also when wrapped', () => {
    for (const code of ['57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004', 'ECONNREFUSED', 'ECONNRESET']) {
      expect(isUnavailableError(withCode(code)), code).toBe(true);
    }
    expect(isUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnavailableError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const root = withCode('57P01', 'terminating connection due to administrator command');
    const wrapped = new DrizzleQueryError('select * from users where email = $1', ['someone@example.test'], root);
    expect(unavailableCause(wrapped)).toBe(root);
    const refused = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed');
    expect(isUnavailableError(refused)).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isUnavailableError(withCode('23505', 'duplicate key value'))).toBe(false);
    expect(isUnavailableError(new TypeError('x is undefined'))).toBe(false);
    expect(isUnavailableError(new DrizzleQueryError('select 1', [], withCode('42P01')))).toBe(false);
    expect(isUnavailableError(null)).toBe(false);
    expect(isUnavailableError('ECONNREFUSED')).toBe(false);
  });
});

describe('the outage tracker', () => {
  let restore = () => {};
  afterEach(() => restore());

  it('logs once when an outage starts and once, with counts, when the database answers again', async () => {
    const log = captureLog();
    restore = log.restore;
    let up = false;
    let probes = 0;
    const tracker = new OutageTracker(
      async () => {
        probes++;
        if (!up) throw withCode('ECONNREFUSED');
      },
      { probeMs: 10, maxProbeMs: 20 },
    );
    try {
      for (let i = 0; i < 50; i++) expect(tracker.absorb(withCode('57P01'), 'requests')).toBe(true);
      for (let i = 0; i < 7; i++) tracker.absorb(new Error('Connection terminated unexpectedly'), 'outbox');
      expect(tracker.absorb(withCode('23505'), 'requests')).toBe(false);
      expect(tracker.active).toBe(true);
      await until(() => probes >= 3, 'failed probes');
      expect(log.lines).toHaveLength(1);
      expect(log.lines[0]).toMatchObject({ level: 'error', obj: { source: 'requests', cause: { code: '57P01' } } });
      expect(log.lines[0].msg).toMatch(/outage started/);

      up = true;
      await until(() => !tracker.active, 'the outage to end');
      expect(log.lines).toHaveLength(2);
      expect(log.lines[1].msg).toMatch(/available again/);
      expect(log.lines[1].obj).toMatchObject({ failures: { requests: 50, outbox: 7, total: 57 } });
      expect(log.lines[1].obj.durationMs).toEqual(expect.any(Number));

      // A later failure is a new outage, logged again.
      tracker.absorb(withCode('ECONNRESET'), 'jobs');
      expect(log.lines).toHaveLength(3);
      await until(() => !tracker.active, 'the second outage to end');
      expect(log.lines[3].obj).toMatchObject({ failures: { jobs: 1, total: 1 } });
    } finally {
      tracker.stop();
    }
  });

  it('a probe that hangs counts as failed', async () => {
    const log = captureLog();
    restore = log.restore;
    let calls = 0;
    const tracker = new OutageTracker(() => (++calls === 1 ? new Promise(() => {}) : Promise.resolve()), {
      probeMs: 5,
      probeTimeoutMs: 50,
    });
    try {
      tracker.absorb(withCode('08006'), 'requests');
      await until(() => !tracker.active, 'the outage to end after the hung probe');
      expect(calls).toBe(2);
    } finally {
      tracker.stop();
    }
  });
});
