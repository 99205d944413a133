import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { ZApp } from './http';
import { findNul } from './nul-guard';
import { JSON_DEPTH_MESSAGE, jsonDepth, MAX_JSON_DEPTH } from './json-depth';
import { captureLog } from '../test/log-capture';
import { BACKENDS, createTestApp, type TestApp } from '../test/harness';
import { sessionAgent } from '../test/agent';
import { buildUser, TEST_PASSWORD } from '../test/factories';

/**
 * JSON nested thousands deep, to any route that reads JSON: a 400 that says why, at most a warning
 * in the log, never a 500 from a stack overflowed by a walk of the body.
 */

let address = 0;
const nested = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth);

/** The depth of a parsed value, measured with an explicit stack. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [v, d] = pending.pop()!;
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, d + 1);
    for (const child of Object.values(v)) pending.push([child, d + 1]);
  }
  return deepest;
}

describe('jsonDepth', () => {
  it('is the nesting of any JSON value, whatever brackets, quotes and escapes its strings hold', () => {
    const text = fc.string({ unit: 'binary' });
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.constant(null), tie('array'), tie('object')),
      array: fc.array(tie('node'), { maxLength: 3 }),
      object: fc.dictionary(text, tie('node'), { maxKeys: 3 }),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(jsonDepth(JSON.stringify(v), 1_000)).toBe(depthOf(v));
      }),
    );
  });

  it('stops counting just past the limit, and counts nothing inside strings', () => {
    expect(jsonDepth(nested(100_000))).toBe(MAX_JSON_DEPTH + 1);
    expect(jsonDepth(JSON.stringify({ a: '[[[[{{{{', b: '\\"[[[' }))).toBe(1);
    expect(jsonDepth('"unterminated [[[')).toBe(0);
  });
});

describe('findNul on deep values', () => {
  it('walks any depth without overflowing the stack', () => {
    const deep = JSON.parse(nested(5_000, '"x\\u0000"')) as unknown;
    expect(findNul(deep)).toBe(Array.from({ length: 5_000 }, () => '0').join('.'));
    expect(findNul(JSON.parse(nested(5_000)))).toBeNull();
  });
});

describe.each(BACKENDS)('deeply nested JSON bodies on %s', (backend) => {
  let t: TestApp;
  let app: ZApp; // the app again, with its request log kept for the test
  const requestLog: { level: number; msg: string }[] = [];
  let email: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          requestLog.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    app = await buildApp(t.ctx, { serveWeb: false, logger: { level: 'info', stream } });
    await app.ready();
    email = (await buildUser(t.ctx.db)).email;
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', ...headers },
      remoteAddress: `10.9.${++address % 250}.1`,
    });

  it('answers 400 with the reason to sign-in, help feedback and a signed-in route, logging no error', async () => {
    const platform = captureLog();
    try {
      requestLog.length = 0;
      const user = await buildUser(t.ctx.db, { role: 'admin' });
      const agent = await sessionAgent(t.app, user.id);
      const bodies = [nested(5_000), `{"email":${nested(5_000)}}`, nested(MAX_JSON_DEPTH + 1)];
      for (const body of bodies) {
        for (const res of [
          await post('/api/auth/sign-in', body),
          await post('/api/help/feedback', body),
          await app.inject({
            method: 'PUT',
            url: '/api/admin/landing',
            payload: body,
            headers: { 'content-type': 'application/json', cookie: agent.cookie, 'x-csrf-token': agent.csrfToken },
          }),
        ]) {
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json()).toMatchObject({ error: { code: 'validation', message: JSON_DEPTH_MESSAGE } });
        }
      }
      expect(requestLog.filter((l) => l.level >= 50)).toEqual([]); // pino: 50 error, 60 fatal
      expect(requestLog.filter((l) => l.level === 40).length).toBe(bodies.length * 3);
      expect(platform.lines.filter((l) => l.level === 'error')).toEqual([]);
    } finally {
      platform.restore();
    }
  });

  it('still reads a legitimate body, even one nested up to the limit', async () => {
    const deepButAllowed = nested(MAX_JSON_DEPTH - 1, '"ok"');
    const signIn = await post(
      '/api/auth/sign-in',
      `{"email":${JSON.stringify(email)},"password":${JSON.stringify(TEST_PASSWORD)},"extra":${deepButAllowed}}`,
    );
    expect(signIn.statusCode, signIn.body).toBe(200);
    const feedback = await post('/api/help/feedback', JSON.stringify({ article: 'getting-started', helpful: true }));
    expect(feedback.statusCode, feedback.body).toBe(201);
    const brackets = await post('/api/help/feedback', JSON.stringify({ article: nested(5_000), helpful: false }));
    expect(brackets.statusCode).not.toBe(500); // brackets inside a string are text, not nesting
    expect(brackets.json()).not.toMatchObject({ error: { message: JSON_DEPTH_MESSAGE } });
  });
});
