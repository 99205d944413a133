import { nodeVersionProblem } from './node-version';

/*
 * Imported first by the server and the CLI scripts: ES modules evaluate their imports in order, so this
 * stops an older Node with one clear line before any dependency that needs a newer one is loaded.
 */
const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
