import type { Page } from '@playwright/test';
import { test, expect, login } from './fixtures';

/**
 * Issue 8: the production board scrolls sideways inside its own area, never the page, on a desktop
 * and on a phone; the lists read on a phone (cards below the small breakpoint).
 */

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

async function signIn(page: Page, role: 'coordinator' | 'creative' | 'requester') {
  await login(page, role);
  await expect(page).not.toHaveURL(/\/login$/);
}

for (const size of SIZES) {
  test(`the board scrolls inside its area, not the page, at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, 'coordinator');
    await page.goto('/production');
    await expect(page.getByRole('region', { name: 'Finished' })).toBeAttached();
    await expect(page.getByTestId('board-card').first()).toBeVisible();

    const before = await widths(page);
    expect(before.page).toBeLessThanOrEqual(before.viewport);
    // Six 320 px columns do not fit: the board area itself scrolls.
    expect(before.board).toBeGreaterThan(before.boardBox);

    const columns = page.getByTestId('board-columns');
    await columns.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => columns.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: 'Finished' })).toBeInViewport();
    const after = await widths(page);
    expect(after.page).toBeLessThanOrEqual(after.viewport);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    await page.screenshot({ path: `test-results/layout-board-${size.width}.png` });
  });
}
