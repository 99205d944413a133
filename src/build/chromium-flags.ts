/**
 * The switches Chromium starts with, on top of Playwright's own, for the browser flows
 * (playwright.config.ts) and the first-screen measurement (src/bench/first-screen.ts).
 *
 * Chromium keeps only the last `--disable-features` it is given, and Playwright passes one of its
 * own before ours: so ours repeats Playwright's list (`PLAYWRIGHT_DISABLED_FEATURES`, which
 * chromium-flags.test.ts compares with the installed Playwright's) and adds to it.
 */

/** Playwright's own `--disable-features` list (playwright-core's chromium switches). */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's pop-ups, which Chromium renders as web pages of its own: every browser context
 * opened starts two more renderer processes for them, though a headless browser shows no
 * address bar.
 */
const OMNIBOX_POPUPS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The renderer process Chromium starts ahead for the next page: it belongs to the browser context
 * that was last used, so a new context never takes it and Chromium starts another.
 */
const SPARE_RENDERER = ['SpareRendererForSitePerProcess'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUPS, ...SPARE_RENDERER].join(',')}`,
];
