/**
 * The oldest Node.js Lampstand runs on. It must agree with `engines.node` in package.json (a test holds
 * them together): 20.19 is the first Node 20 that loads ES modules through require(), which Vite 8 and
 * some dependencies rely on, so an older Node fails later with errors that do not name the cause.
 */
export const MIN_NODE_VERSION = '20.19.0';

function parts(version: string): number[] {
  return version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** The message to stop with when `version` (as in process.versions.node) is too old; null when it will do. */
export function nodeVersionProblem(version: string): string | null {
  const actual = parts(version);
  const minimum = parts(MIN_NODE_VERSION);
  for (let i = 0; i < minimum.length; i++) {
    if ((actual[i] ?? 0) > minimum[i]) return null;
    if ((actual[i] ?? 0) < minimum[i]) {
      const [major, minor] = minimum;
      return `Lampstand needs Node.js ${major}.${minor} or newer; this is v${version.replace(/^v/, '')}.`;
    }
  }
  return null;
}
