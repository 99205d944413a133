// ESLint over the whole tree (`npm run lint`, part of `npm test`): the recommended rule sets of ESLint,
// typescript-eslint, React hooks and jsx-a11y; formatting is Prettier's job (eslint-config-prettier last).
// Decision record 0012 says why each rule turned off below is off.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

const DATE_FNS_INDEX = { name: 'date-fns', message: "Import each function from its own module, e.g. 'date-fns/format'." };
const TOASTER_PATH = {
  name: '@web/components/ui/toaster',
  message: "Import toast and dismissToast from '@web/components/ui/toast-store'.",
};
const TOASTER_PATTERN = { group: ['**/toaster'], message: "Import toast and dismissToast from '@web/components/ui/toast-store'." };

const subfolders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/**
 * The boundaries of docs/ARCHITECTURE.md, kept by the linter. A server module imports the platform,
 * commands/ and queries/, never another module (its tests may: they drive the whole app). A web
 * feature imports another feature only through that feature's public entry, its index.ts
 * (`@web/features/<name>`). src/build/import-graph.test.ts checks the same on the resolved graph,
 * relative paths included.
 */
const moduleBoundary = {
  files: ['src/server/modules/**/*.ts'],
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [DATE_FNS_INDEX],
        patterns: [
          {
            regex: '^\\.\\./(?!\\.\\./)',
            message: 'A module never imports another module: share the code through commands/, queries/ or the platform.',
          },
          {
            regex: '^\\.\\./\\.\\./modules/',
            message: 'A module never imports another module: share the code through commands/, queries/ or the platform.',
          },
        ],
      },
    ],
  },
};
const lowerLayers = {
  files: ['src/server/{platform,commands,queries,cli}/**/*.ts'],
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [DATE_FNS_INDEX],
        patterns: [{ regex: '(^|/)modules/', message: 'The platform, commands and queries never import a module.' }],
      },
    ],
  },
};
const featureBoundary = (feature) => ({
  files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [DATE_FNS_INDEX, TOASTER_PATH],
        patterns: [
          TOASTER_PATTERN,
          {
            regex: `^@web/features/(?!${feature}/)[^/]+/`,
            message: "Import another feature through its public entry, '@web/features/<name>' (its index.ts).",
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  // Built, generated or downloaded files.
  { ignores: ['dist/', 'data/', 'test-results/', 'playwright-report/', 'migrations/'] },

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_`-prefixed names are the deliberate "unused" ones (positional parameters a signature needs,
      // rest siblings that strip a field from an object); everything else unused is an error.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  // The server, the CLI scripts, the tests' tooling and the config files run on Node.
  {
    files: ['src/server/**', 'src/build/**', 'tests/**', '*.config.{js,ts}', 'src/test-setup.ts'],
    languageOptions: { globals: { ...globals.node } },
  },

  // The web app runs in the browser; its hooks and markup get the React rules.
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/shared/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      // It reports only that React Compiler would skip a component using react-hook-form's watch();
      // the app is not built with React Compiler, and watch() is how its forms read their values.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // date-fns by function (date-fns/format), not the package's index: the index loads every
    // function, about 0.1 s more for each server start and each test file that imports it.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [DATE_FNS_INDEX] }] },
  },
  {
    // Screens queue toasts through the store; the Radix toaster is a chunk of its own that
    // lazy-toaster.tsx loads when the browser is idle (decisions 0030, 0043). Importing it from a
    // screen would put it on every screen's critical path again.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.{ts,tsx}', 'src/web/test/**', 'src/web/components/ui/lazy-toaster.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [DATE_FNS_INDEX, TOASTER_PATH], patterns: [TOASTER_PATTERN] }],
    },
  },
  moduleBoundary,
  lowerLayers,
  ...subfolders('./src/web/features/').map(featureBoundary),
  {
    files: ['src/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/web/**/*.tsx'],
    rules: {
      // Also check every use of the design system's <Label> (components/ui/input.tsx) for its control.
      'jsx-a11y/label-has-associated-control': ['error', { labelComponents: ['Label'] }],
      // A scrolling region takes focus so the keyboard can scroll it (axe: scrollable-region-focusable);
      // tabpanel is the rule's own default.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },

  prettier,
);
