import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The server the flows run: src/server/main.ts bundled once per run into one file with the packages
 * it imports, which Node loads without tsx, with what the server imports only when it needs it in
 * chunks of their own. A flow server then boots on about half the CPU of a start through tsx (no
 * per-module transform, resolution or loader round trips), and every spec file boots one. It is the
 * same code `npm start` runs, loading the same modules when it does; only the loading differs.
 *
 * Some packages stay in node_modules (`UNBUNDLED_PACKAGES`). The bundle lives under dist/ so their
 * imports resolve from the project's node_modules. For stack traces in the source, start the run
 * with NODE_OPTIONS=--enable-source-maps.
 */
export const FLOW_SERVER = path.resolve('dist/flow-server/main.mjs');

/**
 * Packages kept out of the bundle, loaded from node_modules as `npm start` loads them: those that
 * load a native addon or WebAssembly, read files beside their code (`__dirname`, which a bundle does
 * not have) or start worker threads from their own files, and those the server imports only when it
 * needs them (images, PDFs, the S3 client), which cost a boot nothing. pdf-lib, bundled, refused a
 * valid PDF: a package is bundled only where the flows show it works as installed.
 */
const UNBUNDLED_PACKAGES = ['@electric-sql/pglite', '@node-rs/argon2', 'sharp', 'pdf-lib', '@aws-sdk/*', 'pino', '@fastify/swagger'];

export async function bundleFlowServer(): Promise<void> {
  // Written aside and moved in, the entry last: a run started beside this one never reads half a
  // bundle. Chunks are named by their content, so two runs write the same chunk alike.
  const dir = path.dirname(FLOW_SERVER);
  const aside = path.join(dir, `.${process.pid}`);
  await build({
    entryPoints: { main: 'src/server/main.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // A package's name stands for its subpaths too.
    external: UNBUNDLED_PACKAGES,
    // CommonJS packages inside an ES module bundle still call require().
    banner: {
      js: "import { createRequire as __flowServerRequire } from 'node:module'; const require = __flowServerRequire(import.meta.url);",
    },
    // What the server imports only when it needs it (the S3 client for a church whose files are in a
    // bucket) stays a chunk of its own, loaded then, as `npm start` loads it.
    splitting: true,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    outdir: aside,
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [ownFileUrls],
  });
  const entry = path.basename(FLOW_SERVER);
  for (const file of fs.readdirSync(aside).filter((f) => f !== entry)) fs.renameSync(path.join(aside, file), path.join(dir, file));
  fs.renameSync(path.join(aside, entry), FLOW_SERVER);
  fs.rmSync(aside, { recursive: true, force: true });
}

/**
 * A module's `import.meta.url` stays its own source file's URL inside the bundle, so the paths the
 * server finds from it (the migrations, the built web app) are where they are in the source tree.
 */
const ownFileUrls = {
  name: 'own-file-urls',
  setup(b: import('esbuild').PluginBuild) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' as const };
    });
  },
};
