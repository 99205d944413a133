import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from './chromium-flags';

/**
 * The features the installed Playwright disables in Chromium, read from its source: the list in
 * its chromium switches (`disabledFeatures = [ ... ]`), without the comments between the entries.
 */
function installedPlaywrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const bundle = path.join(path.dirname(require.resolve('playwright-core/package.json')), 'lib', 'coreBundle.js');
  const source = fs.readFileSync(bundle, 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(source)?.[1];
  if (!list) throw new Error(`Playwright's disabled features were not found in ${bundle}: read where it builds its Chromium switches now`);
  const code = list
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');
  return [...code.matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]);
}

describe('the Chromium switches of the flows and the first-screen measurement', () => {
  it('repeat every feature the installed Playwright disables, as Chromium keeps only the last list it is given', () => {
    const installed = installedPlaywrightDisabledFeatures();
    expect(installed.length).toBeGreaterThan(5);
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...installed].sort());
  });

  it('pass one list of disabled features: Playwright’s, the address bar’s pop-ups and the spare renderer', () => {
    const lists = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(lists).toHaveLength(1);
    const features = lists[0].slice('--disable-features='.length).split(',');
    expect(features).toEqual(
      expect.arrayContaining([
        ...PLAYWRIGHT_DISABLED_FEATURES,
        'WebUIOmniboxPopup',
        'WebUIOmniboxAimPopup',
        'SpareRendererForSitePerProcess',
      ]),
    );
  });
});
