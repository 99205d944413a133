import { startTestProvider, TEST_CLIENT_ID, TEST_CLIENT_SECRET, type TestProvider } from '../../src/server/test/oidc-provider';
import { E2E_BASE_PORT, emailOf, expect, expectAccessible, flowServerPorts, test, screenshot } from './fixtures';

/**
 * Single sign-on (decision 0036): the flow servers start with OIDC_* pointing at a real
 * OpenID provider (oidc-provider) that this file starts on its own port; a person signs in through
 * its login screen and lands on their screen, and an e-mail nobody added is turned away.
 */
// A port no flow server uses (theirs are E2E_PORT + multiples of 100).
const PROVIDER_PORT = E2E_BASE_PORT + 7;
const LABEL = 'Test Provider';

test.use({
  flowServerEnv: {
    OIDC_ISSUER: `http://127.0.0.1:${PROVIDER_PORT}`,
    OIDC_CLIENT_ID: TEST_CLIENT_ID,
    OIDC_CLIENT_SECRET: TEST_CLIENT_SECRET,
    OIDC_LABEL: LABEL,
    APP_ORIGIN: '$ORIGIN',
  },
});

let provider: TestProvider;
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, workerInfo) => {
  provider = await startTestProvider({
    port: PROVIDER_PORT,
    accounts: [
      { sub: 'coordinator', email: emailOf('coordinator'), emailVerified: true },
      { sub: 'stranger', email: 'stranger@example.org', emailVerified: true },
    ],
    redirectUris: flowServerPorts(workerInfo.parallelIndex).map((port) => `http://127.0.0.1:${port}/api/auth/oidc/callback`),
  });
});
test.afterAll(async () => provider?.close());

test('a person signs in through the OpenID provider and lands on their screen; an unknown e-mail is told to ask an admin', async ({
  page,
}) => {
  await page.goto('/login');
  const button = page.getByRole('link', { name: `Sign in with ${LABEL}` });
  await expect(button).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'sso-login-1280', { fullPage: true });

  await button.click();
  await expect(page.getByRole('heading', { name: 'Test OpenID provider' })).toBeVisible();
  await page.getByRole('button', { name: `Sign in as ${emailOf('coordinator')}` }).click();
  // The sign-in lands on /admin/intake, which the app at once redirects to /intake: a fast machine
  // never shows the first, so either ends the sign-in.
  await expect(page).toHaveURL(/\/intake$/);
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session.user).toMatchObject({ email: emailOf('coordinator'), role: 'coordinator' });

  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
  await page.getByRole('button', { name: 'Sign in as stranger@example.org' }).click();
  await expect(page).toHaveURL(/\/login\?sso=unknown$/);
  await expect(page.getByRole('alert')).toHaveText('Need access? Contact an administrator to be added');
  await expect(page.getByRole('link', { name: `Sign in with ${LABEL}` })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'sso-login-unknown-1280', { fullPage: true });
});
