import { test, expect, toastWith, screenshot } from './fixtures';

/**
 * While the server answers 503 (its database restarting), the app keeps the person
 * signed in, retries its reads and says once that it is briefly unavailable; when the server
 * answers again the notice goes away by itself and the screen fills in.
 */
test('a brief outage shows one notice instead of a failure, and the app recovers by itself', async ({ page, signIn }) => {
  await signIn(page, 'requester', '/my-requests');

  let down = true;
  let refused = 0;
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    if (!down || request.method() !== 'GET' || request.url().endsWith('/api/events')) return route.fallback();
    refused++;
    await route.fulfill({
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '1' },
      body: JSON.stringify({
        error: { code: 'unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' },
      }),
    });
  });

  await page.reload();
  const notice = toastWith(page, 'Lampstand is briefly unavailable');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Trying again automatically');
  // Several tries, still one notice, and no sign-out with "Could not fetch user profile".
  await expect.poll(() => refused).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await screenshot(page, 'outage-notice');
  expect(page.url()).toMatch(/\/my-requests$/);

  down = false;
  await expect(notice).toBeHidden();
  await expect(page).toHaveURL(/\/my-requests$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Could not fetch user profile')).toHaveCount(0);
  await screenshot(page, 'outage-recovered');
});
