/**
 * The part of oidc-provider (a test-only dependency, which ships no types) that the test OpenID
 * provider uses (src/server/test/oidc-provider.ts).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Interaction {
    uid: string;
    params: Record<string, unknown>;
  }

  interface Account {
    accountId: string;
    claims: () => Record<string, unknown>;
  }

  class Grant {
    constructor(init: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  interface Configuration {
    clients: Array<Record<string, unknown>>;
    pkce?: { required: () => boolean };
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, { enabled: boolean }>;
    interactions?: { url: (ctx: unknown, interaction: Interaction) => string };
    cookies?: { keys: string[] };
    findAccount: (ctx: unknown, sub: string) => Account | undefined | Promise<Account | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: 'server_error', listener: (ctx: unknown, err: Error) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
