// Component tests opt into jsdom with `// @vitest-environment jsdom`; the matchers are harmless in node.
import '@testing-library/jest-dom/vitest';
