import { expect, expectAccessible, test, toastWith, screenshot } from './fixtures';

/** Backups on Admin Settings and their line on System Health, as an admin uses them. */

test('an admin backs up now, finds the archive listed and downloadable, and System Health gives its age', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/admin/settings');
  const heading = page.getByRole('heading', { name: 'Backups', exact: true });
  await expect(heading).toBeVisible();
  const list = page.getByRole('region', { name: 'Backups on the server' });
  const links = list.getByRole('link', { name: /^Download lampstand-backup-/ });
  // The church backs up on its own soon after the server starts (on by default on the embedded
  // database, and with BACKUP_DIR on PostgreSQL; each copy of the flows' church starts with the
  // day's backup made); a second backup waits for that one, so the admin finds it listed first.
  // Each look waits for the list to load (a table, or "No backups yet."): counting while it still
  // loads, then reloading, never let a slow list arrive.
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(list).toBeVisible();
        return links.count();
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  const before = await links.count();

  const backUp = page.getByRole('button', { name: 'Back up now' });
  await backUp.click();
  await expect(toastWith(page, 'Backup made.')).toBeVisible();
  await expect(backUp).toBeEnabled();
  await expect(links).toHaveCount(before + 1);
  // Newest first: the one just made heads the list, named by the moment it was made.
  const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  await expect(links.first()).toHaveAccessibleName(new RegExp(`^Download lampstand-backup-${stamp}T`));
  const href = await links.first().getAttribute('href');
  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/gzip');
  expect((await download.body()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

  await heading.scrollIntoViewIfNeeded();
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'backups-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await heading.scrollIntoViewIfNeeded();
  await screenshot(page, 'backups-390');
  await expectAccessible(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/system-health');
  await page.getByRole('button', { name: 'Run Health Check' }).click();
  await expect(toastWith(page, 'Health Check Complete!')).toBeVisible();
  const line = page
    .getByRole('list', { name: 'Health check log' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Last good backup' }) })
    .first();
  await expect(line).toContainText('The last backup is 0 hours old.');
  await expect(line.getByText('Passed')).toBeVisible();
});
