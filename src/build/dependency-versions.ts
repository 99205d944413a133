import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The production dependencies as installed: each name in package.json's `dependencies` with the
 * version package-lock.json pins for it. The README's security section lists them (a test keeps
 * that list equal to this one); `npm run deps:versions` prints the lines to paste there.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function productionDependencies(dir = root): { name: string; version: string }[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  return Object.keys(pkg.dependencies)
    .sort()
    .map((name) => {
      const version = lock.packages[`node_modules/${name}`]?.version;
      if (!version) throw new Error(`package-lock.json does not pin ${name}: run npm install`);
      return { name, version };
    });
}

/** The README's lines for the list. */
export const dependencyLines = (deps = productionDependencies()): string[] => deps.map((d) => `- \`${d.name}\` ${d.version}`);

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(dependencyLines().join('\n'));
}
