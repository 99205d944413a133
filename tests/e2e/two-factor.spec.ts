import { Secret, TOTP } from 'otpauth';
import { expect, expectAccessible, login, test, screenshot } from './fixtures';

const STEP_MS = 30_000;
/** The authenticator app's time step (its code changes every 30 seconds) at a moment. */
const stepAt = (ms: number) => Math.floor(ms / STEP_MS);

/** The code an authenticator app shows during a time step, for the key read off the page. */
function codeAt(secret: string, step: number): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: STEP_MS / 1000 });
  return totp.generate({ timestamp: step * STEP_MS });
}

/**
 * Two-step verification: a person sets up an authenticator app from the account page
 * (the key read off the page stands in for the app), signs out, signs in with a code, then again
 * with a recovery code.
 */
test('enroll a second factor, then sign in with a code and with a recovery code', async ({ page, signIn }) => {
  await signIn(page, 'creative', '/account');
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await expect(section.getByText('Two-step verification is off.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sessions' }).getByText('This device')).toBeVisible();
  await expectAccessible(page);

  await section.getByRole('button', { name: 'Set up two-step verification' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await section.locator('[data-secret]').getAttribute('data-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(section.getByText(secret.match(/.{4}/g)!.join(' '))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'two-factor-enroll', { fullPage: true });

  // Each use of a code needs a newer time step than the last (a step once used is refused), and the
  // server takes the step before its own and the one after. Turning it on uses the step before the
  // one ten seconds from now, so it is still taken when the click reaches the server; signing in
  // and new recovery codes use the next two.
  const firstStep = stepAt(Date.now() + 10_000);
  await section.getByLabel('Code from the app').fill(codeAt(secret, firstStep - 1));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codesList = section.getByRole('list', { name: 'Recovery codes' });
  await expect(codesList.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await codesList.getByRole('listitem').allTextContents();
  await expectAccessible(page);
  await screenshot(page, 'two-factor-recovery-codes', { fullPage: true });
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText(/Recovery codes left: 10/)).toBeVisible();

  // Sign out; the password alone now leads to the second step.
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, 'creative');
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  // Nothing else is reachable until then.
  await page.goto('/calendar');
  await expect(page).toHaveURL(/\/verify$/);
  const code = page.getByLabel('Code', { exact: true });
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expectAccessible(page);
  await screenshot(page, 'two-factor-verify');

  // A step newer than the one used to turn it on, and not behind the clock.
  const signInStep = Math.max(firstStep, stepAt(Date.now()));
  await code.fill(codeAt(secret, signInStep));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/production$/);

  // And with a recovery code.
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, 'creative');
  await expect(page).toHaveURL(/\/verify$/);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/production$/);

  await page.goto('/account');
  await expect(section.getByText(/Recovery codes left: 9/)).toBeVisible();
  await screenshot(page, 'two-factor-account', { fullPage: true });

  // New recovery codes need a current code: the session alone is not enough. A step newer than the
  // sign-in's is taken once the clock has reached the sign-in's (at most ten seconds after turning on).
  await section.getByRole('button', { name: 'New recovery codes' }).click();
  const field = section.getByLabel('To make new recovery codes, enter a current code from the app');
  await expect(field).toBeFocused();
  await field.fill('000000');
  await section.getByRole('button', { name: 'Make new recovery codes' }).click();
  await expect(section.getByRole('alert')).toHaveText(/That code is not right/);
  await expectAccessible(page);
  await screenshot(page, 'two-factor-new-codes-wrong', { fullPage: true });
  await expect.poll(() => stepAt(Date.now()), { timeout: 40_000, intervals: [500] }).toBeGreaterThanOrEqual(signInStep);
  await field.fill(codeAt(secret, Math.max(signInStep + 1, stepAt(Date.now()))));
  await section.getByRole('button', { name: 'Make new recovery codes' }).click();
  const fresh = section.getByRole('list', { name: 'Recovery codes' });
  await expect(fresh.getByRole('listitem')).toHaveCount(10);
  expect(await fresh.getByRole('listitem').allTextContents()).not.toContain(recoveryCodes[1]);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText(/Recovery codes left: 10/)).toBeVisible();
});
