import { DEMO_PASSWORD, emailOf, expect, test } from './fixtures';
import { measureFirstScreen, SLOW_NETWORK } from '../../src/bench/first-screen';

/** The first-screen measurement of decision 0043 (npm run bench:first-screen) runs and times both screens. */
test('the first-screen measurement loads the landing page and My Requests throttled and times their first heading', async ({ baseURL }) => {
  const timings = await measureFirstScreen(baseURL!, {
    loads: 1,
    email: emailOf('coordinator'),
    password: DEMO_PASSWORD,
    chromiumPath: process.env.CHROMIUM_PATH,
  });
  expect(timings.map((t) => [t.screen, t.signedIn])).toEqual([
    ['landing', false],
    ['My Requests', true],
  ]);
  for (const t of timings) {
    expect(t.times).toHaveLength(1);
    // The page, the entry, the screen's chunks and the session are at least four round trips apart.
    expect(t.median).toBeGreaterThan(4 * SLOW_NETWORK.latencyMs);
    expect(t.median).toBe(t.times[0]);
  }
});
