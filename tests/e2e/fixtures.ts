import { test as base, expect, type BrowserContextOptions, type Locator, type Page, type APIRequestContext } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DATA_ROOT, EMPTY_CHURCH_DIR, TEMPLATE_DIR } from './data-dirs';
import { emptyChurchAdmin, type FirstAdmin } from './empty-church';
import { copyFlowsTemplate, flowsTemplateDatabase, onPostgres } from './flow-database';
import { FLOW_SERVER } from './flow-server';
import { SESSIONS_FILE, SESSIONS_PER_ROLE, type SessionFile, type SignedInRole } from './sessions';

export const DEMO_PASSWORD = 'Lampstand-demo-1';
export type DemoRole = 'admin' | 'coordinator' | 'approver' | 'creative' | 'requester' | 'viewer' | 'newhire';
export const emailOf = (role: DemoRole) => `${role}@example.org`;
export type { SignedInRole };

/**
 * Signs in through the real form, as a person would: for the flows whose subject is the sign-in
 * (the form, the second step, a forced password change). Any other flow starts signed in with
 * `signIn` or `signedInPage`.
 */
export async function login(page: Page, role: DemoRole, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(emailOf(role));
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Calls the API as the page's signed-in user (cookie + CSRF token from the session). */
export async function apiAs(request: APIRequestContext) {
  const session = await (await request.get('/api/auth/session')).json();
  return {
    user: session.user as { id: string; role: string },
    post: (url: string, data: unknown) => request.post(url, { data, headers: { 'x-csrf-token': session.csrfToken } }),
  };
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const SCREENSHOTS_DIR = process.env.E2E_SCREENSHOTS_DIR;
/** Whether this run takes `screenshot`s: a flow that changes the viewport only for its pictures skips that too. */
export const takingScreenshots = !!SCREENSHOTS_DIR;

/**
 * A picture of a screen, for a person to look at (each screen at 1280 and 390 px): written to
 * E2E_SCREENSHOTS_DIR as `<name>.png` when that is set, and not taken otherwise. A run of the
 * suite (`npm test`, CI) takes none: nothing reads them there, and capturing and encoding them was
 * the browser's work, on the two cores the flows share.
 *
 *   E2E_SCREENSHOTS_DIR=/tmp/screens npx playwright test tests/e2e/runways.spec.ts
 */
export async function screenshot(target: Page | Locator, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (!SCREENSHOTS_DIR) return;
  const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
  await ('goto' in target ? target.screenshot({ path: file, fullPage: opts.fullPage }) : target.screenshot({ path: file }));
}

/**
 * Runs axe in the page and fails on serious or critical violations.
 *
 * It runs only the rules that can report one: axe gives each violation its rule's impact (a fixed
 * one in axe's own rule metadata), so the other rules' findings were always left out, and running
 * them was a quarter of every check (one of them also had axe download the page's style sheets).
 */
export async function expectAccessible(page: Page) {
  // Once per document: a page checked again before it navigates still has axe. Evaluated through
  // the DevTools protocol, which the page's CSP does not govern, rather than as an inline <script>:
  // that took the page twice as long to load axe.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const axe = window.axe;
    type Rule = { id: string; enabled?: boolean; impact?: string };
    const rules = (axe._audit.rules as Rule[])
      .filter((rule) => rule.enabled !== false && rule.impact !== 'minor' && rule.impact !== 'moderate')
      .map((rule) => rule.id);
    const result = await axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
    return result.violations
      .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: { id: string; nodes: Array<{ target: string[] }> }) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, violations.join('\n')).toEqual([]);
}

// ---------------------------------------------------------------- one server and database per spec file

/**
 * Every spec file runs against its own server on its own fresh copy of the demo church that
 * global-setup.ts seeded (on the run's PostgreSQL server when it has one, flow-database.ts, and on
 * the embedded database otherwise): a flow never sees rows another file changed (the
 * newhire's one password change, a decided approval), whatever order the files run in. A failed
 * test ends its worker, so its retry starts on a fresh copy too.
 *
 * Booting a server takes seconds, so each worker keeps the next one booting while a file runs
 * (every fresh server is alike): a new file takes the spare at once. E2E_PORT and E2E_DATA_DIR say
 * where this run puts its servers: worker n uses E2E_PORT + 200n and E2E_PORT + 200n + 100 (runs
 * whose E2E_PORTs differ by less than 100 never meet), with their data under E2E_DATA_DIR.
 */
const BASE_PORT = Number(process.env.E2E_PORT || 3300);
const SERVER_START_TIMEOUT_MS = 120_000;

interface FlowServer {
  url: string;
  /** On a church started without the demo (SEED_DEMO=0): the admin create-admin made, with its temporary password. */
  firstAdmin?: () => FirstAdmin | null;
  /** Settles when the server answers; rejects with its output if it cannot start. */
  ready: Promise<void>;
  /** A file waits for this server now: it must answer within SERVER_START_TIMEOUT_MS from here. */
  need(): void;
  stop(): Promise<void>;
}

/**
 * Polls until the server answers. The bound runs from when a file first needs the server
 * (`neededAt`), not from its spawn: a spare booting beside a long flow on a loaded machine may take
 * longer than the bound to come up, and that costs no one anything until a file waits for it.
 */
async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string, neededAt: () => number | null): Promise<void> {
  const deadline = () => (neededAt() ?? Infinity) + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline()) {
    // Killed by a signal (exitCode stays null): say so now rather than wait out the deadline.
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The flow server exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    const answered = await fetch(`${url}/api/auth/session`).then(
      (res) => res.ok,
      () => false,
    );
    if (answered) return warmUp(url);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The flow server did not answer at ${url} within ${SERVER_START_TIMEOUT_MS} ms:\n${output()}`);
}

/**
 * A session cookie the server does not know: reading it makes the server's first database query
 * (the session lookup) while the server is still the spare, so a file's first screen does not wait
 * for the embedded database to warm up.
 */
async function warmUp(url: string): Promise<void> {
  await fetch(`${url}/api/auth/session`, { headers: { cookie: `${demoSessions().cookies.session}=warm-up` } });
}

/**
 * A server that starts once `before` has settled (its data made ready, or its slot's old server
 * gone: they share the port), and whose data `cleanUp` removes after it stops. It stands for the
 * server from the start, so a file that comes first waits for this one; its readiness bound runs
 * from when a file needs it, as for any server, and a stop before it started means it never does.
 */
function deferredServer<T>(
  port: number,
  before: Promise<T>,
  start: (value: T) => FlowServer,
  cleanUp: () => Promise<void> = async () => {},
): FlowServer {
  let inner: FlowServer | null = null;
  let needed = false;
  let stopped = false;
  const started = before.then((value) => {
    if (stopped) return null;
    inner = start(value);
    if (needed) inner.need();
    return inner;
  });
  const ready = started.then((server) => server?.ready);
  // A server stopped before it answered fails its readiness: only a file that waits for it hears.
  ready.catch(() => {});
  return {
    url: `http://127.0.0.1:${port}`,
    ready,
    need: () => {
      needed = true;
      inner?.need();
    },
    stop: async () => {
      stopped = true;
      await (await started.catch(() => null))?.stop();
      await before.then(cleanUp, () => {});
    },
  };
}

/** A server that boots once `prepare` has made its data ready, with the variables it gives on top of the spec's. */
function bootWhenPrepared(
  port: number,
  dataDir: string,
  extraEnv: Record<string, string>,
  prepare: () => Promise<Record<string, string>>,
  cleanUp?: () => Promise<void>,
): FlowServer {
  return deferredServer(port, prepare(), (env) => startFlowServer(port, dataDir, { ...env, ...extraEnv }, { prepared: true }), cleanUp);
}

/**
 * A church without the demo (`flowServerEnv: { SEED_DEMO: '0' }`): a copy of the empty church
 * global-setup.ts made with `npm run create-admin`, as a real church starts, on the embedded
 * database whatever the run's other servers use.
 */
function startEmptyChurchServer(port: number, dataDir: string, extraEnv: Record<string, string>): FlowServer {
  let admin: FirstAdmin | null = null;
  const server = bootWhenPrepared(port, dataDir, extraEnv, async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.cpSync(EMPTY_CHURCH_DIR, dataDir, { recursive: true });
    admin = emptyChurchAdmin();
    return {};
  });
  return { ...server, firstAdmin: () => admin };
}

/**
 * The demo church on the run's PostgreSQL server: a copy of the seeded template database
 * (flow-database.ts), dropped when the server stops, beside the template's files.
 */
function startDemoChurchOnPostgres(port: number, dataDir: string, extraEnv: Record<string, string>): FlowServer {
  const copy = copyFlowsTemplate();
  return bootWhenPrepared(
    port,
    dataDir,
    extraEnv,
    async () => ({ DATABASE_URL: (await copy).url, ...onPostgres(`http://127.0.0.1:${port}`, dataDir) }),
    async () => (await copy).drop(),
  );
}

/**
 * Starts the server (src/server/main.ts as flow-server.ts bundled it, serving the built app) on a
 * fresh copy of the demo church, with a spec's own variables on top (`flowServerEnv`; `$ORIGIN` in
 * a value stands for this server's origin). `prepared`: the data directory and database are ready.
 */
function startFlowServer(
  port: number,
  dataDir: string,
  extraEnv: Record<string, string> = {},
  opts: { prepared?: boolean } = {},
): FlowServer {
  if (!opts.prepared) {
    if (extraEnv.SEED_DEMO === '0') return startEmptyChurchServer(port, dataDir, extraEnv);
    fs.rmSync(dataDir, { recursive: true, force: true });
    // The demo church's files, migrated and seeded once by global-setup.ts (and its database, on
    // the embedded one).
    fs.cpSync(TEMPLATE_DIR, dataDir, { recursive: true });
    if (flowsTemplateDatabase()) return startDemoChurchOnPostgres(port, dataDir, extraEnv);
  }
  const url = `http://127.0.0.1:${port}`;
  const extra = Object.fromEntries(Object.entries(extraEnv).map(([k, v]) => [k, v.replaceAll('$ORIGIN', url)]));
  const child = spawn(process.execPath, [FLOW_SERVER], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      OUTBOX_POLL_MS: '1000',
      DATABASE_URL: '',
      SMTP_URL: '',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk);
  });
  // A worker that dies without its teardown must not leave a server holding the port.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', killOnExit);
      resolve();
    }),
  );
  let neededAt: number | null = null;
  const ready = waitUntilAnswering(
    url,
    child,
    () => log,
    () => neededAt,
  );
  ready.catch(() => child.kill('SIGTERM'));
  return {
    url,
    ready,
    need: () => {
      neededAt ??= Date.now();
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The ports of one worker's two flow servers (a spec that registers its origin somewhere needs them). */
export const flowServerPorts = (parallelIndex: number) => [0, 1].map((slot) => BASE_PORT + 200 * parallelIndex + 100 * slot);
export const E2E_BASE_PORT = BASE_PORT;

/**
 * A worker's two server slots: one serves the current file while the other boots the next, as the
 * demo church. A file with variables of its own (`flowServerEnv`) boots its server in the spare's
 * place when it starts: every file runs in the same workers, so none waits for a worker of its own
 * at the end of the run.
 */
function serverSlots(parallelIndex: number) {
  const slots = [0, 1].map((slot) => ({
    port: flowServerPorts(parallelIndex)[slot],
    dataDir: path.join(DATA_ROOT, `worker-${parallelIndex}-${slot}`),
    server: null as FlowServer | null,
  }));
  let spare = 0;
  let current: { run: string; slot: number; env: Record<string, string> } | null = null;
  // The demo sessions the current run has handed out: its server is a fresh copy, with all unused.
  const taken = new Map<SignedInRole, number>();
  // A slot is free once its old server has stopped: its next one boots after that.
  const boot = (slot: number, old: FlowServer | null = null) => {
    slots[slot].server = deferredServer(slots[slot].port, old?.stop() ?? Promise.resolve(), () =>
      startFlowServer(slots[slot].port, slots[slot].dataDir),
    );
  };
  boot(spare);
  return {
    /** The server of one run of a spec file (its name, repetition and retry). */
    async serverFor(run: string, env: Record<string, string>): Promise<FlowServer> {
      if (current?.run === run) return slots[current.slot].server!;
      const taking = spare;
      const leaving = current?.slot;
      current = { run, slot: taking, env };
      taken.clear();
      spare = 1 - taking;
      const old = leaving === undefined ? null : slots[leaving].server;
      const next = spare;
      boot(next, old);
      if (Object.keys(env).length > 0) {
        await slots[taking].server!.stop();
        slots[taking].server = startFlowServer(slots[taking].port, slots[taking].dataDir, env);
      }
      slots[taking].server!.need();
      await slots[taking].server!.ready;
      return slots[taking].server!;
    },
    /** An unused session of the role on the current run's server, and the cookies to hold it. */
    takeSession(role: SignedInRole) {
      if (current?.env.SEED_DEMO === '0') throw new Error('A church without the demo has no demo users to sign in as.');
      const file = demoSessions();
      const n = taken.get(role) ?? 0;
      const session = file.roles[role].sessions[n];
      if (!session) throw new Error(`A spec file signs ${role} in more than ${SESSIONS_PER_ROLE} times: raise SESSIONS_PER_ROLE.`);
      taken.set(role, n + 1);
      return { names: file.cookies, token: session.token, expires: session.expires, device: file.roles[role].device };
    },
    async stopAll() {
      await Promise.all(slots.map((s) => s.server?.stop()));
    },
  };
}

let sessionFile: SessionFile | null = null;
/** The demo sessions' cookies global-setup.ts wrote (read once per worker). */
const demoSessions = (): SessionFile => (sessionFile ??= JSON.parse(fs.readFileSync(SESSIONS_FILE, 'utf8')) as SessionFile);

const DEVICE_COOKIE_DAYS = 180;

/** Puts a session of the role in the page's browser context, then opens the first screen if given. */
type SignIn = (page: Page, role: SignedInRole, firstScreen?: string) => Promise<void>;
/** A new browser context (with the options given) signed in as the role, on the first screen if given. */
type SignedInPage = (role: SignedInRole, firstScreen?: string, options?: BrowserContextOptions) => Promise<Page>;

export const test = base.extend<
  {
    flowServerEnv: Record<string, string>;
    firstAdmin: FirstAdmin | null;
    signIn: SignIn;
    signedInPage: SignedInPage;
  },
  { flowServers: ReturnType<typeof serverSlots> }
>({
  /** Variables a spec file's server starts with (`test.use({ flowServerEnv })`): a server of its own, so no other file sees them. */
  flowServerEnv: [{}, { option: true }],
  flowServers: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use, workerInfo) => {
      const slots = serverSlots(workerInfo.parallelIndex);
      await use(slots);
      await slots.stopAll();
    },
    { scope: 'worker' },
  ],
  /** Every page, context (browser.newContext too) and request of the test goes to its file's server. */
  baseURL: [
    async ({ flowServers, flowServerEnv }, use, testInfo) => {
      // A repetition (--repeat-each) or a retry of the file is a new run of it: a fresh server too.
      await use((await flowServers.serverFor(`${testInfo.file}#${testInfo.repeatEachIndex}#${testInfo.retry}`, flowServerEnv)).url);
    },
    // Waiting for the file's server is set-up, not the flow: it does not eat into the test's time.
    { scope: 'test', timeout: SERVER_START_TIMEOUT_MS + 10_000 },
  ],
  /**
   * Starts a browser signed in without the form: the cookies a full password sign-in would have
   * set (the session, and the device cookie of decision 0051) for a session that sign-in's code
   * opened in the demo church (seed-template.ts). Each call takes a session of its own.
   */
  signIn: async ({ flowServers, baseURL }, use) => {
    await use(async (page, role, firstScreen) => {
      const { names, token, expires, device } = flowServers.takeSession(role);
      const cookie = { url: baseURL!, httpOnly: true, sameSite: 'Lax' as const };
      await page.context().addCookies([
        { ...cookie, name: names.session, value: token, expires },
        { ...cookie, name: names.device, value: device, expires: Math.floor(Date.now() / 1000) + DEVICE_COOKIE_DAYS * 86_400 },
      ]);
      if (firstScreen) await page.goto(firstScreen);
    });
  },
  signedInPage: async ({ browser, baseURL, signIn }, use) => {
    await use(async (role, firstScreen, options = {}) => {
      const context = await browser.newContext({ baseURL, ...options });
      const page = await context.newPage();
      await signIn(page, role, firstScreen);
      return page;
    });
  },
  /** On a church without the demo (SEED_DEMO=0): its first admin and temporary password; null otherwise. */
  firstAdmin: [
    async ({ flowServers, flowServerEnv, baseURL: _baseURL }, use, testInfo) => {
      const server = await flowServers.serverFor(`${testInfo.file}#${testInfo.repeatEachIndex}#${testInfo.retry}`, flowServerEnv);
      await use(server.firstAdmin?.() ?? null);
    },
    { scope: 'test', timeout: SERVER_START_TIMEOUT_MS + 10_000 },
  ],
});
export { expect };

// ---------------------------------------------------------------- request lifecycle helpers

/** A real 1x1 PNG: the server checks uploads by their magic bytes, not only the name. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const pngFile = (name: string) => ({ name, mimeType: 'image/png', buffer: TINY_PNG });

/** YYYY-MM-DD n days from today (UTC; the tests keep a margin of days around the church's zone). */
export function isoDaysFromToday(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

/** A toast with the given title. */
export const toastWith = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title }).first();

/**
 * Fills the new-request form as a person would: the required fields, tier C (Sunday Slide Deck,
 * Website Event Page, Instagram Story), Planning Center Yes and one PNG file.
 */
export async function fillNewRequest(page: Page, title: string) {
  const form = page.getByRole('form', { name: 'New request' });
  await form.getByLabel(/^Event title\b/).fill(title);
  const ministry = form.getByLabel(/^Ministry\b/);
  await expect(ministry.getByRole('option', { name: 'Youth' })).toBeAttached();
  await ministry.selectOption({ label: 'Youth' });
  // The event start fills the promotion start 3 weeks earlier; the promotion date is then set by hand.
  await form.getByLabel(/^Event start date\b/).fill(isoDaysFromToday(45));
  await form.getByLabel(/^Promotion start date\b/).fill(isoDaysFromToday(20));
  await form.getByLabel(/^Short description\b/).fill('A friendly evening for the whole youth group.');
  await form.getByLabel(/^Communication tier\b/).selectOption('C');
  await form.getByRole('group', { name: 'Event Approval and Calendar' }).getByRole('radio', { name: 'Yes' }).check();
  await form.getByLabel('Upload files').setInputFiles(pngFile('flyer.png'));
  await expect(form.getByRole('list', { name: 'Selected files' })).toContainText('flyer.png');
}

/** The card of one channel item in an open drawer's Items tab. */
export const itemCard = (page: Page, channelLabel: string) =>
  page
    .getByRole('list', { name: 'Items' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: channelLabel, exact: true }) });

export interface PendingItem {
  id: string;
  requestId: string;
  eventTitle: string;
  channel: string;
  /** The channel's name as the church configures it (the approvals read answers the code). */
  channelLabel: string;
  requesterName: string;
}

/** The name the church gives a channel, as the app shows it. */
async function channelName(page: Page, code: string): Promise<string> {
  const config = (await (await page.request.get('/api/church-config')).json()) as { channels: Array<{ code: string; label: string }> };
  return config.channels.find((c) => c.code === code)?.label ?? code;
}

/** Submits a complete tier C request through the API (multipart, as the form does) and returns its id. */
export async function submitRequestViaApi(
  page: Page,
  title: string,
  additionalChannels: Record<string, boolean> = {},
  dates: { promotionStartDate: string; eventStartDate: string } = {
    promotionStartDate: isoDaysFromToday(20),
    eventStartDate: isoDaysFromToday(45),
  },
) {
  const session = await (await page.request.get('/api/auth/session')).json();
  const ministries = (await (await page.request.get('/api/ministries')).json()) as Array<{ id: string; name: string }>;
  const values = {
    eventTitle: title,
    ministryId: ministries.find((m) => m.name === 'Youth')!.id,
    ...dates,
    descriptionShort: 'A friendly evening for the whole youth group.',
    tier: 'C',
    includedChannels: ['sunday_slide', 'website_event_page', 'social_media_story'],
    additionalChannels,
    planningCenterAdded: true,
  };
  const res = await page.request.post('/api/requests', {
    multipart: { request: JSON.stringify(values) },
    headers: { 'x-csrf-token': session.csrfToken, 'Idempotency-Key': randomUUID() },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { id: string }).id;
}

/**
 * The seeded pending additional item the flow names (spec: 'Easter Family Picnic' banner,
 * 'Missions Sunday Lunch' mass e-mail). When an earlier attempt already decided it (a retry), the
 * requester submits a fresh request with a banner, so the flow always has a pending item of hers.
 */
export async function pendingItemFor(approver: Page, requester: Page, wanted: { eventTitle: string; channel: string }) {
  const list = async () => ((await (await approver.request.get('/api/approvals')).json()) as { items: PendingItem[] }).items;
  const named = async (item: PendingItem): Promise<PendingItem> => ({ ...item, channelLabel: await channelName(approver, item.channel) });
  const seeded = (await list()).find((i) => i.eventTitle === wanted.eventTitle && i.channel === wanted.channel);
  if (seeded) return named(seeded);
  const title = `${wanted.eventTitle} again ${Date.now()}`;
  await submitRequestViaApi(requester, title, { banner: true });
  const fresh = (await list()).find((i) => i.eventTitle === title && i.channel === 'banner');
  if (!fresh) throw new Error(`No pending banner on ${title}`);
  return named(fresh);
}

/**
 * Submits the new-request form. When a chosen channel runs in a week the church's load has already
 * filled (the demo's requests fill some Sundays), the form asks "Submit anyway?" first
 * (guide/requests.md#what-a-late-request-can-still-get): the person confirms, as going over capacity
 * is allowed.
 */
export async function submitNewRequest(page: Page) {
  await page.getByRole('button', { name: 'Submit Request' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Submit anyway?' });
  const submitted = toastWith(page, 'Request submitted!');
  await expect(submitted.or(confirm)).toBeVisible();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Submit anyway' }).click();
}
