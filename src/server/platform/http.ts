import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SecondStep } from '../../shared/domain/second-factor';
import type { SessionUser } from './auth/sessions';
import type { AppContext } from './context';
import type { RoutePolicy } from './policy/policy';

/**
 * The typed Fastify instance the modules register their routes on. It lives in the platform so that
 * app.ts imports the modules and the modules import only the platform, never app.ts.
 */
export type ZApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionInfo: { id: string; csrfToken: string; expiresAt: Date; secondStep: SecondStep | null } | null;
    /** Set when the cookie named a session that just ended because its profile is inactive. */
    sessionEnded: 'deactivated' | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route as registered, with its declared policy: read by the policy tests. */
    routeRegistry: Array<{ method: string; url: string; policy: RoutePolicy | undefined }>;
  }
}
