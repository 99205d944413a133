import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import type { SsoErrorCode } from '../../../shared/api/sso-messages';
import { postSignInPath } from '../../../shared/domain/routes';
import type { Role } from '../../../shared/domain/roles';
import type { AppContext } from '../../platform/context';
import { oidcSignIns, users } from '../../platform/db/schema';
import { OidcUnavailableError, type OidcClient } from '../../platform/auth/oidc';
import { hashToken } from '../../platform/auth/sessions';
import { openSession, type OpenSessionInput } from './service';

/** How long the browser has at the provider before the sign-in it started is forgotten. */
export const SSO_SIGN_IN_TTL_MS = 10 * 60 * 1000;
export const SSO_SCOPE = 'openid email';

/** A sign-in that did not open a session: why, as the code the sign-in page shows a message for. */
export class SsoRefused extends Error {
  constructor(
    readonly code: SsoErrorCode,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(detail, options);
  }
}

/** The token that binds a sign-in to the browser that started it (an httpOnly cookie). */
export const newBrowserToken = () => randomBytes(32).toString('base64url');
export const isBrowserToken = (value: string | undefined): value is string => !!value && /^[\w-]{43}$/.test(value);

/**
 * Starts a single sign-on (decision 0036): a fresh state, nonce and PKCE verifier are kept
 * server-side under the state's digest, bound to this browser's token, and the browser is sent to
 * the provider with the state, the nonce and the verifier's S256 challenge.
 */
export async function startSso(ctx: AppContext, oidc: OidcClient, browserToken: string): Promise<URL> {
  const configuration = await oidc.configuration();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
  // Sign-ins nobody came back from are forgotten here, so the table only holds the last minutes'.
  await ctx.db.delete(oidcSignIns).where(lt(oidcSignIns.expiresAt, new Date()));
  await ctx.db.insert(oidcSignIns).values({
    stateHash: hashToken(state),
    browserHash: hashToken(browserToken),
    nonce,
    codeVerifier,
    expiresAt: new Date(Date.now() + SSO_SIGN_IN_TTL_MS),
  });
  return client.buildAuthorizationUrl(configuration, {
    redirect_uri: oidc.settings.redirectUri,
    scope: SSO_SCOPE,
    state,
    nonce,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  });
}

/**
 * Finishes a single sign-on: the state is taken (deleted, so it and its code work once) and must
 * belong to this browser and be fresh; the library exchanges the code with the PKCE verifier and
 * checks the ID token (signature, issuer, audience, expiry, nonce). The provider's verified e-mail
 * then signs in the active profile with that e-mail, through the same session opening as the
 * password form. Nobody is ever created here: access stays granted by an admin.
 */
export async function finishSso(
  ctx: AppContext,
  oidc: OidcClient,
  input: { query: URLSearchParams; browserToken: string | undefined } & Omit<OpenSessionInput, 'email' | 'attemptId'>,
): Promise<{ token: string; expiresAt: Date; redirectTo: string }> {
  const state = input.query.get('state');
  if (!state) throw new SsoRefused('failed', 'the callback carried no state');
  const [pending] = await ctx.db
    .delete(oidcSignIns)
    .where(eq(oidcSignIns.stateHash, hashToken(state)))
    .returning();
  if (!pending) throw new SsoRefused('failed', 'unknown or used state');
  if (!isBrowserToken(input.browserToken) || hashToken(input.browserToken) !== pending.browserHash) {
    throw new SsoRefused('failed', 'the state belongs to another browser');
  }
  if (pending.expiresAt.getTime() <= Date.now()) throw new SsoRefused('failed', 'the sign-in expired');
  if (input.query.has('error')) throw new SsoRefused('failed', `the provider answered ${input.query.get('error')}`);

  const configuration = await oidc.configuration();
  const currentUrl = new URL(oidc.settings.redirectUri);
  currentUrl.search = input.query.toString();
  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (err) {
    // The provider down between the two legs is an outage; anything else is a refused exchange.
    if (unreachable(err)) throw new OidcUnavailableError('the token endpoint could not be reached', { cause: err });
    throw new SsoRefused('failed', `the code exchange or the ID token was refused: ${(err as Error).message}`, { cause: err });
  }
  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || claims?.email_verified !== true) throw new SsoRefused('unverified', `no verified e-mail for subject ${claims?.sub}`);

  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), eq(users.isExternal, false)))
    .limit(1);
  if (!user) throw new SsoRefused('unknown', `no profile for ${email}`);
  if (!user.active) throw new SsoRefused('deactivated', `the profile of ${email} is deactivated`);
  const session = await openSession(ctx, user, { ...input, email, bySso: true });
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    redirectTo: postSignInPath({ role: user.role as Role, passwordResetRequired: user.passwordResetRequired }),
  };
}

/** A network failure (refused, reset, timed out) rather than an answer from the provider. */
function unreachable(err: unknown): boolean {
  for (let e = err as { name?: string; code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
    if (e.code && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|UND_ERR_)/.test(e.code)) return true;
  }
  return false;
}
