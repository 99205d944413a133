import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, screenshot } from './fixtures';

/**
 * The production board scrolls sideways inside its own area, never the page, on a desktop
 * and on a phone; the lists read on a phone (cards below the small breakpoint).
 */

// Times read in the reader's locale convention; the flows read them as an en-US reader.
test.use({ locale: 'en-US' });

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The page's own horizontal overflow and the board area's. */
async function widths(page: Page) {
  return page.evaluate(() => {
    const board = document.querySelector('[data-testid="board-columns"]') as HTMLElement;
    return {
      page: document.scrollingElement!.scrollWidth,
      viewport: window.innerWidth,
      board: board.scrollWidth,
      boardBox: board.clientWidth,
    };
  });
}

const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

for (const size of SIZES) {
  test(`the board scrolls inside its area, not the page, at ${size.width} px`, async ({ page, signIn }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, 'coordinator', '/production');
    await expect(page.getByTestId('board-card').first()).toBeVisible();
    if (size.name === 'phone') {
      // A phone shows one column at a time, whole: the switcher brings the last one.
      await page.getByLabel('Column').selectOption('finished');
      await expect(page.getByRole('region', { name: 'Finished' })).toBeInViewport();
      const phone = await widths(page);
      expect(phone.page).toBeLessThanOrEqual(phone.viewport);
      expect(phone.board).toBeLessThanOrEqual(phone.boardBox);
      await screenshot(page, `layout-board-${size.width}`);
      return;
    }
    await expect(page.getByRole('region', { name: 'Finished' })).toBeAttached();

    const before = await widths(page);
    expect(before.page).toBeLessThanOrEqual(before.viewport);
    // Six columns do not fit: the board area itself scrolls.
    expect(before.board).toBeGreaterThan(before.boardBox);

    const columns = page.getByTestId('board-columns');
    await columns.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => columns.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: 'Finished' })).toBeInViewport();
    const after = await widths(page);
    expect(after.page).toBeLessThanOrEqual(after.viewport);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    await screenshot(page, `layout-board-${size.width}`);
  });

  test(`My Requests fits the window, its Details action in reach, at ${size.width} px`, async ({ page, signIn }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, 'requester', '/my-requests');
    await expect(page.getByRole('heading', { name: 'My Requests' })).toBeVisible();
    const details = page.getByRole('link', { name: /^Details of / }).first();
    // Inside the window, not clipped by or scrolled out of a table.
    await expect(details).toBeInViewport({ ratio: 1 });
    if (size.width < 640) {
      await expect(page.getByTestId('request-card').first()).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
    } else {
      await expect(page.getByRole('table')).toBeVisible();
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(size.width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `layout-my-requests-${size.width}`, { fullPage: true });
    await expectAccessible(page);
    await details.click();
    await expect(page).toHaveURL(/\/request\/[0-9a-f-]+$/);
    // The drawer reads the seeded 18:00-20:00 in the reader's (here en-US) convention.
    const overview = page.getByRole('region', { name: 'Overview' });
    await expect(overview.locator('dt', { hasText: /^Time$/ }).locator('+ dd')).toHaveText('6:00 PM - 8:00 PM');
  });

  test(`My Tasks fits the window, finished work apart, at ${size.width} px`, async ({ page, signIn }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, 'creative', '/my-tasks');
    await expect(page.getByRole('heading', { name: 'My Tasks' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Active Tasks/ })).toBeVisible();
    const completed = page.getByRole('button', { name: /^Completed/ });
    await expect(completed).toHaveAttribute('aria-expanded', 'false');
    await completed.click();
    const section = page.getByRole('region', { name: /^Completed/ });
    await expect(
      section
        .getByRole('listitem')
        .first()
        .or(section.getByText(/^No (completed tasks yet|tasks completed in the last 30 days)\.$/)),
    ).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(size.width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `layout-my-tasks-${size.width}`, { fullPage: true });
    await expectAccessible(page);
  });

  test(`the Intake Queue fits the window at ${size.width} px`, async ({ page, signIn }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, 'coordinator', '/intake');
    await expect(page.getByRole('heading', { name: 'Intake Queue' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^View / }).first()).toBeInViewport({ ratio: 1 });
    expect(await pageWidth(page)).toBeLessThanOrEqual(size.width);
    await screenshot(page, `layout-intake-${size.width}`, { fullPage: true });
  });
}
