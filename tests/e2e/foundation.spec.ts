import { test, expect, login, expectAccessible, DEMO_PASSWORD, emailOf, type SignedInRole, screenshot } from './fixtures';

/** guide/roles-and-access.md: sign-in destinations and menus per role, password flows, the bell, public pages. */

const MENUS: Record<string, { groups: string[]; admin: boolean }> = {
  admin: { groups: ['My Work', 'Workflow', 'Planning', 'Management'], admin: true },
  coordinator: { groups: ['My Work', 'Workflow', 'Planning', 'Management'], admin: false },
  approver: { groups: ['My Work', 'Workflow', 'Planning'], admin: false },
  creative: { groups: ['My Work', 'Workflow', 'Planning'], admin: false },
  requester: { groups: ['My Work', 'Planning'], admin: false },
  viewer: { groups: ['My Work', 'Planning'], admin: false },
};

const LANDS_ON: Record<string, RegExp> = {
  admin: /\/intake$/,
  coordinator: /\/intake$/,
  approver: /\/my-tasks$/,
  creative: /\/production$/,
  requester: /\/my-requests$/,
  viewer: /\/my-requests$/,
};

/**
 * Where each role lands: the sign-in page sends a signed-in person on (the form does the same, see
 * the sign-out flow below, which signs in through it).
 */
for (const role of Object.keys(MENUS) as Array<keyof typeof MENUS>) {
  test(`${role} lands where the spec says after signing in, and sees the spec's menu`, async ({ page, signIn }) => {
    await signIn(page, role as SignedInRole, '/login');
    await expect(page).toHaveURL(LANDS_ON[role]);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const group of ['My Work', 'Workflow', 'Planning', 'Management']) {
      const button = nav.getByRole('button', { name: group, exact: true });
      if (MENUS[role].groups.includes(group)) await expect(button).toBeVisible();
      else await expect(button).toHaveCount(0);
    }
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(MENUS[role].admin ? 1 : 0);
    await expectAccessible(page);
  });
}

test('a deactivated profile is refused with the spec message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('inactive@example.org');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your account has been deactivated.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the service message and re-enables the button', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(emailOf('requester'));
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('newhire is confined to /change-password until the password is changed', async ({ page }) => {
  await login(page, 'newhire');
  await expect(page).toHaveURL(/\/change-password$/);
  await page.goto('/my-requests');
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('short');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Password too short').first()).toBeVisible();
  // The temporary password proves it is the newhire: a wrong one is said under its field, and
  // what was typed stays.
  const temporary = page.getByLabel('Temporary Password');
  await temporary.fill('not-the-temporary-one');
  await page.getByLabel('New Password', { exact: true }).fill('Brand-new-pass-1');
  await page.getByLabel('Confirm New Password').fill('Brand-new-pass-1');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your current password is not right.' })).toBeVisible();
  await expect(temporary).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('New Password', { exact: true })).toHaveValue('Brand-new-pass-1');
  // The earlier toast closed, so the check sees the form.
  await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'change-password-wrong-temporary');
  await temporary.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page).toHaveURL(/\/my-requests$/, { timeout: 30_000 });
});

test('forgot password: the e-mail lands in the outbox with its link masked for the admin who reads it', async ({ page, signedInPage }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  await expect(page.getByText('Please enter your email address to reset your password.')).toBeVisible();
  await page.getByLabel('Email').fill(emailOf('approver'));
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  await expect(page.getByText('Password reset link sent to your email.').first()).toBeVisible();

  // An admin sees the queued e-mail in the outbox, but never the link's token (decision 0053).
  const adminPage = await signedInPage('admin', '/admin/settings');
  await expect(adminPage.getByText('Reset your Lampstand password').first()).toBeVisible();
  const res = await adminPage.request.get(`/api/admin/outbox?recipient=${emailOf('approver')}`);
  const { items } = await res.json();
  expect(items[0].actionUrl).toMatch(/\/change-password\?token=•+$/);
  await adminPage.context().close();
});

test('a requester signs in through the form, lands on My Requests; signing out ends the session and goes to /login', async ({ page }) => {
  await login(page, 'requester');
  await expect(page).toHaveURL(/\/my-requests$/);
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/my-requests');
  await expect(page).toHaveURL(/\/$/);
});

test('the mobile menu lists the groups, More with Archive and Admin, and Sign Out', async ({ signedInPage }) => {
  const page = await signedInPage('admin', '/intake', { viewport: { width: 390, height: 844 } });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByText('More')).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Archive', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.context().close();
});

test('landing page and help render from content, and help feedback is thanked', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  for (const name of ['Major Event', 'Standard Event', 'Simple Announcement', 'The Landing - Full Promo', 'The Landing - Internal']) {
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText(String(new Date().getFullYear())).first()).toBeVisible();
  await expectAccessible(page);
  await page.goto('/help#promotion-tiers');
  await expect(page.locator('#promotion-tiers')).toBeVisible();
  await page.locator('#getting-started').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('toast').getByText('Thank you for your feedback!')).toBeVisible();
  await expect(page.getByTestId('toast').getByText("We're glad this article was helpful.")).toBeVisible();
  await expectAccessible(page);
});

test('unknown paths go to / when signed out', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/intake');
  await expect(page).toHaveURL(/\/$/);
});

test('the accessibility check fails on serious and critical violations and on no others', async ({ page }) => {
  // A nameless button (critical) and grey text on white (serious, 1.6:1), then a page whose only
  // finding is a skipped heading level (moderate).
  await page.setContent(
    '<html lang="en"><title>t</title><main><button></button><p style="color:#ccc;background:#fff">Faint</p></main></html>',
  );
  const failure = await expectAccessible(page).then(
    () => null,
    (err: Error) => err.message,
  );
  expect(failure).toContain('button-name: button');
  expect(failure).toContain('color-contrast: p');
  await page.setContent('<html lang="en"><title>t</title><main><h1>One</h1><h4>Four</h4></main></html>');
  await expectAccessible(page);
});
