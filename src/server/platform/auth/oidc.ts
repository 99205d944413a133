import * as client from 'openid-client';
import { isLoopbackHttp, type Config, type OidcConfig } from '../config';
import type { Executor } from '../db/client';
import { getSetting } from '../settings';

/** The OpenID provider could not be reached (discovery or the token request). */
export class OidcUnavailableError extends Error {}

export interface OidcClient {
  readonly settings: OidcConfig;
  /** The provider's configuration, discovered at first use and kept; a failure is retried next time. */
  configuration(): Promise<client.Configuration>;
}

/**
 * The relying party of single sign-on (decision 0036), through openid-client. Discovery waits for
 * the first sign-in, so a provider that is down never stops the app from starting. ID tokens are
 * checked with the provider's published keys (non-repudiation checks), on top of the library's
 * issuer, audience, expiry, nonce, state and PKCE checks. Plain http is allowed only for a provider
 * on this machine (tests and development; the config refuses it elsewhere).
 */
export function oidcClient(settings: OidcConfig): OidcClient {
  let discovered: Promise<client.Configuration> | null = null;
  const execute = [client.enableNonRepudiationChecks];
  if (isLoopbackHttp(settings.issuer)) execute.push(client.allowInsecureRequests);
  return {
    settings,
    configuration() {
      discovered ??= client
        .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, { execute, timeout: 10 })
        .catch((err: unknown) => {
          discovered = null;
          throw new OidcUnavailableError(`The OpenID provider at ${settings.issuer} could not be reached`, { cause: err });
        });
      return discovered;
    },
  };
}

/** Whether the password form signs people in: always without single sign-on, else the admin's setting. */
export async function passwordSignInAllowed(db: Executor, config: Pick<Config, 'oidc'>): Promise<boolean> {
  if (!config.oidc) return true;
  return getSetting(db, 'passwordSignIn');
}
