import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dependencyLines, productionDependencies } from './dependency-versions';

/** The README's list of production dependencies is the installed one, so it cannot go stale. */
describe("the README's production dependencies", () => {
  it('are exactly those of package.json, at the versions package-lock.json pins', () => {
    const readme = fs.readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Security'), readme.indexOf('\n## ', readme.indexOf('## Security') + 1));
    expect(section.length).toBeGreaterThan(0);
    const listed = section.split('\n').filter((line) => /^- `[^`]+` \S+$/.test(line));
    expect(listed, 'run `npm run deps:versions` and paste its lines into the README').toEqual(dependencyLines());
  });

  it('reads every version from the lock file', () => {
    const lock = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package-lock.json'), 'utf8')) as {
      packages: Record<string, { version: string }>;
    };
    for (const dep of productionDependencies()) expect(dep.version).toBe(lock.packages[`node_modules/${dep.name}`].version);
    expect(productionDependencies().map((d) => d.name)).toContain('fastify');
  });
});
