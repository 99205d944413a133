import type { InjectOptions } from 'fastify';
import type { ZApp } from '../platform/http';
import { createSession, SESSION_COOKIE } from '../platform/auth/sessions';
import type { Agent } from './harness';

/**
 * An agent for a user without going through sign-in: a session row written directly, so tests
 * that need many sessions (the authorization matrix) skip argon2 and the sign-in rate limits.
 */
export async function sessionAgent(app: ZApp, userId: string): Promise<Agent> {
  const { token, csrfToken } = await createSession(app.ctx.db, userId, app.ctx.config.sessionIdleDays, {});
  const cookie = `${SESSION_COOKIE}=${token}`;
  return {
    cookie,
    csrfToken,
    userId,
    inject: (o) => app.inject({ ...o, headers: { cookie, 'x-csrf-token': csrfToken, ...(o.headers ?? {}) } } as InjectOptions),
  };
}
