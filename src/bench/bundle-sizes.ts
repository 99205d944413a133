/**
 * Bundle sizes of the built web app: what a visitor downloads before the first screen
 * shows, and what each screen adds, gzipped. Reads `dist/web` after `vite build` through Vite's
 * manifest (`build.manifest: true`), so it measures the real chunk graph, not a guess.
 *
 *   tsx src/bench/bundle-sizes.ts [--check] [--dist <dir>] [--json]
 *
 * Sizes are gzip at level 9 (node:zlib gzipSync), per file, summed: each file travels as its own
 * response. kB are 1000 bytes, as Vite's build report prints them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PUBLIC_PATHS } from '../shared/domain/routes';

export const GZIP_LEVEL = 9;

/**
 * Budgets in gzipped bytes of JavaScript: a first page of at most 110 kB, and 69 kB for every lazy
 * chunk (the app shell's, the header's, a route's). The benchmark's target for a route stays 60 kB
 * (docs/benchmarks.md says which routes are over it); the check fails past 69 kB.
 */
export const BUDGETS = { firstPageJs: 110_000, routeJs: 69_000 } as const;

/**
 * The root route's lazy module (TanStack Query, the session, the guards): every screen loads it,
 * beside its own chunk (decision 0043). A manifest key, relative to the Vite root `src/web`.
 */
export const SHELL_MODULE = 'app/app-shell.tsx';

/**
 * The header (menu, bell) is a lazy chunk every signed-in screen loads beside its route chunk
 * (decision 0030). A manifest key, relative to the Vite root `src/web`.
 */
export const HEADER_MODULE = 'app/header/app-header.tsx';

/** One entry of `.vite/manifest.json` (the fields this module reads). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface SizeSet {
  /** Gzipped bytes of the JavaScript files. */
  js: number;
  /** Gzipped bytes of the stylesheets. */
  css: number;
  /** The files counted, relative to the dist directory. */
  files: string[];
}

export interface ChunkSize extends SizeSet {
  /** The module's lazy chunk (its file in the dist directory). */
  chunk: string;
}

export interface RouteSize extends ChunkSize {
  route: string;
  /** A signed-in screen (the header is loaded with it); public screens are opened signed out. */
  signedIn: boolean;
}

export interface BundleSizes {
  gzipLevel: number;
  /** The entry chunk and every chunk it imports statically (index.html modulepreloads them), with its CSS. */
  firstPage: SizeSet;
  /** The app shell's lazy chunk plus the static imports the first page has not loaded (every screen). */
  shell: ChunkSize | null;
  /** The header's lazy chunk plus the static imports the first page has not loaded (signed-in screens only). */
  header: ChunkSize | null;
  /**
   * Per route: its lazy page chunk plus the static imports not loaded already: by the first page
   * and the shell for a public screen, by those and the header for a signed-in one.
   */
  routes: RouteSize[];
}

/** A screen of the route tables: the path and the page module its `lazy` imports (a manifest key). */
export interface RoutePage {
  route: string;
  module: string;
}

export interface MeasureOptions {
  /** Paths opened signed out (the route table's PUBLIC_PATHS). */
  publicPaths: readonly string[];
  /** The header's module (manifest key); null when the header is not a chunk of its own. */
  headerModule?: string | null;
  /** The app shell's module (manifest key); null when the shell is part of the first page. */
  shellModule?: string | null;
}

export interface Violation {
  what: string;
  js: number;
  budget: number;
}

const ROUTE_ENTRY = /path:\s*'([^']+)'\s*,\s*lazy:\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
const SOURCE_EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];

/**
 * The screens of the app's route tables (`features/<name>/routes.ts` and `app/screens.ts` under
 * `webRoot`), each with its page module as a manifest key (relative to `webRoot`).
 */
export function readRoutePages(webRoot: string): RoutePage[] {
  const featuresDir = join(webRoot, 'features');
  const tables = readdirSync(featuresDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(featuresDir, d.name, 'routes.ts')))
    .map((d) => join(featuresDir, d.name, 'routes.ts'));
  const screens = join(webRoot, 'app', 'screens.ts');
  if (existsSync(screens)) tables.push(screens);

  const pages: RoutePage[] = [];
  for (const table of tables.sort()) {
    const text = readFileSync(table, 'utf8');
    for (const [, route, specifier] of text.matchAll(ROUTE_ENTRY)) {
      pages.push({ route, module: toManifestKey(webRoot, dirname(table), specifier) });
    }
  }
  return pages;
}

function toManifestKey(webRoot: string, fromDir: string, specifier: string): string {
  const base = resolve(fromDir, specifier);
  const found = [base, ...SOURCE_EXTENSIONS.map((ext) => base + ext)].find((path) => existsSync(path) && statSync(path).isFile());
  if (!found) throw new Error(`Route module ${specifier} (from ${fromDir}) not found`);
  return relative(webRoot, found).split('\\').join(posix.sep);
}

export function readManifest(distDir: string): Manifest {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} not found: run \`vite build\` first (vite.config.ts sets build.manifest)`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** Manifest keys reachable from `roots` through static imports (the roots included). */
function staticClosure(manifest: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Manifest has no entry ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return [...seen];
}

function filesOf(manifest: Manifest, keys: string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    else if (chunk.file.endsWith('.css')) css.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  return { js: [...js], css: [...css] };
}

/** Sizes of the built app in `distDir` for the screens in `pages`. */
export function measureBundle(distDir: string, pages: RoutePage[], options: MeasureOptions): BundleSizes {
  const manifest = readManifest(distDir);
  const gz = new Map<string, number>();
  const gzipped = (file: string) => {
    let size = gz.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(distDir, file)), { level: GZIP_LEVEL }).length;
      gz.set(file, size);
    }
    return size;
  };
  /** The lazy chunk of `key` with its static imports, less the files already `loaded`. */
  const lazyChunk = (key: string, loaded: Set<string>): ChunkSize => {
    const files = filesOf(manifest, staticClosure(manifest, [key]));
    const js = files.js.filter((f) => !loaded.has(f));
    const css = files.css.filter((f) => !loaded.has(f));
    return { chunk: manifest[key].file, ...sizeOf(js, css) };
  };
  const sizeOf = (js: string[], css: string[]): SizeSet => ({
    js: js.reduce((sum, f) => sum + gzipped(f), 0),
    css: css.reduce((sum, f) => sum + gzipped(f), 0),
    files: [...js, ...css],
  });

  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the manifest, found ${entries.length}`);
  const first = filesOf(manifest, staticClosure(manifest, [entries[0][0]]));
  const firstPage = sizeOf(first.js, first.css);
  const afterFirstPage = new Set(firstPage.files);

  const shellKey = options.shellModule === undefined ? SHELL_MODULE : options.shellModule;
  const shell = shellKey && manifest[shellKey] ? lazyChunk(shellKey, afterFirstPage) : null;
  const afterShell = new Set([...afterFirstPage, ...(shell?.files ?? [])]);

  const headerKey = options.headerModule === undefined ? HEADER_MODULE : options.headerModule;
  const header = headerKey && manifest[headerKey] ? lazyChunk(headerKey, afterShell) : null;
  const afterHeader = new Set([...afterShell, ...(header?.files ?? [])]);

  const routes = pages.map(({ route, module }): RouteSize => {
    if (!manifest[module]) throw new Error(`Route ${route}: ${module} is not in the manifest (is it lazily imported?)`);
    const signedIn = !options.publicPaths.includes(route);
    return { route, signedIn, ...lazyChunk(module, signedIn ? afterHeader : afterShell) };
  });

  return { gzipLevel: GZIP_LEVEL, firstPage, shell, header, routes };
}

/** Every figure over its budget: the first page, the shell's and the header's chunks, each route's chunk. */
export function budgetViolations(sizes: BundleSizes): Violation[] {
  const over: Violation[] = [];
  if (sizes.firstPage.js > BUDGETS.firstPageJs) over.push({ what: 'first page', js: sizes.firstPage.js, budget: BUDGETS.firstPageJs });
  if (sizes.shell && sizes.shell.js > BUDGETS.routeJs) over.push({ what: 'shell chunk', js: sizes.shell.js, budget: BUDGETS.routeJs });
  if (sizes.header && sizes.header.js > BUDGETS.routeJs) over.push({ what: 'header chunk', js: sizes.header.js, budget: BUDGETS.routeJs });
  for (const r of sizes.routes) if (r.js > BUDGETS.routeJs) over.push({ what: `route ${r.route}`, js: r.js, budget: BUDGETS.routeJs });
  return over;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const chunkName = (size: ChunkSize) => size.chunk.replace(/^assets\//, '');

/** The sizes as a Markdown table (kB gzipped), largest route first. */
export function formatTable(sizes: BundleSizes): string {
  const rows = [
    ['first page (entry + static imports)', kB(sizes.firstPage.js), kB(sizes.firstPage.css), `${sizes.firstPage.files.length} files`],
    ...(sizes.shell ? [['app shell (lazy, every screen)', kB(sizes.shell.js), kB(sizes.shell.css), chunkName(sizes.shell)]] : []),
    ...(sizes.header ? [['header (lazy, signed in)', kB(sizes.header.js), kB(sizes.header.css), chunkName(sizes.header)]] : []),
    ...[...sizes.routes]
      .sort((a, b) => b.js - a.js || a.route.localeCompare(b.route))
      .map((r) => [`${r.route}${r.signedIn ? '' : ' (public)'}`, kB(r.js), kB(r.css), chunkName(r)]),
  ];
  const header = ['what', 'JS kB gz', 'CSS kB gz', 'chunk'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const numeric = (i: number) => i === 1 || i === 2;
  const line = (cells: string[]) => `| ${cells.map((c, i) => (numeric(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (numeric(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

function main(argv: string[]): number {
  const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
  const distArg = argv.indexOf('--dist');
  const distDir = distArg >= 0 ? resolve(argv[distArg + 1]) : join(projectRoot, 'dist', 'web');
  const sizes = measureBundle(distDir, readRoutePages(join(projectRoot, 'src', 'web')), { publicPaths: PUBLIC_PATHS });
  if (argv.includes('--json')) console.log(JSON.stringify(sizes, null, 2));
  else
    console.log(
      `Bundle sizes of ${relative(process.cwd(), distDir) || '.'} (gzip level ${sizes.gzipLevel}, kB = 1000 bytes)\n\n${formatTable(sizes)}`,
    );
  if (!argv.includes('--check')) return 0;
  const over = budgetViolations(sizes);
  for (const v of over) console.error(`Over budget: ${v.what} ${kB(v.js)} kB gzipped JavaScript > ${kB(v.budget)} kB`);
  if (over.length === 0)
    console.log(
      `\nWithin budget: first page <= ${kB(BUDGETS.firstPageJs)} kB, the shell, the header and each route <= ${kB(BUDGETS.routeJs)} kB.`,
    );
  return over.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  }
}
