// @ts-check
/**
 * ESLint: typescript-eslint with type information on every
 * TypeScript file, the React hooks rules, and jsx-a11y's recommended accessibility rules on JSX.
 */
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

/**
 * Imports code in the browser bundle must never make: server-only modules and Node built-ins.
 * Type-only imports are erased by the compiler, so they stay allowed.
 */
const SERVER_ONLY = {
  // But the inbox's contract (shapes and statuses), which imports nothing.
  regex: '^\\.{1,2}/(?:.*/)?server/(?!inbox/types\\.ts$)',
  allowTypeImports: true,
  message: 'src/server/ is server-only: code that ships in the bundles must not import it.',
};
/** The public app never reaches into the staff inbox's branch (`src/staff/`). */
const NOT_STAFF = {
  regex: '^(?:\\./|(?:\\.\\./)+)staff/',
  message: 'The public app never imports the staff inbox (src/staff/).',
};
/**
 * The staff inbox shares with the public app only the document (`src/root.tsx`, by the route
 * tree), `components/ui/cx.ts`, `icon.tsx`, `list.tsx`, `content-picture.tsx` (an uploaded image as the pages
 * show it), `rich-text.tsx` (rich text as the pages show it, in history's diffs), `site.config.ts`, the theme and the load context
 * (docs/decisions/037-one-route-tree-for-the-site-and-the-inbox.md). `depth`: folders between
 * `src/` and the importing file (1 for `src/staff/x.ts`), since patterns see the written path.
 */
const staffBoundary = (depth) => ({
  regex: `^(?:\\.\\./){${depth}}(?:(?:root|routes|entry\\.client|entry\\.server)(?:\\.tsx?|/|$)|react/(?!load-context\\.ts$)|lib/widgets/|components/(?!ui/(?:cx\\.ts|icon\\.tsx|list\\.tsx|content-picture\\.tsx|rich-text\\.tsx)$))`,
  message:
    'The staff inbox shares no module of the public app but ui helpers, the theme and the load context.',
});
const ENQUIRY_PIPELINE = {
  regex: '^\\.{1,2}/(?:.*/)?(?:lib/)?enquiries/(?!fields\\.ts$)',
  allowTypeImports: true,
  message:
    'The enquiry pipeline is server-only: code that ships in the bundles must not import it.',
};
/**
 * The product never imports the developer tooling: `scripts/` (build, tests' and operators' set-up),
 * `bench/` and `tests/` are not in the image (`Dockerfile`).
 */
const NOT_TOOLING = {
  regex: '^(?:\\./|(?:\\.\\./)+)(?:scripts|bench|tests)/',
  message: 'src/ and server.ts never import scripts/, bench/ or tests/.',
};
/** Benchmarks and scripts share fixtures through `scripts/lib/`, never by importing tests. */
const NOT_TESTS = {
  regex: '^(?:\\.\\./)+tests/',
  message: 'bench/ and scripts/ never import tests/: shared fixtures live in scripts/lib/.',
};
/**
 * React's and react-router's exports that carry no semver promise (`UNSAFE_`, `unstable_`, and
 * React's internals): the site uses their public, documented APIs only
 * (docs/decisions/025-hydration-on-public-apis.md).
 */
const PRIVATE_APIS = {
  group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-router', 'react-router/*'],
  importNamePattern: '^(?:UNSAFE_|unstable_|__)',
  message: 'Not a public API of React or react-router: it may change in any release.',
};
const NODE_BUILT_INS = {
  patterns: [
    {
      group: ['node:*'],
      allowTypeImports: true,
      message: 'Node built-ins do not exist in the browser; keep this in src/server/ or scripts/.',
    },
  ],
  paths: builtinModules
    .filter((name) => !name.startsWith('node:') && !name.startsWith('_'))
    .map((name) => ({
      name,
      allowTypeImports: true,
      message: 'Node built-ins do not exist in the browser; keep this in src/server/ or scripts/.',
    })),
};

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.builds/',
      'node_modules/',
      '.react-router/',
      'data/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    rules: {
      // `const { field: _field, ...rest } = value` is the idiomatic way to drop a field.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    rules: {
      // Tailwind's preflight removes list markers, and Safari then drops the list semantics of
      // <ul>/<ol>; an explicit role="list" restores them for VoiceOver.
      'jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [PRIVATE_APIS] }] },
  },
  {
    files: ['server.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [PRIVATE_APIS, NOT_TOOLING] }] },
  },
  {
    files: ['bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [PRIVATE_APIS, NOT_TESTS] }] },
  },
  {
    // Everything under src/ but the server is bundled by Vite (client, and the SSR bundle the
    // server loads): it may not reach into the server or, in the browser, into Node.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**', 'src/entry.server.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_BUILT_INS.paths,
          patterns: [
            ...NODE_BUILT_INS.patterns,
            SERVER_ONLY,
            ENQUIRY_PIPELINE,
            PRIVATE_APIS,
            NOT_STAFF,
            NOT_TOOLING,
          ],
        },
      ],
    },
  },
  {
    // Components and the modules they use are composed by routes, never the other way round.
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/react/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_BUILT_INS.paths,
          patterns: [
            ...NODE_BUILT_INS.patterns,
            SERVER_ONLY,
            ENQUIRY_PIPELINE,
            PRIVATE_APIS,
            NOT_STAFF,
            NOT_TOOLING,
            {
              regex: '^\\.{1,2}/(?:.*/)?routes(?:/|\\.tsx$)',
              message: 'Routes compose components; components must not import routes.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server entry runs only in Node but is bundled with the route tree; the server hands it
    // everything it needs through the load context (`src/react/load-context.ts`).
    files: ['src/entry.server.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [SERVER_ONLY, PRIVATE_APIS, NOT_STAFF, NOT_TOOLING] },
      ],
    },
  },
  {
    // The framework loads the entries; no server module imports one.
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            PRIVATE_APIS,
            NOT_TOOLING,
            {
              regex: '(?:^|/)entry\\.(?:client|server)(?:\\.tsx)?$',
              message: 'The framework loads the entries; server modules never import one.',
            },
          ],
        },
      ],
    },
  },
  // The staff inbox's branch: bundled like the public pages, but for its `.server.ts` modules,
  // which React Router keeps out of the browser's bundles
  // (https://reactrouter.com/explanation/code-splitting#removal-of-server-code) and which may use
  // the server's modules.
  ...[1, 2].flatMap((depth) => {
    const files = depth === 1 ? 'src/staff/*' : 'src/staff/*/**/*';
    return [
      {
        files: [`${files}.{ts,tsx}`],
        ignores: ['**/*.server.ts'],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              paths: NODE_BUILT_INS.paths,
              patterns: [
                ...NODE_BUILT_INS.patterns,
                SERVER_ONLY,
                ENQUIRY_PIPELINE,
                PRIVATE_APIS,
                NOT_TOOLING,
                staffBoundary(depth),
              ],
            },
          ],
        },
      },
      {
        files: [`${files}.server.ts`],
        rules: {
          'no-restricted-imports': [
            'error',
            { patterns: [PRIVATE_APIS, NOT_TOOLING, staffBoundary(depth)] },
          ],
        },
      },
    ];
  }),
  {
    // Loaders throw react-router's redirects and route errors, as react-router documents
    // (https://reactrouter.com/start/data/data-loading).
    files: ['src/staff/**/*.{ts,tsx}', 'src/routes/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
    },
  },
  {
    // Tests assert on `vi.fn()` methods of handles (`expect(handle.open)`), which is not a call.
    files: ['tests/**/*.ts'],
    // `expect.any(Number)` and friends are typed `any` by design.
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // Playwright reads fixture names from the first parameter: `({}, testInfo)` is its idiom.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Plain JS config files are linted without type information.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
