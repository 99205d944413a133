/**
 * Time to the first screen in a real browser on a slow connection (decision 0043): the bundle
 * figures count bytes, this counts what a person waits for, round trips included.
 *
 *   tsx src/bench/first-screen.ts --url http://localhost:3000 [--loads 9] [--email E --password P]
 *
 * Debian's Chromium, throttled through the DevTools protocol (1.6 Mbit/s down, 150 ms latency by
 * default), cache off, a fresh browser context per load. The time runs from navigation start to
 * the first `<h1>` in the page, read by a MutationObserver inside the page (polling from outside
 * adds hundreds of milliseconds). The landing page is opened signed out; My Requests signed in as
 * the given person (the demo coordinator by default).
 */
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS } from '../build/chromium-flags';

export interface Network {
  /** Added to every request, in ms. */
  latencyMs: number;
  downloadBitsPerSecond: number;
  uploadBitsPerSecond: number;
}

export const SLOW_NETWORK: Network = { latencyMs: 150, downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000 };

export interface FirstScreenOptions {
  loads: number;
  email: string;
  password: string;
  network?: Network;
  chromiumPath?: string;
}

export interface FirstScreenTiming {
  screen: string;
  path: string;
  signedIn: boolean;
  /** Each load's time to the first heading, ms. */
  times: number[];
  median: number;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function signedInState(browser: Browser, url: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
  const state = await context.storageState();
  await context.close();
  return state;
}

/** One cold load of `path`: ms from navigation start to the first `<h1>`. */
async function loadOnce(context: BrowserContext, path: string, network: Network): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: network.latencyMs,
    downloadThroughput: network.downloadBitsPerSecond / 8,
    uploadThroughput: network.uploadBitsPerSecond / 8,
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __firstHeading?: number };
    new MutationObserver((_, observer) => {
      if (document.querySelector('h1')) {
        w.__firstHeading = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('h1').first().waitFor({ timeout: 60_000 });
  return Math.round(await page.evaluate(() => (window as unknown as { __firstHeading: number }).__firstHeading));
}

/** The landing page signed out and My Requests signed in, `loads` cold loads each. */
export async function measureFirstScreen(url: string, options: FirstScreenOptions): Promise<FirstScreenTiming[]> {
  const network = options.network ?? SLOW_NETWORK;
  const browser = await chromium.launch({ executablePath: options.chromiumPath ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const state = await signedInState(browser, url, options.email, options.password);
    const screens = [
      { screen: 'landing', path: '/', signedIn: false },
      { screen: 'My Requests', path: '/my-requests', signedIn: true },
    ];
    const timings: FirstScreenTiming[] = [];
    for (const screen of screens) {
      const times: number[] = [];
      for (let i = 0; i < options.loads; i++) {
        const context = await browser.newContext({ baseURL: url, storageState: screen.signedIn ? state : undefined });
        try {
          times.push(await loadOnce(context, screen.path, network));
        } finally {
          await context.close();
        }
      }
      timings.push({ ...screen, times, median: median(times) });
    }
    return timings;
  } finally {
    await browser.close();
  }
}

function flag(argv: string[], name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
}

async function main(argv: string[]): Promise<void> {
  const url = flag(argv, 'url', 'http://localhost:3000');
  const timings = await measureFirstScreen(url, {
    loads: Number(flag(argv, 'loads', '9')),
    email: flag(argv, 'email', 'coordinator@example.org'),
    password: flag(argv, 'password', 'Lampstand-demo-1'),
    chromiumPath: process.env.CHROMIUM_PATH,
  });
  const { latencyMs, downloadBitsPerSecond } = SLOW_NETWORK;
  console.log(`Time to the first heading at ${url} (${downloadBitsPerSecond / 1e6} Mbit/s, ${latencyMs} ms latency, cache off)\n`);
  for (const t of timings) {
    console.log(`${t.screen}${t.signedIn ? ' (signed in)' : ' (signed out)'}: median ${t.median} ms (${t.times.join(', ')})`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  });
}
