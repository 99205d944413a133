// Component tests opt into jsdom with `// @vitest-environment jsdom`; the matchers are harmless in node.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';

// The suite runs on two shared cores next to database tests: give findBy/waitFor room to settle.
configure({ asyncUtilTimeout: 5000 });
