// Component tests opt into jsdom with `// @vitest-environment jsdom`; the matchers are harmless in node.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';

// The suite runs on two shared cores next to database tests: give findBy/waitFor room to settle.
configure({ asyncUtilTimeout: 5000 });

// Testing Library unmounts what each test rendered, in every file: its own hook is registered only
// by the file that first imports it, and component files share their worker's modules.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
