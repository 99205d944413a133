import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider for the single sign-on tests (decision 0036): oidc-provider on its own
 * port, one confidential client with PKCE required, and accounts whose ID tokens carry
 * {sub, email, email_verified}. Its login screen is a minimal interaction: a button per account
 * ("Sign in as ..."), which logs that account in and grants the client's scopes, so a browser (the
 * Playwright flow) or a test's fetch (the API tests) signs in as a chosen account.
 */
export interface TestAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds an account the login screen offers from now on. */
  addAccount(account: TestAccount): void;
  /** Stops answering (the connections are closed); the app sees a provider that is down. */
  close(): Promise<void>;
}

export const TEST_CLIENT_ID = 'lampstand-test';
export const TEST_CLIENT_SECRET = 'a-long-test-client-secret-for-lampstand';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function formBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Starts the provider; port 0 picks a free one. */
export async function startTestProvider(opts: {
  accounts: TestAccount[];
  redirectUris: string[];
  port?: number;
  host?: string;
}): Promise<TestProvider> {
  const host = opts.host ?? '127.0.0.1';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const accounts = new Map(opts.accounts.map((a) => [a.sub, a]));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        client_secret: TEST_CLIENT_SECRET,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // The e-mail in the ID token itself, as Google and Microsoft put it for the email scope.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['lampstand-test-provider-cookie-key'] },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: account.emailVerified }),
      };
    },
  });
  // oidc-provider only warns on Node 20; the tests' output stays readable without its notices.
  provider.on('server_error', (_ctx, err) => console.error('test OpenID provider:', err));
  const callback = provider.callback();

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!match) return callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (req.method === 'GET') {
          const buttons = [...accounts.values()]
            .map(
              (a) =>
                `<li><button type="submit" name="account" value="${escapeHtml(a.sub)}">Sign in as ${escapeHtml(a.email)}</button></li>`,
            )
            .join('');
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(
            `<!doctype html><html lang="en"><head><title>Test OpenID provider</title></head><body><main>` +
              `<h1>Test OpenID provider</h1><form method="post" action="/interaction/${details.uid}"><ul>${buttons}</ul></form>` +
              `</main></body></html>`,
          );
          return;
        }
        const accountId = (await formBody(req)).get('account') ?? '';
        if (!accounts.has(accountId)) {
          res.writeHead(400).end('unknown account');
          return;
        }
        const clientId = String(details.params.client_id);
        const grant = new provider.Grant({ accountId, clientId });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    })();
  });

  return {
    issuer,
    clientId: TEST_CLIENT_ID,
    clientSecret: TEST_CLIENT_SECRET,
    addAccount: (account) => accounts.set(account.sub, account),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A tiny cookie jar for following the provider's redirects with fetch, as a browser would. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Walks the provider's side of an authorization request as the browser would (the authorization
 * URL, its login screen, the chosen account, the resume) and returns where the provider finally
 * sends the browser: the app's callback with the code and state.
 */
export async function authorizeAt(authorizationUrl: string, sub: string): Promise<URL> {
  const jar = new Jar();
  let url = new URL(authorizationUrl);
  let method = 'GET';
  let body: string | undefined;
  for (let hops = 0; hops < 10; hops++) {
    const res = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    jar.take(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== url.origin) return next;
      url = next;
      method = 'GET';
      body = undefined;
      continue;
    }
    if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
      await res.text();
      method = 'POST';
      body = new URLSearchParams({ account: sub }).toString();
      continue;
    }
    throw new Error(`The test provider answered ${res.status} at ${url.pathname}: ${await res.text()}`);
  }
  throw new Error('Too many redirects at the test provider');
}
