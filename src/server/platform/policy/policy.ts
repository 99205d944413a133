import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasRank, type Role } from '../../../shared/domain/roles';
import { AppError, forbidden, unauthorized } from '../errors';

/**
 * Every route declares who may call it (ARCHITECTURE.md#contracts). `public` routes need no session; the others
 * need a signed-in user of at least `minRole`. A user who must change their password reaches only
 * routes marked `allowPasswordReset`. Row scope (own requests, shared requests) is a rule of the
 * module's policy.ts, asked by the handler; the route names it in `rule` so the OpenAPI document
 * (x-rule) can list it. The expected access, written from the spec, is src/server/test/access-table.ts.
 */
export type RoutePolicy =
  | { public: true; minRole?: undefined; allowPasswordReset?: boolean; rule?: undefined }
  | ({ public?: false; minRole: Role; allowPasswordReset?: boolean; rule?: { readonly name: string } } & SecondStepAllowance);

/**
 * The second step's confinements (decision 0037), like the password change's: a session that owes
 * a code (`verify`) reaches only routes with `allowSecondFactorPending`; a person whose role must
 * have a second factor and has none (`enroll`) reaches only routes with `allowEnrollmentRequired`.
 */
export interface SecondStepAllowance {
  allowSecondFactorPending?: boolean;
  allowEnrollmentRequired?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: RoutePolicy;
  }
}

export const PASSWORD_CHANGE_REQUIRED = 'password_change_required';
export const SECOND_FACTOR_REQUIRED = 'second_factor_required';
export const SECOND_FACTOR_ENROLLMENT_REQUIRED = 'second_factor_enrollment_required';

export function enforcePolicy(request: FastifyRequest, policy: RoutePolicy | undefined): void {
  if (!policy) {
    // A route without a declared policy is refused outright; a test also fails on it.
    throw new AppError(500, 'no_policy', 'This route has no authorization policy.');
  }
  const user = request.user;
  if (policy.public) {
    if (user?.passwordResetRequired && policy.allowPasswordReset === false) {
      throw new AppError(403, PASSWORD_CHANGE_REQUIRED, 'You must change your password before continuing.');
    }
    return;
  }
  if (!user) throw unauthorized();
  const secondStep = request.sessionInfo?.secondStep ?? null;
  // The code comes first: until then the session is not trusted with anything, the password change included.
  if (secondStep === 'verify' && !policy.allowSecondFactorPending) {
    throw new AppError(403, SECOND_FACTOR_REQUIRED, 'Enter the code from your authenticator app to continue.');
  }
  if (user.passwordResetRequired && !policy.allowPasswordReset) {
    throw new AppError(403, PASSWORD_CHANGE_REQUIRED, 'You must change your password before continuing.');
  }
  if (secondStep === 'enroll' && !policy.allowEnrollmentRequired) {
    throw new AppError(403, SECOND_FACTOR_ENROLLMENT_REQUIRED, 'Set up two-step verification on your account page to continue.');
  }
  if (!hasRank(user.role, policy.minRole)) throw forbidden();
}

export type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;
