import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { budgetViolations, BUDGETS, formatTable, GZIP_LEVEL, measureBundle, readRoutePages, type Manifest } from './bundle-sizes';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-sizes-'));
  dirs.push(dir);
  return dir;
}

/** Text that gzip cannot shrink much, so sizes differ clearly between files. */
function noise(length: number, seed: number): string {
  let x = seed;
  let out = '';
  while (out.length < length) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += String.fromCharCode(33 + (x % 90));
  }
  return out;
}

const gz = (text: string) => gzipSync(Buffer.from(text), { level: GZIP_LEVEL }).length;

/**
 * A built app in miniature: the entry imports a vendor chunk and has a stylesheet; the app shell
 * (every screen), the header (signed-in screens) and two pages are lazy; the shell brings a query
 * chunk that the header and page b import too; both pages share a chunk, one page also imports the
 * vendor chunk the entry already loaded, and one has its own stylesheet.
 */
function writeDist(files: Record<string, string>, manifest: Manifest): string {
  const dist = tempDir();
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, name), text);
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

const FILES = {
  'assets/index.js': noise(4000, 1),
  'assets/vendor.js': noise(3000, 2),
  'assets/index.css': noise(500, 3),
  'assets/header.js': noise(1500, 4),
  'assets/page-a.js': noise(2000, 5),
  'assets/page-b.js': noise(1000, 6),
  'assets/shared.js': noise(800, 7),
  'assets/page-b.css': noise(300, 8),
  'assets/app-shell.js': noise(600, 9),
  'assets/query.js': noise(900, 10),
};

const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['app/app-shell.tsx', 'app/header/app-header.tsx', 'features/a/pages/a-page.tsx', 'features/b/pages/b-page.tsx'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js', name: 'vendor' },
  '_shared.js': { file: 'assets/shared.js', name: 'shared', imports: ['_vendor.js'] },
  '_query.js': { file: 'assets/query.js', name: 'query', imports: ['_vendor.js'] },
  'app/app-shell.tsx': { file: 'assets/app-shell.js', isDynamicEntry: true, imports: ['_vendor.js', '_query.js'] },
  'app/header/app-header.tsx': { file: 'assets/header.js', isDynamicEntry: true, imports: ['_vendor.js', '_shared.js', '_query.js'] },
  'features/a/pages/a-page.tsx': { file: 'assets/page-a.js', isDynamicEntry: true, imports: ['_shared.js', '_vendor.js'] },
  'features/b/pages/b-page.tsx': {
    file: 'assets/page-b.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_query.js'],
    css: ['assets/page-b.css'],
  },
};

const PAGES = [
  { route: '/a', module: 'features/a/pages/a-page.tsx' },
  { route: '/b/:id', module: 'features/b/pages/b-page.tsx' },
];
/** /a is public (opened signed out, without the header); /b/:id is a signed-in screen. */
const OPTIONS = { publicPaths: ['/a'] };

describe('measureBundle', () => {
  it('counts the entry and its static imports as the first page, gzipped', () => {
    const sizes = measureBundle(writeDist(FILES, MANIFEST), PAGES, OPTIONS);
    expect(sizes.gzipLevel).toBe(9);
    expect(sizes.firstPage.files.sort()).toEqual(['assets/index.css', 'assets/index.js', 'assets/vendor.js']);
    expect(sizes.firstPage.js).toBe(gz(FILES['assets/index.js']) + gz(FILES['assets/vendor.js']));
    expect(sizes.firstPage.css).toBe(gz(FILES['assets/index.css']));
  });

  it("measures the app shell's lazy chunk plus the static imports the first page has not loaded", () => {
    const sizes = measureBundle(writeDist(FILES, MANIFEST), PAGES, OPTIONS);
    expect(sizes.shell?.chunk).toBe('assets/app-shell.js');
    expect(sizes.shell?.files.sort()).toEqual(['assets/app-shell.js', 'assets/query.js']);
    expect(sizes.shell?.js).toBe(gz(FILES['assets/app-shell.js']) + gz(FILES['assets/query.js']));
    expect(measureBundle(writeDist(FILES, MANIFEST), PAGES, { ...OPTIONS, shellModule: null }).shell).toBeNull();
  });

  it("measures the header's lazy chunk plus the static imports the first page and the shell have not loaded", () => {
    const sizes = measureBundle(writeDist(FILES, MANIFEST), PAGES, OPTIONS);
    expect(sizes.header?.chunk).toBe('assets/header.js');
    expect(sizes.header?.files.sort()).toEqual(['assets/header.js', 'assets/shared.js']);
    expect(sizes.header?.js).toBe(gz(FILES['assets/header.js']) + gz(FILES['assets/shared.js']));
    expect(measureBundle(writeDist(FILES, MANIFEST), PAGES, { ...OPTIONS, headerModule: null }).header).toBeNull();
  });

  it('counts for a public route what the first page and the shell have not loaded, for a signed-in route also less the header', () => {
    const sizes = measureBundle(writeDist(FILES, MANIFEST), PAGES, OPTIONS);
    const [a, b] = sizes.routes;
    expect(a).toMatchObject({ route: '/a', signedIn: false, chunk: 'assets/page-a.js', css: 0 });
    expect(a.files.sort()).toEqual(['assets/page-a.js', 'assets/shared.js']);
    expect(a.js).toBe(gz(FILES['assets/page-a.js']) + gz(FILES['assets/shared.js']));
    // The shared chunk came with the header and the query chunk with the shell, so the signed-in
    // route adds only its own files.
    expect(b).toMatchObject({ route: '/b/:id', signedIn: true, chunk: 'assets/page-b.js', css: gz(FILES['assets/page-b.css']) });
    expect(b.files.sort()).toEqual(['assets/page-b.js', 'assets/page-b.css'].sort());
    expect(b.js).toBe(gz(FILES['assets/page-b.js']));
  });

  it('fails clearly without a build, or when a route page is not a chunk', () => {
    expect(() => measureBundle(tempDir(), PAGES, OPTIONS)).toThrow(/run `vite build` first/);
    const dist = writeDist(FILES, MANIFEST);
    expect(() => measureBundle(dist, [{ route: '/c', module: 'features/c/pages/c-page.tsx' }], OPTIONS)).toThrow(
      /Route \/c: .* not in the manifest/,
    );
  });
});

describe('budgetViolations', () => {
  const sizes = measureBundle(writeDist(FILES, MANIFEST), PAGES, OPTIONS);

  it('passes sizes within budget', () => {
    expect(budgetViolations(sizes)).toEqual([]);
  });

  it('names the first page, the shell, the header and each route over budget', () => {
    const over = budgetViolations({
      ...sizes,
      firstPage: { ...sizes.firstPage, js: BUDGETS.firstPageJs + 1 },
      shell: sizes.shell && { ...sizes.shell, js: BUDGETS.routeJs + 1 },
      header: sizes.header && { ...sizes.header, js: BUDGETS.routeJs + 1 },
      routes: [
        { ...sizes.routes[0], js: BUDGETS.routeJs },
        { ...sizes.routes[1], js: BUDGETS.routeJs + 1 },
      ],
    });
    expect(over.map((v) => v.what)).toEqual(['first page', 'shell chunk', 'header chunk', 'route /b/:id']);
  });

  it('prints the first page, the shell, the header and one row per route in the table', () => {
    const table = formatTable(sizes);
    expect(table).toContain('| first page (entry + static imports) ');
    expect(table).toContain('| app shell (lazy, every screen) ');
    expect(table).toContain('| header (lazy, signed in) ');
    expect(table).toContain('| /a (public) ');
    expect(table).toContain('| /b/:id ');
    expect(table).toContain('page-b.js');
    expect(table.split('\n')).toHaveLength(2 + 3 + sizes.routes.length);
  });
});

describe('readRoutePages', () => {
  it('reads path and lazy page module from route tables, resolving the extension', () => {
    const web = tempDir();
    mkdirSync(join(web, 'features', 'a', 'pages'), { recursive: true });
    mkdirSync(join(web, 'app'), { recursive: true });
    writeFileSync(join(web, 'features', 'a', 'pages', 'a-page.tsx'), 'export {}');
    writeFileSync(
      join(web, 'features', 'a', 'routes.ts'),
      "export const routes = [\n  { path: '/a', lazy: () => import('./pages/a-page') },\n  { path: '/a/:id', lazy: () => import('./pages/a-page') },\n];",
    );
    writeFileSync(join(web, 'app', 'screens.ts'), 'export const FEATURE_ROUTES = [];');
    expect(readRoutePages(web)).toEqual([
      { route: '/a', module: 'features/a/pages/a-page.tsx' },
      { route: '/a/:id', module: 'features/a/pages/a-page.tsx' },
    ]);
  });

  it("finds every screen of the app's own route tables", () => {
    const pages = readRoutePages(fileURLToPath(new URL('../web', import.meta.url)));
    const routes = pages.map((p) => p.route);
    expect(routes).toEqual(
      expect.arrayContaining(['/', '/login', '/my-requests', '/request/:id', '/production', '/calendar', '/notifications']),
    );
    expect(new Set(routes).size).toBe(routes.length);
    for (const p of pages) expect(p.module).toMatch(/^features\/[\w-]+\/pages\/[\w-]+\.tsx$/);
  });
});
